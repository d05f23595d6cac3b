import { type DescField, type DescMessage, type JsonObject, type JsonValue, ScalarType } from "@bufbuild/protobuf";

export class RequestShapeError extends Error {}

/**
 * Query string → proto JSON object, guided by the request message: `id=1&id=2` fills a repeated
 * field, `a.b=1` a nested message; names may be snake_case or camelCase. Values stay strings
 * for fromJson to validate, except booleans and repeated fields.
 */
export function queryToJson(desc: DescMessage, params: URLSearchParams): JsonObject {
  const out: JsonObject = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).filter((v) => v !== "");
    if (!values.length) continue;
    assign(desc, out, key.replace(/\[\]$/, "").split("."), values, key);
  }
  return out;
}

function findField(desc: DescMessage, name: string): DescField | undefined {
  return desc.fields.find((f) => f.name === name || f.jsonName === name);
}

function assign(desc: DescMessage, target: JsonObject, path: string[], values: string[], original: string): void {
  const [head, ...rest] = path;
  const field = head === undefined ? undefined : findField(desc, head);
  if (!field) return; // unknown query keys are ignored, like grpc-gateway
  if (rest.length) {
    if (field.fieldKind !== "message") throw new RequestShapeError(`参数 ${original} 无效`);
    const existing = target[field.name];
    // `created_at=…&created_at.seconds=1`: the field was already given whole.
    if (existing !== undefined && (typeof existing !== "object" || existing === null || Array.isArray(existing))) {
      throw new RequestShapeError(`参数 ${original} 与 ${head} 冲突`);
    }
    const child = (existing as JsonObject | undefined) ?? {};
    target[field.name] = child;
    assign(field.message, child, rest, values, original);
    return;
  }
  switch (field.fieldKind) {
    case "scalar":
    case "enum":
      if (values.length > 1) throw new RequestShapeError(`参数 ${original} 只能出现一次`);
      target[field.name] = scalarValue(field, values[0] as string);
      return;
    case "list":
      if (field.listKind === "message") throw new RequestShapeError(`参数 ${original} 不能通过查询字符串传递`);
      target[field.name] = [
        ...((target[field.name] as JsonValue[] | undefined) ?? []),
        ...values.map((v) => scalarValue(field, v)),
      ];
      return;
    case "message":
      // google.protobuf.Timestamp & wrappers accept their JSON string form
      target[field.name] = values[0] as string;
      return;
    default:
      throw new RequestShapeError(`参数 ${original} 不能通过查询字符串传递`);
  }
}

function scalarValue(field: DescField, raw: string): JsonValue {
  const isBool =
    (field.fieldKind === "scalar" || (field.fieldKind === "list" && field.listKind === "scalar")) &&
    field.scalar === ScalarType.BOOL;
  if (isBool) {
    if (raw === "true" || raw === "1") return true;
    if (raw === "false" || raw === "0") return false;
    throw new RequestShapeError(`参数 ${field.name} 须为 true 或 false`);
  }
  const enumDesc =
    field.fieldKind === "enum"
      ? field.enum
      : field.fieldKind === "list" && field.listKind === "enum"
        ? field.enum
        : null;
  if (enumDesc) {
    if (/^-?\d+$/.test(raw)) return Number(raw);
    // A name must be one of the enum's (fromJson, lenient for unknown fields, would drop it silently).
    if (!enumDesc.values.some((v) => v.name === raw))
      throw new RequestShapeError(`参数 ${field.name} 的值 ${raw} 无效`);
  }
  return raw;
}

import type { Message } from "@bufbuild/protobuf";
import { type DescField, type DescMessage, type JsonValue, ScalarType, toJson } from "@bufbuild/protobuf";

const INT64 = new Set([
  ScalarType.INT64,
  ScalarType.UINT64,
  ScalarType.SINT64,
  ScalarType.FIXED64,
  ScalarType.SFIXED64,
]);

/**
 * moredoc-compatible JSON: snake_case names, enums and 64-bit integers as JSON numbers,
 * zero values present, timestamps as RFC 3339 strings.
 */
export function toRestJson(desc: DescMessage, msg: Message): JsonValue {
  const json = toJson(desc, msg, { useProtoFieldName: true, enumAsInteger: true, alwaysEmitImplicit: true });
  return numberify(desc, json);
}

function numberify(desc: DescMessage, json: JsonValue): JsonValue {
  if (json === null || typeof json !== "object" || Array.isArray(json)) return json;
  if (desc.typeName.startsWith("google.protobuf.")) return json; // WKTs keep their canonical JSON
  for (const field of desc.fields) {
    const key = field.name;
    if (!(key in json)) continue;
    json[key] = convertField(field, json[key] as JsonValue);
  }
  return json;
}

function convertField(field: DescField, value: JsonValue): JsonValue {
  switch (field.fieldKind) {
    case "scalar":
      return INT64.has(field.scalar) ? toNumber(value) : value;
    case "message":
      return numberify(field.message, value);
    case "list":
      if (!Array.isArray(value)) return value;
      if (field.listKind === "scalar" && INT64.has(field.scalar)) return value.map(toNumber);
      if (field.listKind === "message") return value.map((v) => numberify(field.message, v));
      return value;
    case "map":
      if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
      for (const k of Object.keys(value)) {
        if (field.mapKind === "scalar" && INT64.has(field.scalar)) value[k] = toNumber(value[k] as JsonValue);
        else if (field.mapKind === "message") value[k] = numberify(field.message, value[k] as JsonValue);
      }
      return value;
    default:
      return value;
  }
}

function toNumber(v: JsonValue): JsonValue {
  if (typeof v !== "string") return v;
  const n = Number(v);
  // Beyond 2^53 a JSON number would silently change the value: keep the string.
  return Number.isSafeInteger(n) ? n : v;
}

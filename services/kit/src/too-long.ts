// The safety net behind every edge check of text lengths: a write a column refused as too long
// (db-errors.ts valueTooLongFor) becomes InvalidArgument naming the request field that cannot fit,
// instead of a 500. The field is the first string of the request longer than the column's limit.
import type { DescMessage } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { FieldViolationSchema } from "@wenku/proto/api/v1/errors_pb.js";

export const tooLongMessages = {
  field: (field: string, max: number) => `参数 ${field} 过长，最多 ${max} 个字符`,
  unknown: "请求参数过长",
} as const;

const chars = (s: string) => [...s].length;

/** The path ("document.title", "keywords") of the first string in `msg` longer than `max` characters. */
export function fieldLongerThan(desc: DescMessage, msg: unknown, max: number, depth = 0): string | undefined {
  if (msg === null || typeof msg !== "object" || depth > 8) return undefined;
  const values = msg as Record<string, unknown>;
  for (const f of desc.fields) {
    const v = values[f.localName];
    if (f.fieldKind === "scalar" && typeof v === "string" && chars(v) > max) return f.name;
    if (f.fieldKind === "list" && Array.isArray(v)) {
      if (f.listKind === "scalar" && v.some((x) => typeof x === "string" && chars(x) > max)) return f.name;
      if (f.listKind === "message")
        for (const item of v) {
          const inner = fieldLongerThan(f.message, item, max, depth + 1);
          if (inner) return `${f.name}.${inner}`;
        }
    }
    if (f.fieldKind === "message") {
      const inner = fieldLongerThan(f.message, v, max, depth + 1);
      if (inner) return `${f.name}.${inner}`;
    }
  }
  return undefined;
}

/** The refusal of a request one of whose texts a `max`-character column could not hold. */
export function tooLongError(desc: DescMessage, msg: unknown, max: number): ConnectError {
  const field = max > 0 ? fieldLongerThan(desc, msg, max) : undefined;
  if (!field) return new ConnectError(tooLongMessages.unknown, Code.InvalidArgument);
  const err = new ConnectError(tooLongMessages.field(field, max), Code.InvalidArgument);
  err.details.push({ desc: FieldViolationSchema, value: { field } });
  return err;
}

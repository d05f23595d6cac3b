// Request checks every RPC shares, before any handler runs. PostgreSQL refuses U+0000 in text (SQLSTATE
// 22021), so a NUL anywhere in a request would surface as a 500 from deep inside a repository: it is
// refused here, for every transport (REST, Connect, gRPC) and every message of a client stream. Proto3
// enums are open: a request may carry any int32 in an enum field, and the smallint column behind most of
// them turns 32768 into a database error; a number the enum does not declare is refused here, naming the field.
import type { DescEnum, DescField, DescMessage } from "@bufbuild/protobuf";
import { Code, ConnectError, type Interceptor } from "@connectrpc/connect";
import { DomainError, toConnectError } from "./errors.js";

export const validateMessages = {
  nul: "请求参数不能包含空字符（U+0000）",
  enumValue: (field: string, value: number, allowed: readonly number[]) =>
    `参数 ${field} 的值 ${value} 无效，可选：${allowed.join("、")}`,
} as const;

/** Messages are shallow trees; anything deeper than this is not ours to walk (and is refused by proto limits). */
const MAX_DEPTH = 32;

/** Whether any string inside a message (fields, lists, maps, oneofs, nested messages) contains U+0000. */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return false;
  if (value instanceof Uint8Array) return false; // bytes may hold anything
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  if (value instanceof Map) {
    for (const [k, v] of value) if (hasNul(k, depth + 1) || hasNul(v, depth + 1)) return true;
    return false;
  }
  for (const [k, v] of Object.entries(value)) if (hasNul(k, depth + 1) || hasNul(v, depth + 1)) return true;
  return false;
}

const declared = new WeakMap<DescEnum, ReadonlySet<number>>();
function declaredNumbers(e: DescEnum): ReadonlySet<number> {
  let set = declared.get(e);
  if (!set) {
    set = new Set(e.values.map((v) => v.number));
    declared.set(e, set);
  }
  return set;
}

/** Whether a message of this type can hold an enum, directly or in nested messages (cached per type). */
const holdsEnums = new WeakMap<DescMessage, boolean>();
function hasEnums(desc: DescMessage, seen = new Set<DescMessage>()): boolean {
  const known = holdsEnums.get(desc);
  if (known !== undefined) return known;
  if (seen.has(desc)) return false; // a recursive type: its other fields decide
  const top = seen.size === 0;
  seen.add(desc);
  const found = desc.fields.some(
    (f) => enumOf(f) !== undefined || (messageOf(f) && hasEnums(messageOf(f) as DescMessage, seen)),
  );
  // a "no" found below the top may only mean "cut at a cycle": kept for the type asked about only
  if (top || found) holdsEnums.set(desc, found);
  return found;
}

function enumOf(f: DescField): DescEnum | undefined {
  if (f.fieldKind === "enum") return f.enum;
  if (f.fieldKind === "list" && f.listKind === "enum") return f.enum;
  if (f.fieldKind === "map" && f.mapKind === "enum") return f.enum;
  return undefined;
}

function messageOf(f: DescField): DescMessage | undefined {
  if (f.fieldKind === "message") return f.message;
  if (f.fieldKind === "list" && f.listKind === "message") return f.message;
  if (f.fieldKind === "map" && f.mapKind === "message") return f.message;
  return undefined;
}

/** The values a field holds in a protobuf-es message: one, a list's items or a map's values. */
function valuesOf(f: DescField, message: Record<string, unknown>): unknown[] {
  let v: unknown;
  if (f.oneof) {
    const o = message[f.oneof.localName] as { case?: string; value?: unknown } | undefined;
    v = o?.case === f.localName ? o.value : undefined;
  } else v = message[f.localName];
  if (v === undefined || v === null) return [];
  if (f.fieldKind === "list") return v as unknown[];
  if (f.fieldKind === "map") return Object.values(v as object);
  return [v];
}

/** An enum number a request may not carry: where it is ("a.b") and which numbers its enum declares. */
export interface UndeclaredEnum {
  field: string;
  value: number;
  allowed: readonly number[];
}

/**
 * The first enum field (through nested messages, lists and maps) holding a number its enum does not
 * declare; undefined when every one is declared.
 */
export function undeclaredEnum(desc: DescMessage, message: unknown, depth = 0): UndeclaredEnum | undefined {
  if (depth > MAX_DEPTH || message === null || typeof message !== "object" || !hasEnums(desc)) return undefined;
  for (const f of desc.fields) {
    const e = enumOf(f);
    const nested = e ? undefined : messageOf(f);
    if (!e && !(nested && hasEnums(nested))) continue;
    for (const v of valuesOf(f, message as Record<string, unknown>)) {
      if (e) {
        if (typeof v === "number" && !declaredNumbers(e).has(v)) {
          return { field: f.name, value: v, allowed: [...declaredNumbers(e)].sort((a, b) => a - b) };
        }
      } else {
        const inner = undeclaredEnum(nested as DescMessage, v, depth + 1);
        if (inner) return { ...inner, field: `${f.name}.${inner.field}` };
      }
    }
  }
  return undefined;
}

function check(desc: DescMessage, message: unknown): void {
  if (hasNul(message)) throw new ConnectError(validateMessages.nul, Code.InvalidArgument);
  const bad = undeclaredEnum(desc, message);
  if (bad) {
    // named in the message and as a FieldViolation detail, like the domain's own field refusals
    throw toConnectError(
      new DomainError(
        "invalid_argument",
        validateMessages.enumValue(bad.field, bad.value, bad.allowed),
        undefined,
        bad.field,
      ),
    );
  }
}

async function* checked<T>(desc: DescMessage, messages: AsyncIterable<T>): AsyncIterable<T> {
  for await (const m of messages) {
    check(desc, m);
    yield m;
  }
}

/** Refuses requests carrying U+0000 in any string or an undeclared enum number, unary and streaming alike. */
export function inputInterceptor(): Interceptor {
  return (next) => async (req) => {
    if (req.stream) return next({ ...req, message: checked(req.method.input, req.message) });
    check(req.method.input, req.message);
    return next(req);
  };
}

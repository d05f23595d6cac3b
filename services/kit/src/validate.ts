// Request checks every RPC shares, before any handler runs. PostgreSQL refuses U+0000 in text (SQLSTATE
// 22021), so a NUL anywhere in a request would surface as a 500 from deep inside a repository: it is
// refused here, for every transport (REST, Connect, gRPC) and every message of a client stream.
import { Code, ConnectError, type Interceptor } from "@connectrpc/connect";

export const validateMessages = {
  nul: "请求参数不能包含空字符（U+0000）",
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

function check(message: unknown): void {
  if (hasNul(message)) throw new ConnectError(validateMessages.nul, Code.InvalidArgument);
}

async function* checked<T>(messages: AsyncIterable<T>): AsyncIterable<T> {
  for await (const m of messages) {
    check(m);
    yield m;
  }
}

/** Refuses requests carrying U+0000 in any string, unary and streaming alike. */
export function inputInterceptor(): Interceptor {
  return (next) => async (req) => {
    if (req.stream) return next({ ...req, message: checked(req.message) });
    check(req.message);
    return next(req);
  };
}

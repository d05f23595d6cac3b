// POST /callback/<provider>: payment platforms' server-to-server notifies. The raw body (at most
// MAX_NOTIFY_BYTES: signatures are over the exact bytes) and the headers go to the order service
// (OrderInternalAPI.HandlePaymentNotify), whose reply is written back verbatim in the platform's
// own format. Nothing here trusts the content: the order service's provider verifies it.
// GET and POST /callback/wechat_official: the WeChat official account's server URL (its check and its
// event pushes), to the user service (UserInternalAPI.HandleWechatPush), which verifies the signature.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Code, createClient, type Transport } from "@connectrpc/connect";
import { headers, type Logger } from "@wenku/kit";
import { OrderInternalAPI } from "@wenku/proto/api/v1/order_internal_pb.js";
import { UserInternalAPI } from "@wenku/proto/api/v1/user_internal_pb.js";
import { HttpError } from "./rest/handler.js";

export const MAX_NOTIFY_BYTES = 64 * 1024;
const CALLBACK = /^\/callback\/([a-z][a-z0-9_]{0,31})$/;
/** Headers that are ours or a browser's, never a platform's signature: not forwarded. */
const DROPPED = new Set(["authorization", "cookie", headers.internal, headers.edge]);

export const isCallbackPath = (path: string): boolean => path.startsWith("/callback/");

/** The official account's server URL an administrator enters at WeChat. */
export const WECHAT_OFFICIAL_CALLBACK = "/callback/wechat_official";
/** A WeChat push is a small XML message. */
export const MAX_WECHAT_PUSH_BYTES = 16 * 1024;

export interface CallbackDeps {
  order: Transport;
  user: Transport;
  internalToken: string;
  log: Logger;
  timeoutMs: number;
}

/** The body's bytes, refusing more than `limit` (413) and a broken stream (400). */
export function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const declared = Number(req.headers["content-length"] ?? "0");
    if (declared > limit) {
      req.resume();
      reject(new HttpError(413, Code.ResourceExhausted, "请求体过大"));
      return;
    }
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners("data");
        req.resume();
        reject(new HttpError(413, Code.ResourceExhausted, "请求体过大"));
        return;
      }
      chunks.push(chunk);
    });
    req.on("error", () => reject(new HttpError(400, Code.InvalidArgument, "请求体读取失败")));
    req.on("aborted", () => reject(new HttpError(400, Code.InvalidArgument, "请求体读取失败")));
    req.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
  });
}

export async function handleCallback(
  deps: CallbackDeps,
  path: string,
  query: string,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
): Promise<void> {
  const m = CALLBACK.exec(path);
  if (!m?.[1]) throw new HttpError(404, Code.NotFound, "页面不存在");
  if (path === WECHAT_OFFICIAL_CALLBACK) return wechatPush(deps, query, req, res, requestId);
  if (req.method !== "POST") {
    res.setHeader("allow", "POST");
    throw new HttpError(405, Code.Unimplemented, "只接受 POST 请求");
  }
  const body = await readBody(req, MAX_NOTIFY_BYTES);
  const forwarded: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || DROPPED.has(k)) continue;
    forwarded[k] = Array.isArray(v) ? v.join(", ") : v;
  }
  const reply = await createClient(OrderInternalAPI, deps.order).handlePaymentNotify(
    { provider: m[1], headers: forwarded, body, query },
    { headers: { [headers.internal]: deps.internalToken, [headers.requestId]: requestId }, timeoutMs: deps.timeoutMs },
  );
  res.writeHead(reply.status || 200, {
    "content-type": reply.contentType || "text/plain; charset=utf-8",
    "cache-control": "no-store",
  });
  res.end(reply.body);
}

async function wechatPush(
  deps: CallbackDeps,
  query: string,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
): Promise<void> {
  if (req.method !== "GET" && req.method !== "POST") {
    res.setHeader("allow", "GET, POST");
    throw new HttpError(405, Code.Unimplemented, "只接受 GET 或 POST 请求");
  }
  const body = req.method === "POST" ? await readBody(req, MAX_WECHAT_PUSH_BYTES) : new Uint8Array();
  const reply = await createClient(UserInternalAPI, deps.user).handleWechatPush(
    { method: req.method, query, body },
    { headers: { [headers.internal]: deps.internalToken, [headers.requestId]: requestId }, timeoutMs: deps.timeoutMs },
  );
  res.writeHead(reply.status || 200, {
    "content-type": reply.contentType || "text/plain; charset=utf-8",
    "cache-control": "no-store",
  });
  res.end(reply.body);
}

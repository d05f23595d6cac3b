import type { IncomingMessage, ServerResponse } from "node:http";
import { fromJson, type JsonObject, type JsonValue } from "@bufbuild/protobuf";
import { Code, ConnectError, type Transport } from "@connectrpc/connect";
import { type Deployable, deployableOf, httpStatusOf, type Logger } from "@wenku/kit";
import { clientErrorMetadata } from "../error-metadata.js";
import { toRestJson } from "./json.js";
import { queryToJson, RequestShapeError } from "./query.js";
import type { RestTable } from "./routes.js";

export interface RestDeps {
  table: RestTable;
  transports: Record<Deployable, Transport>;
  maxBodyBytes: number;
  log: Logger;
  timeoutMs: number;
}

/** The outgoing headers of one call, computed by the gateway (never copied blindly from the client). */
export type ForwardHeaders = Record<string, string>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: Code,
    message: string,
  ) {
    super(message);
  }
}

/** Serves one /api/v1 request by transcoding it to the RPC its HttpRule names. */
export async function handleRest(
  deps: RestDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  headers: ForwardHeaders,
): Promise<void> {
  const verb = (req.method ?? "GET").toUpperCase();
  let found: ReturnType<RestTable["match"]>;
  try {
    found = deps.table.match(verb, url.pathname);
  } catch {
    throw new HttpError(400, Code.InvalidArgument, "请求路径无效");
  }
  if (!("route" in found)) {
    if (found.verbAllowed) throw new HttpError(404, Code.NotFound, "接口不存在");
    throw new HttpError(405, Code.Unimplemented, "不支持该请求方法");
  }
  const { route, params } = found;

  let json: JsonObject;
  if (route.body === "*") {
    json = await readJsonBody(req, deps.maxBodyBytes);
  } else {
    json = queryToJson(route.method.input, url.searchParams);
    if (route.body) json[route.body] = await readJsonBody(req, deps.maxBodyBytes);
    else await drain(req, deps.maxBodyBytes);
  }
  for (const [k, v] of Object.entries(params)) setPath(json, k.split("."), v);

  let input: ReturnType<typeof fromJson>;
  try {
    input = fromJson(route.method.input, json, { ignoreUnknownFields: true });
  } catch (err) {
    throw new HttpError(400, Code.InvalidArgument, `请求参数错误：${(err as Error).message}`);
  }

  const transport = deps.transports[deployableOf(route.method.parent)];
  const abort = new AbortController();
  // a client gone mid-call cancels it; a finished answer has nothing to cancel (no DOMException per call)
  res.once("close", () => {
    if (!res.writableFinished) abort.abort();
  });
  const reply = await transport.unary(
    route.method as Parameters<Transport["unary"]>[0],
    abort.signal,
    deps.timeoutMs,
    new Headers(headers),
    input,
  );
  const body = JSON.stringify(toRestJson(route.method.output, reply.message));
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

function setPath(obj: JsonObject, path: string[], value: string): void {
  let cur = obj;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] as string;
    cur[key] ??= {};
    cur = cur[key] as JsonObject;
  }
  cur[path[path.length - 1] as string] = value;
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? "0");
  if (declared > limit) throw new HttpError(413, Code.ResourceExhausted, "请求体过大");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, Code.ResourceExhausted, "请求体过大");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function drain(req: IncomingMessage, limit: number): Promise<void> {
  await readBody(req, limit);
}

async function readJsonBody(req: IncomingMessage, limit: number): Promise<JsonObject> {
  const raw = await readBody(req, limit);
  const text = raw.toString("utf8").trim();
  if (!text) return {};
  let parsed: JsonValue;
  try {
    parsed = JSON.parse(text) as JsonValue;
  } catch (err) {
    throw new HttpError(400, Code.InvalidArgument, `请求体不是合法的 JSON：${(err as Error).message}`);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new HttpError(400, Code.InvalidArgument, "请求体须为 JSON 对象");
  }
  return parsed;
}

/** `{code, message}` like moredoc (grpc-gateway), plus the request id for support. */
export function writeError(res: ServerResponse, err: unknown, requestId: string, log: Logger): void {
  let status = 500;
  let code: Code = Code.Internal;
  let message = "服务器内部错误";
  const extra: Record<string, string> = {};
  if (err instanceof HttpError) {
    ({ status, code, message } = err);
  } else if (err instanceof RequestShapeError) {
    status = 400;
    code = Code.InvalidArgument;
    message = err.message;
  } else if (err instanceof ConnectError) {
    code = err.code;
    status = httpStatusOf(code);
    message = err.rawMessage;
    // A throttled caller learns when to come back; a refused token says so (RFC 6750 §3).
    clientErrorMetadata(err).forEach((v, name) => {
      extra[name] = v;
    });
  } else {
    log.error({ err, request_id: requestId }, "gateway error");
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (status === 401) extra["www-authenticate"] ??= 'Bearer realm="wenku"';
  const body = JSON.stringify({ code, message, error: message, details: [], request_id: requestId });
  res.writeHead(status, {
    ...extra,
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
}

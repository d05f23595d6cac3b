// connect-es decodes request messages with a serializer it shares with clients, where a message that does
// not decode is the server's fault: it answers `internal` (Connect: HTTP 500; gRPC and gRPC-web:
// grpc-status 13). On a server the body is the caller's. refuseUndecodable wraps every handler of a
// router: a unary request in binary protobuf (Connect application/proto, gRPC application/grpc[+proto],
// gRPC-web application/grpc-web[+proto]) is read once and decoded, and refused as invalid_argument in its
// own protocol when it is not the method's message; a good one is handed on as read. JSON bodies need
// nothing: connect-es already answers them invalid_argument.
import { fromBinary } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import {
  type Compression,
  encodeEnvelope,
  type UniversalHandler,
  type UniversalServerRequest,
  type UniversalServerResponse,
} from "@connectrpc/connect/protocol";
import { setTrailerStatus } from "@connectrpc/connect/protocol-grpc";
import { trailerFlag, trailerSerialize } from "@connectrpc/connect/protocol-grpc-web";

export const decodeMessages = {
  undecodable: (why: string) => `请求体不是有效的 protobuf 消息：${why}`,
  tooLarge: "请求体过大",
} as const;

type Protocol = "connect" | "grpc" | "grpc-web";

function protocolOf(req: UniversalServerRequest): Protocol | undefined {
  const type = (req.header.get("content-type") ?? "").split(";", 1)[0]?.trim().toLowerCase();
  if (type === "application/proto") {
    // a compressed Connect body is left to connect-es (it answers its own errors for it)
    return (req.header.get("content-encoding") ?? "identity") === "identity" ? "connect" : undefined;
  }
  if (type === "application/grpc" || type === "application/grpc+proto") return "grpc";
  if (type === "application/grpc-web" || type === "application/grpc-web+proto") return "grpc-web";
  return undefined;
}

/** Wraps every handler of `router` (in place); call it after the services are registered. */
export function refuseUndecodable(
  router: ConnectRouter,
  opts: { readMaxBytes: number; compressions: readonly Compression[] },
): void {
  const handlers = router.handlers;
  for (let i = 0; i < handlers.length; i++) {
    const inner = handlers[i] as UniversalHandler;
    if (inner.method.methodKind !== "unary") continue;
    const wrapped = async (req: UniversalServerRequest): Promise<UniversalServerResponse> =>
      (await refusal(inner, req, opts)) ?? inner(req);
    handlers[i] = Object.assign(wrapped, inner);
  }
}

/** The answer refusing `req`, or undefined (its body then replayed as read) to let connect-es serve it. */
async function refusal(
  handler: UniversalHandler,
  req: UniversalServerRequest,
  opts: { readMaxBytes: number; compressions: readonly Compression[] },
): Promise<UniversalServerResponse | undefined> {
  const protocol = protocolOf(req);
  if (req.method !== "POST" || !protocol) return undefined;
  if (req.body === null || typeof req.body !== "object" || !(Symbol.asyncIterator in req.body)) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  // the body may be a gRPC envelope around the message: allow its 5-byte prefix beyond the limit
  for await (const chunk of req.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > opts.readMaxBytes + 5) return answer(protocol, Code.ResourceExhausted, decodeMessages.tooLarge);
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks, size);
  req.body = (async function* () {
    yield body;
  })();
  const message = protocol === "connect" ? body : await unenvelope(body, req, opts);
  if (!message) return undefined;
  try {
    fromBinary(handler.method.input, message);
  } catch (err) {
    return answer(protocol, Code.InvalidArgument, decodeMessages.undecodable((err as Error).message));
  }
  return undefined;
}

/**
 * The message of a unary gRPC body: exactly one envelope, decompressed when flagged. Anything else
 * (truncated, several, an unknown encoding) is left to connect-es, which answers those itself.
 */
async function unenvelope(
  body: Buffer,
  req: UniversalServerRequest,
  opts: { readMaxBytes: number; compressions: readonly Compression[] },
): Promise<Uint8Array | undefined> {
  if (body.byteLength < 5 || body.readUInt32BE(1) !== body.byteLength - 5) return undefined;
  const flags = body[0] as number;
  const data = body.subarray(5);
  if (flags === 0) return data;
  if (flags !== 1) return undefined;
  const name = req.header.get("grpc-encoding");
  const compression = opts.compressions.find((c) => c.name === name);
  if (!compression) return undefined;
  try {
    return await compression.decompress(data, opts.readMaxBytes);
  } catch {
    return undefined; // connect-es answers a broken compressed body itself
  }
}

function answer(protocol: Protocol, code: Code, message: string): UniversalServerResponse {
  const error = new ConnectError(message, code);
  if (protocol === "connect") {
    const name = Code[code].replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
    const body = new TextEncoder().encode(JSON.stringify({ code: name, message }));
    return {
      status: code === Code.ResourceExhausted ? 413 : 400,
      header: new Headers({ "content-type": "application/json", "content-length": String(body.byteLength) }),
      body: once(body),
    };
  }
  const trailer = setTrailerStatus(new Headers(), error);
  if (protocol === "grpc") {
    return { status: 200, header: new Headers({ "content-type": "application/grpc+proto" }), body: once(), trailer };
  }
  return {
    status: 200,
    header: new Headers({ "content-type": "application/grpc-web+proto" }),
    body: once(encodeEnvelope(trailerFlag, trailerSerialize(trailer))),
  };
}

async function* once(chunk?: Uint8Array): AsyncIterable<Uint8Array> {
  if (chunk) yield chunk;
}

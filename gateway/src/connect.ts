// The Connect / gRPC-web / gRPC endpoint of the gateway: connect-node's router with one addition.
// connect-es reports a Connect unary binary body that does not decode as `internal` (HTTP 500), since
// its serializer is shared with the client side, where a bad message is the server's fault. Here the
// body is the caller's: it is decoded once up front and refused as invalid_argument (HTTP 400).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Http2ServerRequest, Http2ServerResponse } from "node:http2";
import { fromBinary } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter, type ContextValues, createConnectRouter } from "@connectrpc/connect";
import type { UniversalHandler, UniversalServerRequest } from "@connectrpc/connect/protocol";
import {
  compressionBrotli,
  compressionGzip,
  universalRequestFromNodeRequest,
  universalResponseToNodeResponse,
} from "@connectrpc/connect-node";
import type { Logger } from "@wenku/kit";

type AnyReq = IncomingMessage | Http2ServerRequest;
type AnyRes = ServerResponse | Http2ServerResponse;

export interface ConnectEndpointOptions {
  routes: (router: ConnectRouter) => void;
  readMaxBytes: number;
  contextValues: (req: AnyReq) => ContextValues;
  log: Logger;
}

export const connectMessages = {
  undecodable: (why: string) => `请求体不是有效的 protobuf 消息：${why}`,
  tooLarge: "请求体过大",
} as const;

export function createConnectEndpoint(opts: ConnectEndpointOptions) {
  const router = createConnectRouter({
    readMaxBytes: opts.readMaxBytes,
    acceptCompression: [compressionGzip, compressionBrotli],
  });
  opts.routes(router);
  const handlers = new Map<string, UniversalHandler>(router.handlers.map((h) => [h.requestPath, h]));

  return (req: AnyReq, res: AnyRes): void => {
    const handler = handlers.get((req.url ?? "").split("?", 1)[0] ?? "");
    if (!handler) {
      res.writeHead(404);
      res.end();
      return;
    }
    const uReq = universalRequestFromNodeRequest(
      req as IncomingMessage,
      res as ServerResponse,
      undefined,
      opts.contextValues(req),
    );
    serve(handler, uReq)
      .then((uRes) => universalResponseToNodeResponse(uRes, res as ServerResponse))
      .catch((reason) => {
        // the client went away, or the answer could not be written: nothing left to tell anyone
        if (ConnectError.from(reason).code !== Code.Aborted) {
          opts.log.warn({ err: reason, rpc: handler.method.name }, "connect: response not delivered");
        }
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
  };

  async function serve(handler: UniversalHandler, uReq: UniversalServerRequest) {
    const refused = await checkUnaryBinary(handler, uReq);
    return refused ?? handler(uReq);
  }

  /**
   * A Connect unary binary request (POST application/proto, uncompressed) is read and decoded here; a body
   * that is not the method's message answers 400 invalid_argument. A good one is handed on as read.
   */
  async function checkUnaryBinary(handler: UniversalHandler, uReq: UniversalServerRequest) {
    const type = uReq.header.get("content-type") ?? "";
    const encoded = (uReq.header.get("content-encoding") ?? "identity") !== "identity";
    if (uReq.method !== "POST" || type !== "application/proto" || encoded || handler.method.methodKind !== "unary") {
      return undefined;
    }
    if (uReq.body === null || typeof uReq.body !== "object" || !(Symbol.asyncIterator in uReq.body)) return undefined;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of uReq.body as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > opts.readMaxBytes) return connectError(Code.ResourceExhausted, connectMessages.tooLarge, 413);
      chunks.push(chunk);
    }
    const body = Buffer.concat(chunks, size);
    try {
      fromBinary(handler.method.input, body);
    } catch (err) {
      return connectError(Code.InvalidArgument, connectMessages.undecodable((err as Error).message), 400);
    }
    uReq.body = (async function* () {
      yield body;
    })();
    return undefined;
  }
}

/** A Connect protocol error answer (JSON body, HTTP status per the Connect spec). */
function connectError(code: Code, message: string, status: number) {
  const name = Code[code].replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
  const body = new TextEncoder().encode(JSON.stringify({ code: name, message }));
  return {
    status,
    header: new Headers({ "content-type": "application/json", "content-length": String(body.byteLength) }),
    body: (async function* () {
      yield body;
    })(),
  };
}

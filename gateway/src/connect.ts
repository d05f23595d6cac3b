// The Connect / gRPC-web / gRPC endpoint of the gateway: connect-node's router, its handlers wrapped by the
// kit's refuseUndecodable (a unary binary body that is not the method's message is the caller's fault:
// invalid_argument in each protocol, where connect-es would answer internal).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Http2ServerRequest, Http2ServerResponse } from "node:http2";
import { Code, ConnectError, type ConnectRouter, type ContextValues, createConnectRouter } from "@connectrpc/connect";
import type { UniversalHandler } from "@connectrpc/connect/protocol";
import {
  compressionBrotli,
  compressionGzip,
  universalRequestFromNodeRequest,
  universalResponseToNodeResponse,
} from "@connectrpc/connect-node";
import { type Logger, refuseUndecodable } from "@wenku/kit";

type AnyReq = IncomingMessage | Http2ServerRequest;
type AnyRes = ServerResponse | Http2ServerResponse;

export interface ConnectEndpointOptions {
  routes: (router: ConnectRouter) => void;
  readMaxBytes: number;
  contextValues: (req: AnyReq) => ContextValues;
  log: Logger;
}

export function createConnectEndpoint(opts: ConnectEndpointOptions) {
  const compressions = [compressionGzip, compressionBrotli];
  const router = createConnectRouter({ readMaxBytes: opts.readMaxBytes, acceptCompression: compressions });
  opts.routes(router);
  refuseUndecodable(router, { readMaxBytes: opts.readMaxBytes, compressions });
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
    handler(uReq)
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
}

import { Code, ConnectError, type Interceptor, type Transport } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import type { Deployable } from "./access.js";

/** How to reach each deployable service: in-memory (one process) or gRPC over the network. */
export type ServiceTransports = Record<Deployable, Transport>;

/** What connect-node reports for a call whose connection the peer cut: the stream closed (Canceled), the socket reset (Aborted). */
const CUT_OFF = new Set([Code.Canceled, Code.Aborted]);

/**
 * A call cut off by the peer (its process died or restarted mid-call) while our caller still waits is
 * the peer being unavailable, not the caller giving up: Unavailable (HTTP 503, "try again"), never
 * Canceled (HTTP 499, "you left") or Aborted (HTTP 409, a conflict). No service answers either code
 * itself (kit errors.ts has no such kind).
 */
export const peerGoneInterceptor: Interceptor = (next) => async (req) => {
  try {
    return await next(req);
  } catch (err) {
    if (err instanceof ConnectError && CUT_OFF.has(err.code) && !req.signal.aborted) {
      const out = new ConnectError(err.rawMessage, Code.Unavailable, err.metadata, undefined, err);
      out.details.push(...err.details);
      throw out;
    }
    throw err;
  }
};

/** gRPC (HTTP/2 cleartext) transports from base URLs such as http://user:9101. */
export function grpcTransports(urls: Record<Deployable, string>): ServiceTransports {
  const make = (baseUrl: string) =>
    createGrpcTransport({ baseUrl, defaultTimeoutMs: 30_000, interceptors: [peerGoneInterceptor] });
  return {
    user: make(urls.user),
    content: make(urls.content),
    order: make(urls.order),
    config: make(urls.config),
    spider: make(urls.spider),
    converter: make(urls.converter),
  };
}

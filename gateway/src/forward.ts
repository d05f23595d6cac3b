import type { DescMethodUnary, DescService } from "@bufbuild/protobuf";
import {
  ConnectError,
  type ConnectRouter,
  createContextKey,
  type HandlerContext,
  type Transport,
} from "@connectrpc/connect";
import { AccessLevel, accessRuleOf, type Deployable, deployableOf } from "@wenku/kit";
import { clientErrorMetadata } from "./error-metadata.js";
import type { ForwardHeaders } from "./rest/handler.js";

/** Headers the gateway computed for the current request (client IP, request id, edge credential). */
export const forwardKey = createContextKey<ForwardHeaders>({}, { description: "gateway forward headers" });

/**
 * Connect, gRPC-web and gRPC for browsers and external clients: every non-internal RPC is
 * forwarded to the service that implements it. The service enforces access; the gateway only
 * passes the caller's bearer token and its own computed headers along.
 */
export function forwardingRoutes(
  services: readonly DescService[],
  transports: Record<Deployable, Transport>,
  timeoutMs: number,
) {
  return (router: ConnectRouter) => {
    for (const svc of services) {
      const transport = transports[deployableOf(svc)];
      // biome-ignore lint/suspicious/noExplicitAny: a generic forwarder for any service
      const impl: Record<string, any> = {};
      for (const method of svc.methods) {
        if (method.methodKind !== "unary" || accessRuleOf(method).level === AccessLevel.INTERNAL) continue;
        impl[method.localName] = async (req: unknown, ctx: HandlerContext) => {
          const headers = new Headers(ctx.values.get(forwardKey));
          const auth = ctx.requestHeader.get("authorization");
          if (auth) headers.set("authorization", auth);
          try {
            const r = await transport.unary(method as DescMethodUnary, ctx.signal, timeoutMs, headers, req as never);
            return r.message;
          } catch (err) {
            throw rethrowable(err);
          }
        };
      }
      router.service(svc, impl);
    }
  };
}

/**
 * The upstream error without the upstream response's transport metadata: that holds the inner
 * call's headers (content-type, content-length…), which are not valid as trailers and made HTTP/2
 * clients reset the stream (PROTOCOL_ERROR) instead of reading the status. Only what
 * clientErrorMetadata keeps passes (a throttled call always learns when to retry).
 */
function rethrowable(err: unknown): ConnectError {
  const e = ConnectError.from(err);
  const kept = clientErrorMetadata(e);
  const clean = new ConnectError(e.rawMessage, e.code, kept, undefined, e.cause);
  clean.details.push(...e.details);
  return clean;
}

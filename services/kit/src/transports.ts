import type { Transport } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import type { Deployable } from "./access.js";

/** How to reach each deployable service: in-memory (one process) or gRPC over the network. */
export type ServiceTransports = Record<Deployable, Transport>;

/** gRPC (HTTP/2 cleartext) transports from base URLs such as http://user:9101. */
export function grpcTransports(urls: Record<Deployable, string>): ServiceTransports {
  const make = (baseUrl: string) => createGrpcTransport({ baseUrl, defaultTimeoutMs: 30_000 });
  return {
    user: make(urls.user),
    content: make(urls.content),
    order: make(urls.order),
    config: make(urls.config),
    spider: make(urls.spider),
    converter: make(urls.converter),
  };
}

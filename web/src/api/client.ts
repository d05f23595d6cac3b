import type { DescService } from "@bufbuild/protobuf";
import { type Client, createClient as createConnectClient, type Transport } from "@connectrpc/connect";
import { createContext, createElement, type ReactNode, useContext, useMemo } from "react";

const TransportContext = createContext<Transport | null>(null);

/** Makes one transport available to `useClient`; tests pass a createRouterTransport here. */
export function TransportProvider({ transport, children }: { transport: Transport; children: ReactNode }) {
  return createElement(TransportContext, { value: transport }, children);
}

export function useTransport(): Transport {
  const transport = useContext(TransportContext);
  if (!transport) throw new Error("useTransport must be used inside <TransportProvider>");
  return transport;
}

/** A typed client for one service, e.g. `createClient(NavigationAPI, transport)`. */
export function createClient<S extends DescService>(service: S, transport: Transport): Client<S> {
  return createConnectClient(service, transport);
}

/** A typed client for one service on the app's transport, stable across renders. */
export function useClient<S extends DescService>(service: S): Client<S> {
  const transport = useTransport();
  return useMemo(() => createConnectClient(service, transport), [service, transport]);
}

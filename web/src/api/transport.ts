import type { Interceptor, Transport } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-web";

/** Spec §9: every call gives up after 30 s. */
export const REQUEST_TIMEOUT_MS = 30_000;

export interface TransportOptions {
  /** The current bearer token, or "" when nobody is logged in. Read on every call. */
  getToken: () => string;
  /** Defaults to the page's origin: the gateway serves Connect at /api.v1.<Service>/<Method>. */
  baseUrl?: string;
  /** Injected in tests; defaults to the global fetch. */
  fetch?: typeof globalThis.fetch;
}

/** Adds `Authorization: Bearer <token>` when a token exists. */
export function bearerInterceptor(getToken: () => string): Interceptor {
  return (next) => async (req) => {
    const token = getToken();
    if (token && !req.header.has("Authorization")) req.header.set("Authorization", `Bearer ${token}`);
    return next(req);
  };
}

export function createTransport(options: TransportOptions): Transport {
  return createConnectTransport({
    baseUrl: options.baseUrl ?? window.location.origin,
    useBinaryFormat: false,
    defaultTimeoutMs: REQUEST_TIMEOUT_MS,
    interceptors: [bearerInterceptor(options.getToken)],
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

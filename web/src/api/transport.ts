import type { DescMethod } from "@bufbuild/protobuf";
import { Code, ConnectError, type Interceptor, type Transport } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-web";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";

/** Spec §9: every call gives up after 30 s. */
export const REQUEST_TIMEOUT_MS = 30_000;

export interface TransportOptions {
  /** The current bearer token, or "" when nobody is logged in. Read on every call. */
  getToken: () => string;
  /**
   * The server refused the token a call carried (401): the session is dead (expired, revoked,
   * malformed) and should end, e.g. `(token) => sessionStore.expire(token)`.
   */
  onTokenRejected?: (token: string) => void;
  /** Defaults to the page's origin: the gateway serves Connect at /api.v1.<Service>/<Method>. */
  baseUrl?: string;
  /** Injected in tests; defaults to the global fetch. */
  fetch?: typeof globalThis.fetch;
  /** This browser's random id (clientNonce), sent with every call; none when absent. */
  nonce?: string;
}

/** The header carrying the client's random id: the server binds captchas to it (and to the address). */
export const CLIENT_NONCE_HEADER = "X-Wenku-Client-Nonce";
const NONCE_STORAGE_KEY = "wenku.clientNonce";
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * This browser's random id, kept in `storage` (localStorage): a captcha is only accepted from the
 * browser that asked for it. A new one is made when none is stored (or storage is unavailable).
 */
export function clientNonce(storage: Pick<Storage, "getItem" | "setItem"> | undefined): string {
  try {
    const kept = storage?.getItem(NONCE_STORAGE_KEY);
    if (kept && NONCE.test(kept)) return kept;
  } catch {
    // blocked storage: a nonce for this page only
  }
  // getRandomValues, not randomUUID: the latter is missing on a site served over plain http.
  const made = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  try {
    storage?.setItem(NONCE_STORAGE_KEY, made);
  } catch {
    // full or blocked storage: the nonce lives in memory for this page
  }
  return made;
}

/** Adds the client's random id to every call. */
export function nonceInterceptor(nonce: string): Interceptor {
  return (next) => async (req) => {
    req.header.set(CLIENT_NONCE_HEADER, nonce);
    return next(req);
  };
}

/**
 * The RPCs that get a visitor in (log in, register, their captcha and e-mail code, password recovery). They never
 * carry the stored token: it is about to be replaced, and the server answers 401 to any call that
 * presents a dead one, so a stale session must not stand between a person and the login form.
 */
export const SIGN_IN_METHODS: ReadonlySet<DescMethod> = new Set<DescMethod>([
  UserAPI.method.login,
  UserAPI.method.register,
  UserAPI.method.loginByMobile,
  UserAPI.method.registerByMobile,
  UserAPI.method.getUserCaptcha,
  UserAPI.method.findPasswordStepOne,
  UserAPI.method.findPasswordStepTwo,
  UserAPI.method.findPasswordByMobile,
  UserAPI.method.sendEmailCode,
]);

/**
 * Adds `Authorization: Bearer <token>` when a token exists (not to the sign-in RPCs, nor when the
 * caller set the header itself).
 *
 * The server answers 401 (Unauthenticated) to every call that presents a dead token, public ones
 * included (RFC 6750). Such an answer to a call that carried the stored token ends the session
 * (`onTokenRejected`: the header shows the login link) and, for a unary call, the call is made once
 * more without the token: the access check refused it before any handler ran, so repeating it is
 * safe, and a public page keeps working for the visitor the person now is. A call that needs a
 * login then fails with the server's "please log in" instead.
 */
export function bearerInterceptor(getToken: () => string, onTokenRejected?: (token: string) => void): Interceptor {
  return (next) => async (req) => {
    const token = getToken();
    if (!token || req.header.has("Authorization") || SIGN_IN_METHODS.has(req.method)) return next(req);
    req.header.set("Authorization", `Bearer ${token}`);
    try {
      return await next(req);
    } catch (error) {
      if (!(error instanceof ConnectError) || error.code !== Code.Unauthenticated) throw error;
      onTokenRejected?.(token);
      if (req.stream) throw error; // a client stream's messages cannot be sent twice
      req.header.delete("Authorization");
      return next(req);
    }
  };
}

export function createTransport(options: TransportOptions): Transport {
  return createConnectTransport({
    baseUrl: options.baseUrl ?? window.location.origin,
    useBinaryFormat: false,
    defaultTimeoutMs: REQUEST_TIMEOUT_MS,
    interceptors: [
      bearerInterceptor(options.getToken, options.onTokenRejected),
      ...(options.nonce ? [nonceInterceptor(options.nonce)] : []),
    ],
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

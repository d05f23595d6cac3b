import { createContextKey, type HandlerContext } from "@connectrpc/connect";
import { accessMessages, DomainError } from "./errors.js";

/** Who is calling, as established by the access interceptor. */
export interface Identity {
  userId: bigint;
  sessionId: string;
  /** The caller's groups hold the permission of the RPC being served. */
  granted: boolean;
  /** The caller belongs to a group holding at least one permission. */
  staff: boolean;
}

export interface CallContext {
  identity: Identity | null;
  /** Client address as determined by the gateway (never taken from client-supplied headers). */
  clientIp: string;
  /** The client's User-Agent as the gateway forwarded it (search records); '' or absent otherwise. */
  userAgent?: string;
  /**
   * A random id the client keeps and sends with its calls (header x-wenku-client-nonce, forwarded by
   * the gateway): a captcha is bound to the address, User-Agent and nonce that asked for it.
   */
  clientNonce?: string;
  requestId: string;
  /** The call came from another Wenku service presenting the internal credential. */
  internal: boolean;
}

export const callKey = createContextKey<CallContext>(
  { identity: null, clientIp: "", requestId: "", internal: false },
  { description: "wenku call context" },
);

/** The caller of the RPC being handled. */
export function actor(ctx: HandlerContext): CallContext {
  return ctx.values.get(callKey);
}

/** Header names shared by the gateway, services and their clients. */
export const headers = {
  /** Service-to-service credential: required by INTERNAL RPCs. */
  internal: "x-wenku-internal",
  /** Set by the gateway on forwarded end-user calls: vouches for x-wenku-client-ip only. */
  edge: "x-wenku-edge",
  clientIp: "x-wenku-client-ip",
  /** Set by the gateway with x-wenku-client-ip: the end user's User-Agent, vouched for the same way. */
  userAgent: "x-wenku-user-agent",
  /** The client's own random id (the web app keeps one per browser); the gateway forwards it checked. */
  clientNonce: "x-wenku-client-nonce",
  requestId: "x-request-id",
  authorization: "authorization",
} as const;

/** The signed-in caller, or `unauthenticated` ("请先登录") for a visitor. */
export function requireSignedIn(call: CallContext): Identity {
  if (!call.identity) throw new DomainError("unauthenticated", accessMessages.unauthenticated);
  return call.identity;
}

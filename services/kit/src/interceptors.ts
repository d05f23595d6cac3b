import { timingSafeEqual } from "node:crypto";
import { Code, ConnectError, type Interceptor } from "@connectrpc/connect";
import { AccessLevel, accessRuleOf, fullMethodName } from "./access.js";
import type { Authorizer } from "./authorizer.js";
import { isDatabaseUnavailable, valueTooLongFor } from "./db-errors.js";
import { accessMessages, DomainError, toConnectError } from "./errors.js";
import { type CallContext, callKey, headers } from "./identity.js";
import { type Logger, requestLogLevel } from "./logger.js";
import type { Metrics } from "./metrics.js";
import { tooLongError } from "./too-long.js";

/**
 * Outermost interceptor: one log line per RPC `{rpc, code, ms}`, metrics, and the single place
 * where errors become Connect errors. DomainError → its code; an unreachable database → Unavailable
 * (HTTP 503); anything unknown → Internal with the cause logged and never sent to the client.
 *
 * A streaming response's messages are produced after `next` returned (a server-streaming
 * handler's generator runs while the response is written), so its iterable is wrapped with the
 * same mapping, and the RPC is logged and measured once, when the stream ends.
 */
export function observeInterceptor(log: Logger, metrics?: Metrics): Interceptor {
  const level = requestLogLevel(log); // debug on a terminal (logger.ts), info where logs are collected
  return (next) => async (req) => {
    const rpc = fullMethodName(req.method);
    const started = performance.now();
    const requestId = req.header.get(headers.requestId) ?? undefined;
    const map = (err: unknown): ConnectError => {
      if (err instanceof DomainError) return toConnectError(err);
      if (err instanceof ConnectError) return err;
      const max = valueTooLongFor(err);
      if (max !== undefined) {
        // an edge check is missing: refused all the same, and logged so the check gets written
        log.warn({ rpc, max, request_id: requestId }, "text longer than its column reached the database");
        return tooLongError(req.method.input, req.stream ? undefined : req.message, max);
      }
      if (isDatabaseUnavailable(err)) {
        // the database is down or restarting: a clear 503 now, not a 500 (nor a wait); pools reconnect
        log.warn({ rpc, err: String(err), request_id: requestId }, "database unavailable");
        const out = new ConnectError(accessMessages.unavailable, Code.Unavailable);
        out.metadata.set("retry-after", "5");
        return out;
      }
      log.error({ rpc, err, request_id: requestId }, "unhandled error");
      return new ConnectError(accessMessages.internal, Code.Internal);
    };
    const done = (code: string) => {
      const ms = performance.now() - started;
      metrics?.rpcDuration.observe({ rpc, code }, ms / 1000);
      metrics?.rpcTotal.inc({ rpc, code });
      log[level]({ rpc, code, ms: Math.round(ms * 10) / 10, request_id: requestId });
    };
    const codeOf = (err: ConnectError) => Code[err.code] ?? String(err.code);

    let res: Awaited<ReturnType<typeof next>>;
    try {
      res = await next(req);
    } catch (err) {
      const out = map(err);
      done(codeOf(out));
      throw out;
    }
    if (!res.stream) {
      done("ok");
      return res;
    }
    const messages = res.message;
    async function* observed() {
      let code = "ok";
      try {
        yield* messages;
      } catch (err) {
        const out = map(err);
        code = codeOf(out);
        throw out;
      } finally {
        // also reached when the consumer stops early (client gone): still one line
        done(code);
      }
    }
    return { ...res, message: observed() };
  };
}

/**
 * Site-wide gates from the security settings (security.is_close, security.login_required).
 * `current()` throws (e.g. Unavailable) when the settings cannot be known; see settings.ts.
 */
export interface SiteGate {
  current(): Promise<{ closed: boolean; loginRequired: boolean }>;
}

export interface AccessOptions {
  authorizer: Authorizer;
  /** Shared secret other services present in x-wenku-internal. */
  internalToken: string;
  siteGate?: SiteGate;
}

function sameSecret(a: string | null, b: string): boolean {
  if (a === null || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function bearer(value: string | null): string {
  if (!value) return "";
  const m = /^Bearer\s+(.+)$/i.exec(value.trim());
  return m?.[1]?.trim() ?? "";
}

/** `WWW-Authenticate` of a refused bearer token (RFC 6750 §3), sent as the error's metadata. */
export const INVALID_TOKEN_CHALLENGE = 'Bearer error="invalid_token"';

function invalidToken(): ConnectError {
  return new ConnectError(accessMessages.sessionExpired, Code.Unauthenticated, {
    "www-authenticate": INVALID_TOKEN_CHALLENGE,
  });
}

/**
 * Enforces each RPC's (api.v1.access) rule from the contract — the only authorization gate
 * before the domain. Puts the caller into the context (`actor(ctx)`).
 */
export function accessInterceptor(opts: AccessOptions): Interceptor {
  return (next) => async (req) => {
    const rule = accessRuleOf(req.method);
    const path = fullMethodName(req.method);
    const internal = sameSecret(req.header.get(headers.internal), opts.internalToken);
    const trustedPeer = internal || sameSecret(req.header.get(headers.edge), opts.internalToken);
    const call: CallContext = {
      identity: null,
      internal,
      // Only a Wenku peer (the gateway, another service) may tell us the client's address.
      clientIp: trustedPeer ? (req.header.get(headers.clientIp) ?? "") : "",
      userAgent: trustedPeer ? (req.header.get(headers.userAgent) ?? "") : "",
      clientNonce: trustedPeer ? (req.header.get(headers.clientNonce) ?? "") : "",
      requestId: req.header.get(headers.requestId) ?? "",
    };

    if (rule.level === AccessLevel.INTERNAL) {
      if (!internal) throw new ConnectError(accessMessages.internalOnly, Code.PermissionDenied);
      req.contextValues.set(callKey, call);
      return next(req);
    }

    const token = bearer(req.header.get(headers.authorization));
    if (token) {
      const a = await opts.authorizer.authorize(token, path);
      if (a.userId > 0n)
        call.identity = { userId: a.userId, sessionId: a.sessionId, granted: a.granted, staff: a.staff };
      // RFC 6750 §3.1: a presented token that is no live session (bad signature, malformed, expired,
      // revoked by logout or a password change, account disabled) is refused on every RPC, PUBLIC and
      // open_when_closed ones included, so the client drops the dead session instead of carrying on
      // as a visitor without knowing it. No RPC is exempt, login and register included: a client
      // recovers by calling again without the token (the web app sends none to the sign-in RPCs and
      // retries once without it after this answer). Wenku's own services calling each other (the
      // internal credential) are not end-user sessions and are not refused for one.
      else if (!internal) throw invalidToken();
    }
    const who = call.identity;

    // Site gates (security.is_close, security.login_required) stop visitors, not Wenku's own
    // services calling each other, and never the RPCs a visitor needs to get in (open_when_closed).
    if (opts.siteGate && !rule.openWhenClosed && !internal) {
      let gate: { closed: boolean; loginRequired: boolean };
      try {
        gate = await opts.siteGate.current();
      } catch (err) {
        // Unknown settings count as closed: staff pass a closed site, everyone else waits (503).
        if (!who?.staff) throw err;
        gate = { closed: true, loginRequired: true };
      }
      if (gate.closed && !who?.staff) {
        throw new ConnectError(accessMessages.siteClosed, who ? Code.PermissionDenied : Code.Unauthenticated);
      }
      if (gate.loginRequired && !who) throw new ConnectError(accessMessages.loginRequired, Code.Unauthenticated);
    }

    if (rule.level !== AccessLevel.PUBLIC && !who) {
      throw new ConnectError(accessMessages.unauthenticated, Code.Unauthenticated);
    }
    if (rule.level === AccessLevel.PERMISSION && !who?.granted) {
      throw new ConnectError(accessMessages.permissionDenied, Code.PermissionDenied);
    }
    req.contextValues.set(callKey, call);
    return next(req);
  };
}

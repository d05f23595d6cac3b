// The proofs a third-party login carries between requests, signed with a key derived from the server's
// secret, so they need no table and hold across replicas:
//
// - the STATE of one login, bound to the browser that started it. The web app makes a random browser key,
//   keeps it in sessionStorage (it survives the round trip through the provider in the same tab and is
//   never sent to the provider) and sends it to StartOAuthLogin and again to LoginOAuth. The state is
//   `payload.mac` with the MAC over (payload, SHA-256 of the browser key, the exact redirect URI), so a
//   state made for one browser, provider or redirect URI is refused with any other (login CSRF: an
//   attacker's callback link fails in the victim's browser). It expires after STATE_TTL. A login started
//   to bind (from the profile) names the signed-in user in the signed payload: only that user may finish it.
//   The PKCE verifier and the OIDC nonce are derived from (state, browser key) by the same key: nothing
//   to store, and neither can be computed without the server's key and the browser's.
//   Chosen over a server-side record plus an HttpOnly cookie set by the gateway: the gateway stays a
//   pure router (no cookie state for one API), and a replayed callback is refused anyway by the provider,
//   which takes each code once (OAuth 2.0 §4.1.2).
// - the SESSION of an external account not bound yet (OAuthLoginReply.oauth.session): who the provider
//   said the visitor is, for BindOAuth or RegisterOAuth within SESSION_TTL.
import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import type { ExternalAccount, OAuthType } from "./providers/provider.js";

export const STATE_TTL_MS = 10 * 60_000;
export const SESSION_TTL_MS = 15 * 60_000;

const b64 = (b: Buffer) => b.toString("base64url");

function sameMac(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface StateClaims {
  type: OAuthType;
  redirectUri: string;
}

/** What a checked state says beyond its claims: the user a bind-mode login binds to (null: a login). */
export interface OpenedState {
  bindUserId: bigint | null;
}

export interface PendingAccount {
  type: OAuthType;
  account: ExternalAccount;
}

export function createOAuthProofs(secret: string, now: () => Date) {
  const key = Buffer.from(hkdfSync("sha256", secret, "wenku-oauth", "oauth state and session v1", 32));
  const mac = (...parts: string[]) => b64(createHmac("sha256", key).update(parts.join("\n")).digest());
  const keyHash = (browserKey: string) => b64(createHash("sha256").update(browserKey).digest());

  function open<T>(token: string, purpose: string, ...bound: string[]): T | undefined {
    const dot = token.indexOf(".");
    if (dot <= 0) return undefined;
    const payload = token.slice(0, dot);
    if (!sameMac(token.slice(dot + 1), mac(purpose, payload, ...bound))) return undefined;
    try {
      const v = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as T & { e: number };
      return v.e > now().getTime() ? v : undefined;
    } catch {
      return undefined;
    }
  }

  return {
    /** A new login's state, for this browser, provider and redirect URI; with `bindUserId`, to bind to that user. */
    state(claims: StateClaims, browserKey: string, bindUserId?: bigint): string {
      const body = { t: claims.type, e: now().getTime() + STATE_TTL_MS, n: b64(randomBytes(16)) };
      const payload = b64(
        Buffer.from(JSON.stringify(bindUserId === undefined ? body : { ...body, b: String(bindUserId) })),
      );
      return `${payload}.${mac("state", payload, keyHash(browserKey), claims.redirectUri)}`;
    },

    /** The state when this server made it for this browser, provider and redirect URI and it is unexpired. */
    checkState(state: string, claims: StateClaims, browserKey: string): OpenedState | null {
      const v = open<{ t: number; b?: string }>(state, "state", keyHash(browserKey), claims.redirectUri);
      if (v?.t !== claims.type) return null;
      return { bindUserId: typeof v.b === "string" && /^\d+$/.test(v.b) ? BigInt(v.b) : null };
    },

    /** The PKCE verifier of a login (43 URL-safe characters, RFC 7636) and its S256 challenge. */
    pkce(state: string, browserKey: string): { verifier: string; challenge: string } {
      const verifier = mac("pkce", state, browserKey);
      return { verifier, challenge: b64(createHash("sha256").update(verifier).digest()) };
    },

    /** The OIDC nonce of a login. */
    nonce: (state: string, browserKey: string): string => mac("nonce", state, browserKey),

    /** A signed, short-lived proof of an external account not bound yet. */
    session(p: PendingAccount): string {
      const payload = b64(
        Buffer.from(JSON.stringify({ t: p.type, a: p.account, e: now().getTime() + SESSION_TTL_MS })),
      );
      return `${payload}.${mac("session", payload)}`;
    },

    /** The account a session proves, if it is genuine and unexpired. */
    openSession(session: string): PendingAccount | undefined {
      const v = open<{ t: OAuthType; a: ExternalAccount }>(session, "session");
      return v ? { type: v.t, account: v.a } : undefined;
    },
  };
}
export type OAuthProofs = ReturnType<typeof createOAuthProofs>;

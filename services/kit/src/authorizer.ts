import type { Transport } from "@connectrpc/connect";
import { createClient } from "@connectrpc/connect";
import { AuthzInternalAPI } from "@wenku/proto/api/v1/user_internal_pb.js";
import { headers } from "./identity.js";

export interface Authorization {
  userId: bigint; // 0n: token invalid, expired or revoked
  sessionId: string;
  granted: boolean;
  staff: boolean;
  expiresAt: number; // unix seconds
}

/** Resolves a bearer token and an RPC's full name to the caller and their right to call it. */
export interface Authorizer {
  authorize(token: string, method: string): Promise<Authorization>;
}

export const anonymous: Authorization = { userId: 0n, sessionId: "", granted: false, staff: false, expiresAt: 0 };

/**
 * Short-lived cache in front of another authorizer. Entries expire after `ttlMs` or at the
 * token's expiry, whichever comes first; `invalidate()` drops everything at once (called on
 * logout / permission-change broadcasts so revocation takes effect immediately).
 *
 * "No session" answers (userId 0, which the access interceptor refuses with 401) are cached too,
 * per token: a dead token stays dead (expiry and revocation are final; re-enabling an account
 * broadcasts anyway), and another token is never judged by it. They live in their own map, so a
 * flood of made-up tokens only churns that map and never flushes the live sessions' entries.
 */
export class CachingAuthorizer implements Authorizer {
  private readonly live = new Map<string, { value: Authorization; until: number }>();
  private readonly dead = new Map<string, { value: Authorization; until: number }>();

  constructor(
    private readonly inner: Authorizer,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 10_000,
    private readonly now = () => Date.now(),
  ) {}

  async authorize(token: string, method: string): Promise<Authorization> {
    const key = `${method}\u0000${token}`;
    const now = this.now();
    const hit = this.live.get(key) ?? this.dead.get(key);
    if (hit && hit.until > now) return hit.value;
    const generation = this.generation;
    const value = await this.inner.authorize(token, method);
    // A revocation that arrived while we were asking must not be overwritten by a stale answer.
    if (generation === this.generation) {
      const entries = value.userId > 0n ? this.live : this.dead;
      if (entries.size >= this.maxEntries) entries.clear();
      const tokenLeft = value.expiresAt > 0 ? value.expiresAt * 1000 - now : this.ttlMs;
      entries.set(key, { value, until: now + Math.max(0, Math.min(this.ttlMs, tokenLeft)) });
    }
    return value;
  }

  private generation = 0;

  invalidate(): void {
    this.generation++;
    this.live.clear();
    this.dead.clear();
  }
}

/** Asks the user service (AuthzInternalAPI) over whatever transport reaches it. */
export function remoteAuthorizer(transport: Transport, internalToken: string): Authorizer {
  const client = createClient(AuthzInternalAPI, transport);
  return {
    async authorize(token, method) {
      const r = await client.authorize({ token, method }, { headers: { [headers.internal]: internalToken } });
      return {
        userId: r.userId,
        sessionId: r.sessionId,
        granted: r.granted,
        staff: r.hasAnyPermission,
        expiresAt: Number(r.expiresAt),
      };
    },
  };
}

/** Subject of the broadcast that tells every process to drop cached authorizations. */
export const AUTHZ_CHANGED_SUBJECT = "wenku.authz.changed";

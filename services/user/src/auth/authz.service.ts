import { type Authorization, type Authorizer, anonymous } from "@wenku/kit";
import type { AuthzRepository } from "./authz.repository.js";
import type { TokenCodec } from "./tokens.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Answers "who is this token and may they call `method`" from this service's own tables. */
export function createLocalAuthorizer(deps: { tokens: TokenCodec; repo: AuthzRepository }): Authorizer {
  return {
    async authorize(token: string, method: string): Promise<Authorization> {
      const claims = await deps.tokens.verify(token);
      if (!claims || !UUID.test(claims.sessionId)) return anonymous;
      const g = await deps.repo.sessionGrant(claims.userId, claims.sessionId, method);
      if (!g.valid) return anonymous;
      return {
        userId: claims.userId,
        sessionId: claims.sessionId,
        granted: g.granted,
        staff: g.staff,
        expiresAt: claims.expiresAt,
      };
    },
  };
}

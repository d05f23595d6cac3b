import type { ServiceImpl } from "@connectrpc/connect";
import type { Authorizer } from "@wenku/kit";
import type { AuthzInternalAPI } from "@wenku/proto/api/v1/user_internal_pb.js";

/** AuthzInternalAPI: other services ask here who a token is and what it grants. */
export function createAuthzHandlers(authorizer: Authorizer): ServiceImpl<typeof AuthzInternalAPI> {
  return {
    async authorize(req) {
      const a = await authorizer.authorize(req.token, req.method);
      return {
        userId: a.userId,
        sessionId: a.sessionId,
        granted: a.granted,
        hasAnyPermission: a.staff,
        expiresAt: BigInt(a.expiresAt),
      };
    },
  };
}

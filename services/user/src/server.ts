import type { ServiceImpl } from "@connectrpc/connect";
import {
  AUTHZ_CHANGED_SUBJECT,
  type Authorizer,
  type Broadcaster,
  CachingAuthorizer,
  defineService,
  type Logger,
  type ServiceDefinition,
  type SiteGate,
} from "@wenku/kit";
import { AuthzInternalAPI } from "@wenku/proto/api/v1/internal_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { createAuthzRepository } from "./auth/authz.repository.js";
import { createLocalAuthorizer } from "./auth/authz.service.js";
import { createTokenCodec } from "./auth/tokens.js";
import type { Db } from "./db.js";
import { createUserHandlers } from "./users/user.handlers.js";
import { createUserRepository } from "./users/user.repository.js";
import { createUserService } from "./users/user.service.js";

export interface UserServerDeps {
  db: Db;
  bus: Broadcaster;
  log: Logger;
  jwtSecret: string;
  internalToken: string;
  tokenTtlHours: number;
  siteGate?: SiteGate;
}

/** Wires the user service: repositories → domain → handlers, under the kit's interceptors. */
export async function buildServer(deps: UserServerDeps): Promise<ServiceDefinition> {
  const tokens = createTokenCodec(deps.jwtSecret);
  const authorizer = new CachingAuthorizer(createLocalAuthorizer({ tokens, repo: createAuthzRepository(deps.db) }));
  await deps.bus.onBroadcast(AUTHZ_CHANGED_SUBJECT, () => authorizer.invalidate());
  const users = createUserService({
    repo: createUserRepository(deps.db),
    tokens,
    tokenTtlHours: deps.tokenTtlHours,
    async onSessionRevoked(sessionId) {
      authorizer.invalidate();
      await deps.bus.broadcast(AUTHZ_CHANGED_SUBJECT, new TextEncoder().encode(sessionId));
    },
  });
  return defineService({
    name: "user",
    log: deps.log,
    authorizer,
    internalToken: deps.internalToken,
    siteGate: deps.siteGate,
    readiness: [async () => void (await deps.db.$queryRaw`SELECT 1`)],
    impls: [
      [UserAPI, createUserHandlers(users)],
      [AuthzInternalAPI, authzHandlers(authorizer)],
    ],
  });
}

/** AuthzInternalAPI: other services ask here who a token is and what it grants. */
function authzHandlers(authorizer: Authorizer): ServiceImpl<typeof AuthzInternalAPI> {
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

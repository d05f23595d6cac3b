import { randomUUID } from "node:crypto";
import type { CallContext } from "@wenku/kit";
import type { TokenCodec } from "../auth/tokens.js";
import type { UserRepository } from "./user.repository.js";

export interface Session {
  token: string;
  userId: bigint;
}

/** Opens a session for a signed-in user: a sessions row and the token naming it (every way of signing in). */
export function createSessionOpener(deps: {
  repo: Pick<UserRepository, "createSession">;
  tokens: TokenCodec;
  tokenTtlHours: number;
  clock?: () => Date;
}) {
  const now = deps.clock ?? (() => new Date());
  return async function openSession(userId: bigint, call: CallContext): Promise<Session> {
    const id = randomUUID();
    const expiresAt = new Date(now().getTime() + deps.tokenTtlHours * 3600_000);
    await deps.repo.createSession({ id, userId, ip: call.clientIp, userAgent: "", expiresAt });
    const token = await deps.tokens.sign({ userId, sessionId: id, expiresAt: Math.floor(expiresAt.getTime() / 1000) });
    return { token, userId };
  };
}
export type OpenSession = ReturnType<typeof createSessionOpener>;

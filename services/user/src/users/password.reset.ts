// The operator's way back in (npm run admin:reset-password): a new password for an account, set
// straight in the database, with the user service's own rules and hashing, every session ended.
import { DomainError } from "@wenku/kit";
import { generatePassword, hashPassword } from "../auth/password.js";
import type { Db } from "../db.js";
import { createUserRepository } from "./user.repository.js";
import { checkPassword } from "./user.rules.js";

export interface PasswordReset {
  username: string;
  /** The new password: the one given, or a generated one to show. */
  password: string;
  generated: boolean;
  /** Sessions ended (signed-in browsers and apps of the account). */
  sessionsEnded: number;
}

/** Sets `password` (or a generated one) for exactly `username`; refuses what registration refuses. */
export async function resetPassword(db: Db, input: { username: string; password?: string }): Promise<PasswordReset> {
  const password = input.password === undefined ? generatePassword() : checkPassword(input.password);
  const repo = createUserRepository(db);
  const user = await repo.byUsername(input.username);
  if (!user) throw new DomainError("not_found", `用户不存在：${input.username}`);
  await repo.update(user.id, { passwordHash: await hashPassword(password) });
  const ended = await repo.revokeUserSessions([user.id]);
  return { username: user.username, password, generated: input.password === undefined, sessionsEnded: ended.count };
}

import { randomUUID } from "node:crypto";
import { type CallContext, DomainError } from "@wenku/kit";
import { hashPassword, verifyPassword } from "../auth/password.js";
import type { TokenCodec } from "../auth/tokens.js";
import type { UserRepository } from "./user.repository.js";

export interface Session {
  token: string;
  userId: bigint;
}

export interface UserServiceDeps {
  repo: UserRepository;
  tokens: TokenCodec;
  tokenTtlHours: number;
  /** Called after a session is revoked so every process drops cached authorizations at once. */
  onSessionRevoked: (sessionId: string) => Promise<void>;
  clock?: () => Date;
}

const USERNAME = /^[\p{L}\p{N}_-]{2,32}$/u;

/** Account rules: who may register, log in, and what a session is. */
export function createUserService(deps: UserServiceDeps) {
  const now = deps.clock ?? (() => new Date());

  async function openSession(userId: bigint, call: CallContext, userAgent = ""): Promise<Session> {
    const id = randomUUID();
    const expiresAt = new Date(now().getTime() + deps.tokenTtlHours * 3600_000);
    await deps.repo.createSession({ id, userId, ip: call.clientIp, userAgent: userAgent.slice(0, 255), expiresAt });
    const token = await deps.tokens.sign({ userId, sessionId: id, expiresAt: Math.floor(expiresAt.getTime() / 1000) });
    return { token, userId };
  }

  return {
    async register(call: CallContext, input: { username: string; password: string; email: string }) {
      const username = input.username.trim();
      if (!username) throw new DomainError("invalid_argument", "请输入您的登录用户名");
      if (!USERNAME.test(username)) {
        throw new DomainError("invalid_argument", "用户名只能包含2-32位字母、数字、下划线或中划线");
      }
      if (input.password.length < 6 || input.password.length > 64) {
        throw new DomainError("invalid_argument", "密码长度须为6-64位");
      }
      if (await deps.repo.usernameTaken(username)) throw new DomainError("already_exists", "该用户名已被注册");
      const user = await deps.repo.create({
        username,
        passwordHash: await hashPassword(input.password),
        email: input.email.trim() || undefined,
        registerIp: call.clientIp,
      });
      return { user, session: await openSession(user.id, call) };
    },

    async login(call: CallContext, input: { username: string; password: string }) {
      const login = input.username.trim();
      if (!login) throw new DomainError("invalid_argument", "请输入您的登录用户名");
      if (!input.password) throw new DomainError("invalid_argument", "请输入您的登录密码");
      const user = await deps.repo.byLogin(login);
      // Same message and same work for unknown users and wrong passwords (no account probing).
      const ok = await verifyPassword(
        user?.password ??
          "$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        input.password,
      );
      if (!user || !ok) throw new DomainError("invalid_argument", "用户名或密码不正确");
      if (user.status !== 0) throw new DomainError("permission_denied", "您的账号已被禁用");
      return { user, session: await openSession(user.id, call) };
    },

    async logout(call: CallContext) {
      const who = call.identity;
      if (!who) throw new DomainError("unauthenticated", "请先登录");
      await deps.repo.revokeSession(who.sessionId, who.userId);
      await deps.onSessionRevoked(who.sessionId);
    },

    async getUser(call: CallContext, id: bigint) {
      const target = id > 0n ? id : call.identity?.userId;
      if (!target) throw new DomainError("invalid_argument", "请指定用户");
      const user = await deps.repo.byId(target);
      if (!user) throw new DomainError("not_found", "用户不存在");
      const full = call.identity?.userId === user.id || !!call.identity?.granted;
      return { user, full };
    },

    permissionsOf: (call: CallContext) => deps.repo.permissionsOf(call.identity!.userId),
    groupsOf: (call: CallContext) => deps.repo.groupsOf(call.identity!.userId),
  };
}
export type UserService = ReturnType<typeof createUserService>;

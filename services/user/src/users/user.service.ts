import { randomUUID } from "node:crypto";
import { type CallContext, DomainError, isUniqueViolation, paging, requireSignedIn } from "@wenku/kit";
import { identifierKey } from "@wenku/kit/ratelimit.js";
import type { LoginGuard } from "../auth/login.guard.js";
import { hashPassword, verifyPassword } from "../auth/password.js";
import type { TokenCodec } from "../auth/tokens.js";
import type { CaptchaService } from "../captcha/captcha.service.js";
import { type DynamicRepository, DynamicType } from "../dynamics/dynamic.repository.js";
import type { PunishmentRepository } from "../punishments/punishment.repository.js";
import type { SettingsProvider } from "../settings.js";
import type { UserFields, UserRepository } from "./user.repository.js";
import {
  AVATAR,
  checkEmail,
  checkLength,
  checkMobile,
  checkPassword,
  checkUsername,
  refuseTaken,
  shownAvatar,
  userMessages,
} from "./user.rules.js";

export interface Session {
  token: string;
  userId: bigint;
}

/** Tells every process that who may do what changed (sessions revoked, groups, permissions). */
export interface AuthzChanges {
  changed(): Promise<void>;
}

export interface UserServiceDeps {
  repo: UserRepository;
  punishments: PunishmentRepository;
  dynamics: DynamicRepository;
  captcha: CaptchaService;
  settings: SettingsProvider;
  tokens: TokenCodec;
  tokenTtlHours: number;
  authz: AuthzChanges;
  /** Wrong-password throttling per address and account (auth/login.guard.ts). */
  loginGuard: LoginGuard;
  clock?: () => Date;
}

/** PunishmentType values (enums.proto). */
export const Punish = { disable: 1, noComment: 2, noUpload: 3, noDownload: 4, noFavorite: 5, noArticle: 6 } as const;

// Same work for unknown users as for wrong passwords (no account probing by timing).
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

/** Account rules: registration, login, sessions, one's own password and profile. */
export function createUserService(deps: UserServiceDeps) {
  const now = deps.clock ?? (() => new Date());

  async function openSession(userId: bigint, call: CallContext): Promise<Session> {
    const id = randomUUID();
    const expiresAt = new Date(now().getTime() + deps.tokenTtlHours * 3600_000);
    await deps.repo.createSession({ id, userId, ip: call.clientIp, userAgent: "", expiresAt });
    const token = await deps.tokens.sign({ userId, sessionId: id, expiresAt: Math.floor(expiresAt.getTime() / 1000) });
    return { token, userId };
  }

  /** Refuses a disabled account or one under a "disable account" punishment in force. */
  async function refuseDisabled(user: { id: bigint; status: number }) {
    if (user.status !== 0) throw new DomainError("permission_denied", userMessages.disabled);
    const ban = (await deps.punishments.active(user.id, now())).find((p) => p.type === Punish.disable);
    if (ban) {
      throw new DomainError(
        "permission_denied",
        ban.reason ? `${userMessages.disabled}：${ban.reason}` : userMessages.disabled,
      );
    }
  }

  async function target(call: CallContext, id: bigint) {
    const who = requireSignedIn(call);
    const targetId = id > 0n ? id : who.userId;
    const self = targetId === who.userId;
    // Acting on someone else needs the RPC's permission (owner rule in the contract).
    if (!self && !who.granted) throw new DomainError("permission_denied", "您没有权限执行该操作");
    const user = await deps.repo.byId(targetId);
    if (!user) throw new DomainError("not_found", userMessages.notFound);
    return { who, user, self };
  }

  /**
   * May `userId` upload documents, and do their documents wait for review? Asked by the content
   * service (UserInternalAPI) before an upload and when documents are created.
   */
  async function uploadPolicy(userId: bigint): Promise<{ allowed: boolean; reason: string; needsReview: boolean }> {
    const [punishments, groups] = await Promise.all([
      deps.punishments.active(userId, now()),
      deps.repo.groupsOf(userId),
    ]);
    const needsReview = groups.some((g) => g.enableDocumentReview);
    const punished = punishments.map((p) => p.type);
    if (punished.includes(Punish.disable) || punished.includes(Punish.noUpload)) {
      return { allowed: false, reason: "您已被禁止上传文档", needsReview };
    }
    if (!groups.some((g) => g.enableUpload)) {
      return { allowed: false, reason: "您所在的用户组不允许上传文档", needsReview };
    }
    return { allowed: true, reason: "", needsReview };
  }

  return {
    async register(
      call: CallContext,
      input: { username: string; password: string; email: string; mobile: string; captcha: string; captchaId: string },
    ) {
      const settings = await deps.settings.security();
      if (!settings.enableRegister) throw new DomainError("permission_denied", userMessages.registerClosed);
      const username = checkUsername(input.username);
      const password = checkPassword(input.password);
      const email = checkEmail(input.email);
      const mobile = checkMobile(input.mobile);
      if (settings.enableVerifyRegisterEmail) {
        // E-mail codes (SendEmailCode) are not built yet: registering unverified would bypass the setting.
        throw new DomainError("failed_precondition", "邮箱验证注册暂不可用，请联系管理员");
      }
      await deps.captcha.check("register", input.captchaId, input.captcha);
      refuseTaken(await deps.repo.taken({ username, email, mobile }));
      let user: Awaited<ReturnType<UserRepository["create"]>>;
      try {
        user = await deps.repo.create({
          username,
          passwordHash: await hashPassword(password),
          email,
          mobile,
          registerIp: call.clientIp,
        });
      } catch (err) {
        if (isUniqueViolation(err)) refuseTaken(await deps.repo.taken({ username, email, mobile }));
        throw err;
      }
      await deps.dynamics.add(user.id, DynamicType.register, "注册成为网站会员");
      const session = await openSession(user.id, call);
      return { user: (await deps.repo.byId(user.id)) ?? user, session };
    },

    async login(call: CallContext, input: { username: string; password: string; captcha: string; captchaId: string }) {
      const login = input.username.trim();
      if (!login) throw new DomainError("invalid_argument", userMessages.usernameRequired);
      if (!input.password) throw new DomainError("invalid_argument", userMessages.passwordRequired);
      const user = await deps.repo.byLogin(login);
      // Throttled per account (its id, whichever of name, e-mail or mobile was typed) and address.
      const account = user ? `u${user.id}` : `n${identifierKey(login)}`;
      const limits = (await deps.settings.security()).login;
      await deps.loginGuard.admit(call, account, limits);
      await deps.captcha.check("login", input.captchaId, input.captcha);
      const ok = await verifyPassword(user?.password ?? DUMMY_HASH, input.password);
      if (!user || !ok) {
        await deps.loginGuard.failed(call, account, limits);
        throw new DomainError("invalid_argument", userMessages.badLogin);
      }
      await deps.loginGuard.succeeded(call, account);
      await refuseDisabled(user);
      const session = await openSession(user.id, call);
      return { user: (await deps.repo.byId(user.id)) ?? user, session };
    },

    async logout(call: CallContext) {
      const who = requireSignedIn(call);
      await deps.repo.revokeSession(who.sessionId, who.userId);
      await deps.authz.changed();
    },

    async getUser(call: CallContext, id: bigint) {
      const targetId = id > 0n ? id : call.identity?.userId;
      if (!targetId) throw new DomainError("invalid_argument", "请指定用户");
      const user = await deps.repo.byId(targetId);
      if (!user) throw new DomainError("not_found", userMessages.notFound);
      const full = call.identity?.userId === user.id || !!call.identity?.granted;
      return { user, full };
    },

    /**
     * One's own password (old one required; the user's other sessions are revoked, the current one
     * stays) or, with the permission, another user's (all their sessions are revoked).
     */
    async updatePassword(call: CallContext, input: { id: bigint; oldPassword: string; newPassword: string }) {
      const { who, user, self } = await target(call, input.id);
      if (self && !input.oldPassword) throw new DomainError("invalid_argument", userMessages.oldPasswordRequired);
      const password = checkPassword(input.newPassword, userMessages.newPasswordRequired);
      if (self && !(await verifyPassword(user.password, input.oldPassword))) {
        throw new DomainError("invalid_argument", userMessages.oldPasswordWrong);
      }
      await deps.repo.update(user.id, { passwordHash: await hashPassword(password) });
      await deps.repo.revokeUserSessions([user.id], self ? who.sessionId : undefined);
      await deps.dynamics.add(user.id, DynamicType.password, "修改了登录密码");
      await deps.authz.changed();
    },

    /**
     * Profile fields of the caller or, with the permission, of anyone (then also username, remark,
     * status, and e-mail/mobile once set). The owner may set e-mail and mobile only while empty.
     */
    async updateProfile(
      call: CallContext,
      input: UserFields & { id: bigint; email: string; mobile: string; username: string; status: number },
    ) {
      const { who, user, self } = await target(call, input.id);
      const staff = who.granted;
      const fields: UserFields = {
        realname: checkLength(input.realname ?? "", "真实姓名", 64),
        identity: checkLength(input.identity ?? "", "身份证号", 32),
        address: checkLength(input.address ?? "", "联系地址", 255),
        signature: checkLength(input.signature ?? "", "个性签名", 255),
      };
      // Unchanged (also a legacy outside URL, shown as "") stays; a new one must be one of our uploads.
      const avatar = (input.avatar ?? "").trim();
      if (avatar && avatar !== user.avatar && !AVATAR.test(avatar)) {
        throw new DomainError("invalid_argument", userMessages.avatarUpload);
      }
      fields.avatar = avatar === shownAvatar(user.avatar) ? user.avatar : avatar;

      const email = checkEmail(input.email);
      if (email && email !== (user.email ?? "")) {
        if (user.email && !staff) throw new DomainError("permission_denied", userMessages.emailLocked);
        fields.email = email;
      }
      const mobile = checkMobile(input.mobile);
      if (mobile && mobile !== (user.mobile ?? "")) {
        if (user.mobile && !staff) throw new DomainError("permission_denied", userMessages.mobileLocked);
        fields.mobile = mobile;
      }
      if (staff) {
        if (input.username.trim() && input.username.trim() !== user.username)
          fields.username = checkUsername(input.username);
        fields.remark = checkLength(input.remark ?? "", "备注", 255);
        if (!self) {
          if (input.status !== 0 && input.status !== 1) throw new DomainError("invalid_argument", "用户状态不正确");
          fields.status = input.status;
        }
      }
      refuseTaken(await deps.repo.taken(fields, user.id));
      try {
        await deps.repo.update(user.id, fields);
      } catch (err) {
        if (isUniqueViolation(err)) refuseTaken(await deps.repo.taken(fields, user.id));
        throw err;
      }
      if (fields.avatar !== user.avatar) await deps.dynamics.add(user.id, DynamicType.avatar, "更新了头像");
      await deps.dynamics.add(user.id, DynamicType.info, "更新了个人资料");
      if (fields.status !== undefined && fields.status !== user.status) {
        if (fields.status !== 0) await deps.repo.revokeUserSessions([user.id]);
        await deps.authz.changed();
      }
    },

    permissionsOf: (call: CallContext) => deps.repo.permissionsOf(requireSignedIn(call).userId),
    groupsOf: (call: CallContext) => deps.repo.groupsOf(requireSignedIn(call).userId),

    /** OK when one of the caller's groups allows uploads and no upload or account punishment is in force. */
    async canUpload(call: CallContext) {
      const policy = await uploadPolicy(requireSignedIn(call).userId);
      if (!policy.allowed) throw new DomainError("permission_denied", policy.reason);
    },

    uploadPolicy,

    /** SetUserAvatar (internal): the image the content service just stored becomes the user's avatar. */
    async setAvatar(userId: bigint, avatar: string) {
      if (!AVATAR.test(avatar)) throw new DomainError("invalid_argument", userMessages.avatarUpload);
      const user = await deps.repo.byId(userId);
      if (!user) throw new DomainError("not_found", userMessages.notFound);
      if (user.avatar === avatar) return;
      await deps.repo.update(user.id, { avatar });
      await deps.dynamics.add(user.id, DynamicType.avatar, "更新了头像");
    },

    /** Public fields (id, username, avatar) of the users among `ids` that exist, at most 1000 at once. */
    userCount: () => deps.repo.count(),

    briefs: async (ids: bigint[]) =>
      (await deps.repo.briefs([...new Set(ids)].slice(0, 1000))).map((u) => ({ ...u, avatar: shownAvatar(u.avatar) })),

    /** OK when one of the caller's groups allows articles and no article or account punishment is in force. */
    async canPublishArticle(call: CallContext) {
      const who = requireSignedIn(call);
      const punished = (await deps.punishments.active(who.userId, now())).map((p) => p.type);
      if (punished.includes(Punish.disable) || punished.includes(Punish.noArticle)) {
        throw new DomainError("permission_denied", "您已被禁止发布文章");
      }
      if (!(await deps.repo.groupsOf(who.userId)).some((g) => g.enableArticle)) {
        throw new DomainError("permission_denied", "您所在的用户组不允许发布文章");
      }
    },

    async dynamics(call: CallContext, page: bigint, size: bigint) {
      const who = requireSignedIn(call);
      const { skip, take } = paging(page, size, { max: 100, fallback: 10 });
      return deps.dynamics.list(who.userId, skip, take);
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;

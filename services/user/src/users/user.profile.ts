// One's own account after sign-up: profile, password, avatar, dynamics; public user lookups for
// other services. Staff act on others through the same rules (the contract's owner rule).
import { type CallContext, cleanName, DomainError, isUniqueViolation, paging, requireSignedIn } from "@wenku/kit";
import { hashPassword, verifyPassword } from "../auth/password.js";
import { type DynamicRepository, DynamicType } from "../dynamics/dynamic.repository.js";
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
import type { AuthzChanges, BriefChanges } from "./user.service.js";

export interface UserProfileDeps {
  repo: UserRepository;
  dynamics: DynamicRepository;
  authz: AuthzChanges;
  /** Told after a name or an avatar changed; absent: nobody keeps brief users. */
  briefs?: BriefChanges;
}

/** The kinds of another user's feed anyone may read (ListUserDynamic with their id). */
const PUBLIC_DYNAMICS: readonly number[] = [DynamicType.comment, DynamicType.favorite];

export function createUserProfileService(deps: UserProfileDeps) {
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

  return {
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
      // an account a third-party login created has no password yet (""): its first one needs no old one
      const proveOld = self && user.password !== "";
      if (proveOld && !input.oldPassword) throw new DomainError("invalid_argument", userMessages.oldPasswordRequired);
      const password = checkPassword(input.newPassword, userMessages.newPasswordRequired);
      if (proveOld && !(await verifyPassword(user.password, input.oldPassword))) {
        throw new DomainError("invalid_argument", userMessages.oldPasswordWrong);
      }
      await deps.repo.update(user.id, { passwordHash: await hashPassword(password) });
      await deps.repo.revokeUserSessions([user.id], self ? who.sessionId : undefined);
      await deps.dynamics.add(user.id, DynamicType.password, "修改了登录密码", { via: "profile" });
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
        fields.emailVerified = false;
      }
      const mobile = checkMobile(input.mobile);
      if (mobile && mobile !== (user.mobile ?? "")) {
        if (user.mobile && !staff) throw new DomainError("permission_denied", userMessages.mobileLocked);
        fields.mobile = mobile;
        fields.mobileVerified = false;
      }
      if (staff) {
        if (cleanName(input.username) && cleanName(input.username) !== user.username)
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
      if (fields.avatar !== user.avatar || (fields.username && fields.username !== user.username))
        await deps.briefs?.changed();
      if (fields.avatar !== user.avatar) await deps.dynamics.add(user.id, DynamicType.avatar, "更新了头像");
      await deps.dynamics.add(user.id, DynamicType.info, "更新了个人资料");
      if (fields.status !== undefined && fields.status !== user.status) {
        if (fields.status !== 0) await deps.repo.revokeUserSessions([user.id]);
        await deps.authz.changed();
      }
    },

    permissionsOf: (call: CallContext) => deps.repo.permissionsOf(requireSignedIn(call).userId),
    groupsOf: (call: CallContext) => deps.repo.groupsOf(requireSignedIn(call).userId),

    /** SetUserAvatar (internal): the image the content service just stored becomes the user's avatar. */
    async setAvatar(userId: bigint, avatar: string) {
      if (!AVATAR.test(avatar)) throw new DomainError("invalid_argument", userMessages.avatarUpload);
      const user = await deps.repo.byId(userId);
      if (!user) throw new DomainError("not_found", userMessages.notFound);
      if (user.avatar === avatar) return;
      await deps.repo.update(user.id, { avatar });
      await deps.briefs?.changed();
      await deps.dynamics.add(user.id, DynamicType.avatar, "更新了头像");
    },

    userCount: () => deps.repo.count(),

    /** Users registered per day over the last `days` days (1–366) in `timeZone` (empty: UTC). */
    async registeredPerDay(days: number, timeZone: string) {
      if (!Number.isInteger(days) || days < 1 || days > 366)
        throw new DomainError("invalid_argument", "统计天数须在 1 到 366 之间");
      return deps.repo.registeredPerDay(days, timeZone || "UTC");
    },

    /** Public fields (id, username, avatar) of the users among `ids` that exist, at most 1000 at once. */
    briefs: async (ids: bigint[]) =>
      (await deps.repo.briefs([...new Set(ids)].slice(0, 1000))).map((u) => ({ ...u, avatar: shownAvatar(u.avatar) })),

    /**
     * An activity feed: one's own (id 0 or oneself: every kind), or another user's public part, what
     * they commented on and favorited (always public targets; their uploads and articles may still wait
     * for review, logins, downloads and sign-ins are their own business).
     */
    async dynamics(call: CallContext, id: bigint, page: bigint, size: bigint) {
      const { skip, take } = paging(page, size, { max: 100, fallback: 10 });
      const me = call.identity?.userId;
      // as GetUser: a visitor names the user (a public RPC never answers 401 for lack of a sign-in)
      if (id <= 0n && me === undefined) throw new DomainError("invalid_argument", "请指定用户");
      if (id <= 0n || id === me) return deps.dynamics.list(requireSignedIn(call).userId, skip, take);
      if (!(await deps.repo.byId(id))) throw new DomainError("not_found", userMessages.notFound);
      return deps.dynamics.list(id, skip, take, PUBLIC_DYNAMICS);
    },
  };
}
export type UserProfileService = ReturnType<typeof createUserProfileService>;

import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import {
  GetUserCaptchaReplySchema,
  GetUserPermissionsReplySchema,
  ListUserDynamicReplySchema,
  ListUserGroupReplySchema,
  ListUserReplySchema,
  LoginReplySchema,
  type UserAPI,
} from "@wenku/proto/api/v1/user_pb.js";
import type { CaptchaService } from "../captcha/captcha.service.js";
import type { EmailCodeService } from "../codes/email.code.js";
import type { DownloadHistory } from "../documents/download.history.js";
import type { PasswordRecovery } from "../recovery/password.recovery.js";
import { toSign } from "../sign/sign.mapper.js";
import type { SignService } from "../sign/sign.service.js";
import type { UserAdminService } from "./user.admin.js";
import { toDynamic, toFullUser, toGroup, toPermission, toPublicUser } from "./user.mapper.js";
import type { MobileAccounts } from "./user.mobile.js";
import type { UserPolicy } from "./user.policy.js";
import type { UserProfileService } from "./user.profile.js";
import type { UserService } from "./user.service.js";

/**
 * Fills what other services own on shown users (user.counts.ts): doc_count, article_count and
 * favorite_count (the content service) always (full: everything the user has; else what everyone may
 * see); credit_count (the order service's ledger) on full profiles only — a balance is the user's own
 * business, shown to them and to staff. Brief users (GetUsers, for lists) never carry counts.
 */
export type UserCountsFiller = <
  U extends { id: bigint; docCount: number; articleCount: number; favoriteCount: number; creditCount: number },
>(
  users: U[],
  full: boolean,
) => Promise<U[]>;

/** The services UserAPI's methods call. */
export interface UserDomain {
  users: UserService;
  profiles: UserProfileService;
  policy: UserPolicy;
  admin: UserAdminService;
  captcha: CaptchaService;
  withCounts: UserCountsFiller;
  signs: SignService;
  downloads: DownloadHistory;
  /** Mobile sign-up, sign-in and recovery with SMS codes. */
  mobile: MobileAccounts;
  emailCodes: EmailCodeService;
  recovery: PasswordRecovery;
}

/** Thin RPC edge of UserAPI. RPCs of slices not built yet are absent and answer Unimplemented. */
export function createUserHandlers({
  users,
  profiles,
  policy,
  admin,
  captcha,
  withCounts,
  signs,
  downloads,
  mobile,
  emailCodes,
  recovery,
}: UserDomain): Partial<ServiceImpl<typeof UserAPI>> {
  return {
    async register(req, ctx) {
      const { user, session } = await users.register(actor(ctx), req);
      const [shown] = await withCounts([toFullUser(user)], true);
      return create(LoginReplySchema, { token: session.token, user: shown });
    },
    async login(req, ctx) {
      const { user, session } = await users.login(actor(ctx), req);
      const [shown] = await withCounts([toFullUser(user)], true);
      return create(LoginReplySchema, { token: session.token, user: shown });
    },
    async registerByMobile(req, ctx) {
      const { user, session } = await mobile.register(actor(ctx), req);
      const [shown] = await withCounts([toFullUser(user)], true);
      return create(LoginReplySchema, { token: session.token, user: shown });
    },
    async loginByMobile(req, ctx) {
      const { user, session } = await mobile.login(actor(ctx), req);
      const [shown] = await withCounts([toFullUser(user)], true);
      return create(LoginReplySchema, { token: session.token, user: shown });
    },
    async findPasswordByMobile(req) {
      await mobile.findPassword(req);
      return {};
    },
    async sendEmailCode(req, ctx) {
      await emailCodes.send(actor(ctx), req);
      return {};
    },
    async findPasswordStepOne(req, ctx) {
      await recovery.requestLink(actor(ctx), req);
      return {};
    },
    async findPasswordStepTwo(req, ctx) {
      await recovery.reset(actor(ctx), req);
      return {};
    },
    async logout(_req, ctx) {
      await users.logout(actor(ctx));
      return {};
    },
    async getUser(req, ctx) {
      const call = actor(ctx);
      const { user, full } = await profiles.getUser(call, req.id);
      const [shown] = await withCounts([full ? toFullUser(user, !!call.identity?.granted) : toPublicUser(user)], full);
      return shown as NonNullable<typeof shown>;
    },
    async updateUserPassword(req, ctx) {
      await profiles.updatePassword(actor(ctx), req);
      return {};
    },
    async updateUserProfile(req, ctx) {
      await profiles.updateProfile(actor(ctx), req);
      return {};
    },
    async listUser(req, ctx) {
      const { total, rows, full } = await admin.list(actor(ctx), req);
      return create(ListUserReplySchema, {
        total: BigInt(total),
        user: await withCounts(
          rows.map((u) => (full ? toFullUser(u, true) : toPublicUser(u))),
          full,
        ),
      });
    },
    async addUser(req) {
      await admin.add(req);
      return {};
    },
    async setUser(req, ctx) {
      await admin.set(actor(ctx), req);
      return {};
    },
    async deleteUser(req, ctx) {
      await admin.delete(actor(ctx), req);
      return {};
    },
    async getUserCaptcha(req, ctx) {
      return create(GetUserCaptchaReplySchema, await captcha.issue(req.type, actor(ctx)));
    },
    async getUserPermissions(_req, ctx) {
      const rows = await profiles.permissionsOf(actor(ctx));
      return create(GetUserPermissionsReplySchema, { permission: rows.map(toPermission) });
    },
    async listUserGroup(_req, ctx) {
      const rows = await profiles.groupsOf(actor(ctx));
      return create(ListUserGroupReplySchema, { group: rows.map(toGroup) });
    },
    async canIUploadDocument(_req, ctx) {
      await policy.canUpload(actor(ctx));
      return {};
    },
    async canIPublishArticle(_req, ctx) {
      await policy.canPublishArticle(actor(ctx));
      return {};
    },
    async listUserDynamic(req, ctx) {
      const { total, rows } = await profiles.dynamics(actor(ctx), req.id, req.page, req.size);
      return create(ListUserDynamicReplySchema, { total: BigInt(total), dynamic: rows.map(toDynamic) });
    },
    async signToday(_req, ctx) {
      return toSign(await signs.signToday(actor(ctx)));
    },
    async getSignedToday(_req, ctx) {
      return toSign(await signs.signedToday(actor(ctx)));
    },
    async listUserDownload(req, ctx) {
      return downloads.mine(actor(ctx), req.page, req.size);
    },
  };
}

import { create } from "@bufbuild/protobuf";
import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor, DomainError } from "@wenku/kit";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import { PolicyAction, UserActivity, type UserInternalAPI } from "@wenku/proto/api/v1/user_internal_pb.js";
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
import type { Activity, ActivityDynamics } from "../dynamics/activity.dynamics.js";
import type { UserAdminService } from "./user.admin.js";
import { toDynamic, toFullUser, toGroup, toPermission, toPublicUser } from "./user.mapper.js";
import type { PolicyActionName, UserPolicy } from "./user.policy.js";
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

/** Thin RPC edge of UserAPI. RPCs of slices not built yet are absent and answer Unimplemented. */
export function createUserHandlers(
  users: UserService,
  profiles: UserProfileService,
  policy: UserPolicy,
  admin: UserAdminService,
  captcha: CaptchaService,
  withCounts: UserCountsFiller,
): Partial<ServiceImpl<typeof UserAPI>> {
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
  };
}

const POLICY_ACTIONS: Record<number, PolicyActionName> = {
  [PolicyAction.UPLOAD]: "upload",
  [PolicyAction.ARTICLE]: "article",
  [PolicyAction.COMMENT]: "comment",
  [PolicyAction.FAVORITE]: "favorite",
  [PolicyAction.DOWNLOAD]: "download",
};
const ACTIVITIES: Record<number, Activity> = {
  [UserActivity.COMMENT]: "comment",
  [UserActivity.FAVORITE]: "favorite",
  [UserActivity.UPLOAD]: "upload",
  [UserActivity.DOWNLOAD]: "download",
  [UserActivity.ARTICLE]: "article",
};
const invalid = (message: string): never => {
  throw new DomainError("invalid_argument", message);
};

/** UserInternalAPI: what other services ask about users (action policies, public profiles); captchas are captcha.handlers.ts. */
export function createUserInternalHandlers(
  profiles: UserProfileService,
  policy: UserPolicy,
  activities: ActivityDynamics,
): Omit<ServiceImpl<typeof UserInternalAPI>, "verifyCaptcha"> {
  return {
    async getActionPolicy(req) {
      return policy.actionPolicy(req.userId, POLICY_ACTIONS[req.action] ?? invalid(`未知的操作：${req.action}`));
    },
    async setUserAvatar(req) {
      await profiles.setAvatar(req.userId, req.avatar);
      return {};
    },
    async getUsers(req) {
      return { user: await profiles.briefs(req.id) };
    },
    async getUserStats() {
      return { userCount: await profiles.userCount() };
    },
    async getUserDailyCounts(req) {
      return { registered: await profiles.registeredPerDay(req.days, req.timeZone) };
    },
    async getVipState(req) {
      const { isVip, expiredAt } = await policy.vipState(req.userId);
      return { isVip, expiredAt: expiredAt ? timestampFromDate(expiredAt) : undefined };
    },
    async setUserVipExpiry(req) {
      const { isVip, expiredAt } = await policy.setVipExpiry(
        req.userId,
        req.expiredAt ? timestampDate(req.expiredAt) : undefined,
        req.force,
      );
      return { isVip, expiredAt: expiredAt ? timestampFromDate(expiredAt) : undefined };
    },
    async recordUserActivity(req) {
      const activity = ACTIVITIES[req.activity] ?? invalid(`未知的动态类型：${req.activity}`);
      await activities.record(
        req.userId,
        activity,
        req.item.map((item) => ({
          kind: item.kind === ContentKind.ARTICLE ? "article" : "document",
          id: item.id,
          ref: item.ref,
          title: item.title,
        })),
      );
      return {};
    },
  };
}

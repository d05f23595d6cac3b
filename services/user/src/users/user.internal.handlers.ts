// UserInternalAPI, the one module implementing it: what other services ask about users (action
// policies, public profiles, statistics, VIP state, activity feeds, captchas of their forms).
import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor, DomainError } from "@wenku/kit";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import { PolicyAction, UserActivity, type UserInternalAPI } from "@wenku/proto/api/v1/user_internal_pb.js";
import type { CaptchaService } from "../captcha/captcha.service.js";
import type { Activity, ActivityDynamics } from "../dynamics/activity.dynamics.js";
import type { PolicyActionName, UserPolicy } from "./user.policy.js";
import type { UserProfileService } from "./user.profile.js";

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

/** The services UserInternalAPI's methods call. */
export interface UserInternalDomain {
  profiles: UserProfileService;
  policy: UserPolicy;
  activities: ActivityDynamics;
  captcha: CaptchaService;
}

export function createUserInternalHandlers({
  profiles,
  policy,
  activities,
  captcha,
}: UserInternalDomain): Omit<ServiceImpl<typeof UserInternalAPI>, "handleWechatPush"> {
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
    async verifyCaptcha(req, ctx) {
      await captcha.verify(req.scene, actor(ctx), req.captchaId, req.captcha);
      return {};
    },
  };
}

// What a user may do, decided from their groups' flags and the punishments in force: upload documents
// (asked by the content service before an upload), publish articles, comment, favorite, download, sign in at all; whether a user is
// VIP now (asked by the config service: VIP users see no advertisements).
import { type CallContext, DomainError, requireSignedIn } from "@wenku/kit";
import { isVipAt, userMessages } from "./user.rules.js";

/** PunishmentType values (enums.proto). */
export const Punish = { disable: 1, noComment: 2, noUpload: 3, noDownload: 4, noFavorite: 5, noArticle: 6 } as const;

/** What the policy reads of a user's groups and punishments (the repositories return more). */
export interface UserPolicyDeps {
  repo: {
    groupsOf(userId: bigint): Promise<GroupFlags[]>;
    /** The account's status (0 enabled, 1 disabled); null: no such user. */
    statusOf(userId: bigint): Promise<number | null>;
    vipExpiry(userId: bigint): Promise<Date | null>;
    /** Stores the expiry (the later of the stored one and `at` unless `force`); undefined: no such user. */
    setVipExpiry(userId: bigint, at: Date, force: boolean): Promise<{ expiredAt: Date | null } | undefined>;
  };
  punishments: { active(userId: bigint, at: Date): Promise<{ type: number; reason: string }[]> };
  clock?: () => Date;
}

/** What a user may ask to do (PolicyAction in user_internal.proto). */
export type PolicyActionName = "upload" | "article" | "comment" | "favorite" | "download";

interface GroupFlags {
  enableUpload: boolean;
  enableDocumentReview: boolean;
  enableArticle: boolean;
  enableArticleApproval: boolean;
  enableComment: boolean;
  enableCommentApproval: boolean;
}

/** Per action: the punishment that refuses it, the group flag that allows it (none: every member), the approval flag. */
const RULES: Record<
  PolicyActionName,
  { punishment: number; allow?: keyof GroupFlags; review?: keyof GroupFlags; banned: string; notAllowed: string }
> = {
  upload: {
    punishment: Punish.noUpload,
    allow: "enableUpload",
    review: "enableDocumentReview",
    banned: "您已被禁止上传文档",
    notAllowed: "您所在的用户组不允许上传文档",
  },
  article: {
    punishment: Punish.noArticle,
    allow: "enableArticle",
    review: "enableArticleApproval",
    banned: "您已被禁止发布文章",
    notAllowed: "您所在的用户组不允许发布文章",
  },
  comment: {
    punishment: Punish.noComment,
    allow: "enableComment",
    review: "enableCommentApproval",
    banned: "您已被禁止评论",
    notAllowed: "您所在的用户组不允许发表评论",
  },
  favorite: { punishment: Punish.noFavorite, banned: "您已被禁止收藏", notAllowed: "" },
  download: { punishment: Punish.noDownload, banned: "您已被禁止下载文档", notAllowed: "" },
};

export interface ActionPolicy {
  allowed: boolean;
  reason: string;
  needsReview: boolean;
}

export function createUserPolicy(deps: UserPolicyDeps) {
  const now = deps.clock ?? (() => new Date());

  /**
   * May `userId` do `action`, and does what they create wait for review? Asked by the content service
   * (UserInternalAPI GetActionPolicy) before an upload, an article, a comment, a favorite or a download.
   * The punishment's own reason is named, so the user knows why.
   */
  async function actionPolicy(userId: bigint, action: PolicyActionName): Promise<ActionPolicy> {
    const rule = RULES[action];
    const [status, punishments, groups] = await Promise.all([
      deps.repo.statusOf(userId),
      deps.punishments.active(userId, now()),
      deps.repo.groupsOf(userId),
    ]);
    const review = rule.review;
    const needsReview = review ? groups.some((g) => g[review]) : false;
    // Asked for users who are not signed in too (the owner of an import): no account, or a disabled one, may do nothing.
    if (status === null) return { allowed: false, reason: userMessages.notFound, needsReview };
    if (status !== 0) return { allowed: false, reason: userMessages.disabled, needsReview };
    const ban = punishments.find((p) => p.type === Punish.disable || p.type === rule.punishment);
    if (ban) {
      return { allowed: false, reason: ban.reason ? `${rule.banned}：${ban.reason}` : rule.banned, needsReview };
    }
    const allow = rule.allow;
    if (allow && !groups.some((g) => g[allow])) return { allowed: false, reason: rule.notAllowed, needsReview };
    return { allowed: true, reason: "", needsReview };
  }

  /** Refuses with the policy's reason unless the signed-in caller may do `action`. */
  async function requireAction(call: CallContext, action: PolicyActionName) {
    const policy = await actionPolicy(requireSignedIn(call).userId, action);
    if (!policy.allowed) throw new DomainError("permission_denied", policy.reason);
  }

  return {
    actionPolicy,

    /** OK when one of the caller's groups allows uploads and no upload or account punishment is in force. */
    canUpload: (call: CallContext) => requireAction(call, "upload"),

    /** OK when one of the caller's groups allows articles and no article or account punishment is in force. */
    canPublishArticle: (call: CallContext) => requireAction(call, "article"),

    /** GetVipState: VIP while the membership's end is ahead; an unknown user is not VIP. */
    async vipState(userId: bigint): Promise<{ isVip: boolean; expiredAt: Date | null }> {
      const expiredAt = await deps.repo.vipExpiry(userId);
      return { isVip: isVipAt(expiredAt, now()), expiredAt };
    },

    /**
     * SetUserVipExpiry: the order service (which owns memberships) says when one ends. A later stored
     * expiry stays unless `force` (deliveries may report out of order); NotFound for an unknown user.
     */
    async setVipExpiry(userId: bigint, at: Date | undefined, force: boolean) {
      if (!at || Number.isNaN(at.getTime())) throw new DomainError("invalid_argument", userMessages.vipExpiryRequired);
      const row = await deps.repo.setVipExpiry(userId, at, force);
      if (!row) throw new DomainError("not_found", userMessages.notFound);
      return { isVip: isVipAt(row.expiredAt, now()), expiredAt: row.expiredAt };
    },

    /** Refuses a disabled account or one under a "disable account" punishment in force. */
    async refuseDisabled(user: { id: bigint; status: number }) {
      if (user.status !== 0) throw new DomainError("permission_denied", userMessages.disabled);
      const ban = (await deps.punishments.active(user.id, now())).find((p) => p.type === Punish.disable);
      if (ban) {
        throw new DomainError(
          "permission_denied",
          ban.reason ? `${userMessages.disabled}：${ban.reason}` : userMessages.disabled,
        );
      }
    },
  };
}
export type UserPolicy = ReturnType<typeof createUserPolicy>;

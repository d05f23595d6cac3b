// What a user may do, decided from their groups' flags and the punishments in force: upload documents
// (asked by the content service before an upload), publish articles, sign in at all; whether a user is
// VIP now (asked by the config service: VIP users see no advertisements).
import { type CallContext, DomainError, requireSignedIn } from "@wenku/kit";
import { isVipAt, userMessages } from "./user.rules.js";

/** PunishmentType values (enums.proto). */
export const Punish = { disable: 1, noComment: 2, noUpload: 3, noDownload: 4, noFavorite: 5, noArticle: 6 } as const;

/** What the policy reads of a user's groups and punishments (the repositories return more). */
export interface UserPolicyDeps {
  repo: {
    groupsOf(
      userId: bigint,
    ): Promise<
      { enableUpload: boolean; enableDocumentReview: boolean; enableArticle: boolean; enableArticleApproval: boolean }[]
    >;
    vipExpiry(userId: bigint): Promise<Date | null>;
  };
  punishments: { active(userId: bigint, at: Date): Promise<{ type: number; reason: string }[]> };
  clock?: () => Date;
}

export function createUserPolicy(deps: UserPolicyDeps) {
  const now = deps.clock ?? (() => new Date());

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

  /**
   * May `userId` publish articles, and do their articles wait for review? Asked by the content service
   * (UserInternalAPI GetUploadPolicy with article set) before an article is created. A punishment's own
   * reason is named, so the user knows why.
   */
  async function articlePolicy(userId: bigint): Promise<{ allowed: boolean; reason: string; needsReview: boolean }> {
    const [punishments, groups] = await Promise.all([
      deps.punishments.active(userId, now()),
      deps.repo.groupsOf(userId),
    ]);
    const needsReview = groups.some((g) => g.enableArticleApproval);
    const ban = punishments.find((p) => p.type === Punish.disable || p.type === Punish.noArticle);
    if (ban) {
      const reason = ban.reason ? `您已被禁止发布文章：${ban.reason}` : "您已被禁止发布文章";
      return { allowed: false, reason, needsReview };
    }
    if (!groups.some((g) => g.enableArticle)) {
      return { allowed: false, reason: "您所在的用户组不允许发布文章", needsReview };
    }
    return { allowed: true, reason: "", needsReview };
  }

  return {
    uploadPolicy,
    articlePolicy,

    /** OK when one of the caller's groups allows uploads and no upload or account punishment is in force. */
    async canUpload(call: CallContext) {
      const policy = await uploadPolicy(requireSignedIn(call).userId);
      if (!policy.allowed) throw new DomainError("permission_denied", policy.reason);
    },

    /** OK when one of the caller's groups allows articles and no article or account punishment is in force. */
    async canPublishArticle(call: CallContext) {
      const policy = await articlePolicy(requireSignedIn(call).userId);
      if (!policy.allowed) throw new DomainError("permission_denied", policy.reason);
    },

    /** GetVipState: VIP while the membership's end is ahead; an unknown user is not VIP. */
    async vipState(userId: bigint): Promise<{ isVip: boolean; expiredAt: Date | null }> {
      const expiredAt = await deps.repo.vipExpiry(userId);
      return { isVip: isVipAt(expiredAt, now()), expiredAt };
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

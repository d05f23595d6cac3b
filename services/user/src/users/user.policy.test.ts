import type { CallContext } from "@wenku/kit";
import { createUserPolicy, Punish } from "./user.policy.js";

const group = (
  flags: Partial<{
    enableUpload: boolean;
    enableDocumentReview: boolean;
    enableArticle: boolean;
    enableArticleApproval: boolean;
    enableComment: boolean;
    enableCommentApproval: boolean;
  }>,
) => ({
  enableUpload: false,
  enableDocumentReview: false,
  enableArticle: false,
  enableArticleApproval: false,
  enableComment: false,
  enableCommentApproval: false,
  ...flags,
});
const call = (userId = 7n): CallContext => ({
  identity: { userId, sessionId: "s", granted: false, staff: false },
  clientIp: "127.0.0.1",
  requestId: "r",
  internal: false,
});
const visitor: CallContext = { ...call(), identity: null };
const NOW = new Date("2026-11-24T00:00:00Z");

function setup(
  groups: ReturnType<typeof group>[],
  punishments: { type: number; reason: string }[] = [],
  vipUntil: Date | null = null,
  status: number | null = 0,
) {
  const asked: Date[] = [];
  const policy = createUserPolicy({
    repo: {
      statusOf: async () => status,
      groupsOf: async () => groups,
      vipExpiry: async () => vipUntil,
      setVipExpiry: async () => undefined,
    },
    punishments: {
      active: async (_id, at) => {
        asked.push(at);
        return punishments;
      },
    },
    clock: () => NOW,
  });
  return { policy, asked };
}

describe("upload policy", () => {
  it("allows when one group allows uploads, and reports review from any group", async () => {
    const { policy, asked } = setup([group({}), group({ enableUpload: true }), group({ enableDocumentReview: true })]);
    await expect(policy.actionPolicy(7n, "upload")).resolves.toEqual({ allowed: true, reason: "", needsReview: true });
    expect(asked).toEqual([NOW]); // punishments in force now, by the injected clock
  });

  it("refuses when no group allows uploads", async () => {
    const { policy } = setup([group({ enableArticle: true })]);
    await expect(policy.actionPolicy(7n, "upload")).resolves.toMatchObject({
      allowed: false,
      reason: "您所在的用户组不允许上传文档",
    });
    await expect(policy.canUpload(call())).rejects.toMatchObject({ kind: "permission_denied" });
  });

  it.each([Punish.noUpload, Punish.disable])(
    "refuses under punishment type %d even in an upload group",
    async (type) => {
      const { policy } = setup([group({ enableUpload: true })], [{ type, reason: "spam" }]);
      await expect(policy.actionPolicy(7n, "upload")).resolves.toMatchObject({
        allowed: false,
        reason: "您已被禁止上传文档：spam",
      });
    },
  );

  it("ignores punishments of other kinds", async () => {
    const { policy } = setup([group({ enableUpload: true })], [{ type: Punish.noComment, reason: "" }]);
    await expect(policy.canUpload(call())).resolves.toBeUndefined();
  });

  it("asks a visitor to sign in", async () => {
    const { policy } = setup([group({ enableUpload: true })]);
    await expect(policy.canUpload(visitor)).rejects.toMatchObject({ kind: "unauthenticated" });
  });
});

describe("article policy", () => {
  it("needs a group that allows articles and no article or account punishment", async () => {
    await expect(setup([group({ enableArticle: true })]).policy.canPublishArticle(call())).resolves.toBeUndefined();
    await expect(setup([group({ enableUpload: true })]).policy.canPublishArticle(call())).rejects.toMatchObject({
      message: "您所在的用户组不允许发布文章",
    });
    const punished = setup([group({ enableArticle: true })], [{ type: Punish.noArticle, reason: "" }]);
    await expect(punished.policy.canPublishArticle(call())).rejects.toMatchObject({ message: "您已被禁止发布文章" });
  });

  it("answers the content service: review from any group's enable_article_approval, a punishment's reason named", async () => {
    const review = setup([group({ enableArticle: true }), group({ enableArticleApproval: true })]);
    await expect(review.policy.actionPolicy(7n, "article")).resolves.toEqual({
      allowed: true,
      reason: "",
      needsReview: true,
    });
    const banned = setup([group({ enableArticle: true })], [{ type: Punish.disable, reason: "发布广告" }]);
    await expect(banned.policy.actionPolicy(7n, "article")).resolves.toEqual({
      allowed: false,
      reason: "您已被禁止发布文章：发布广告",
      needsReview: false,
    });
    const noComment = setup([group({ enableArticle: true })], [{ type: Punish.noComment, reason: "x" }]);
    await expect(noComment.policy.actionPolicy(7n, "article")).resolves.toMatchObject({ allowed: true });
  });
});

describe("comment, favorite and download policies", () => {
  it("comments need a group with enable_comment; approval from any group's enable_comment_approval", async () => {
    const { policy } = setup([group({ enableComment: true }), group({ enableCommentApproval: true })]);
    await expect(policy.actionPolicy(7n, "comment")).resolves.toEqual({ allowed: true, reason: "", needsReview: true });
    await expect(setup([group({ enableUpload: true })]).policy.actionPolicy(7n, "comment")).resolves.toEqual({
      allowed: false,
      reason: "您所在的用户组不允许发表评论",
      needsReview: false,
    });
  });

  it.each([
    ["comment", Punish.noComment, "您已被禁止评论：刷屏"],
    ["favorite", Punish.noFavorite, "您已被禁止收藏：刷屏"],
    ["download", Punish.noDownload, "您已被禁止下载文档：刷屏"],
  ] as const)(
    "%s is refused by its own punishment (type %d) and by a disabled account",
    async (action, type, reason) => {
      const everything = group({ enableComment: true, enableUpload: true, enableArticle: true });
      const own = setup([everything], [{ type, reason: "刷屏" }]);
      await expect(own.policy.actionPolicy(7n, action)).resolves.toMatchObject({ allowed: false, reason });
      const disabled = setup([everything], [{ type: Punish.disable, reason: "刷屏" }]);
      await expect(disabled.policy.actionPolicy(7n, action)).resolves.toMatchObject({ allowed: false, reason });
      const other = setup([everything], [{ type: Punish.noArticle, reason: "刷屏" }]);
      await expect(other.policy.actionPolicy(7n, action)).resolves.toMatchObject({ allowed: true });
    },
  );

  it("favorites and downloads need no group flag", async () => {
    const { policy } = setup([group({})]);
    await expect(policy.actionPolicy(7n, "favorite")).resolves.toMatchObject({ allowed: true });
    await expect(policy.actionPolicy(7n, "download")).resolves.toMatchObject({ allowed: true });
  });
});

describe("disabled accounts", () => {
  it("refuses a disabled status and a disable punishment, naming the punishment's reason", async () => {
    await expect(setup([]).policy.refuseDisabled({ id: 7n, status: 1 })).rejects.toMatchObject({
      kind: "permission_denied",
    });
    const banned = setup([], [{ type: Punish.disable, reason: "发布广告" }]);
    await expect(banned.policy.refuseDisabled({ id: 7n, status: 0 })).rejects.toMatchObject({
      message: expect.stringContaining("发布广告"),
    });
    await expect(setup([]).policy.refuseDisabled({ id: 7n, status: 0 })).resolves.toBeUndefined();
  });
  it("refuses every action to a disabled or unknown account, whatever its groups allow", async () => {
    const groups = [group({ enableUpload: true, enableArticle: true, enableComment: true })];
    for (const action of ["upload", "article", "comment", "favorite", "download"] as const) {
      await expect(setup(groups, [], null, 1).policy.actionPolicy(7n, action)).resolves.toMatchObject({
        allowed: false,
        reason: "您的账号已被禁用",
      });
      await expect(setup(groups, [], null, null).policy.actionPolicy(7n, action)).resolves.toMatchObject({
        allowed: false,
        reason: "用户不存在",
      });
    }
    await expect(setup(groups).policy.actionPolicy(7n, "upload")).resolves.toMatchObject({ allowed: true });
  });
});

describe("VIP state", () => {
  it("is VIP while the membership ends after now (the injected clock), not at or after its end", async () => {
    const later = new Date(NOW.getTime() + 1000);
    await expect(setup([], [], later).policy.vipState(7n)).resolves.toEqual({ isVip: true, expiredAt: later });
    await expect(setup([], [], NOW).policy.vipState(7n)).resolves.toEqual({ isVip: false, expiredAt: NOW });
    await expect(setup([], [], null).policy.vipState(7n)).resolves.toEqual({ isVip: false, expiredAt: null });
  });
});

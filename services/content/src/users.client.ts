// The user service as the content service asks it: UserInternalAPI over the service transport.
import { createClient, type Transport } from "@connectrpc/connect";
import { headers, type Logger } from "@wenku/kit";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import { PolicyAction, UserActivity, UserInternalAPI } from "@wenku/proto/api/v1/internal_pb.js";
import type { UserAction, UserActivityName, UserBrief, UserDirectory } from "./ports.js";

const TIMEOUT_MS = 5_000;
const ACTIONS: Record<UserAction, PolicyAction> = {
  upload: PolicyAction.UPLOAD,
  article: PolicyAction.ARTICLE,
  comment: PolicyAction.COMMENT,
  favorite: PolicyAction.FAVORITE,
  download: PolicyAction.DOWNLOAD,
};
const ACTIVITY: Record<UserActivityName, UserActivity> = {
  comment: UserActivity.COMMENT,
  favorite: UserActivity.FAVORITE,
  upload: UserActivity.UPLOAD,
  download: UserActivity.DOWNLOAD,
  article: UserActivity.ARTICLE,
};
/** GetUsers answers at most this many ids per call. */
const BATCH = 1000;

export function createUserDirectory(transport: Transport, internalToken: string, log?: Logger): UserDirectory {
  const client = createClient(UserInternalAPI, transport);
  const callOptions = { headers: { [headers.internal]: internalToken }, timeoutMs: TIMEOUT_MS };
  return {
    async policy(userId, action) {
      const p = await client.getActionPolicy({ userId, action: ACTIONS[action] }, callOptions);
      return { allowed: p.allowed, reason: p.reason, needsReview: p.needsReview };
    },
    async users(ids) {
      const unique = [...new Set(ids)].filter((id) => id > 0n);
      const out = new Map<bigint, UserBrief>();
      for (let i = 0; i < unique.length; i += BATCH) {
        const reply = await client.getUsers({ id: unique.slice(i, i + BATCH) }, callOptions);
        for (const u of reply.user) out.set(u.id, { id: u.id, username: u.username, avatar: u.avatar });
      }
      return out;
    },
    async setAvatar(userId, avatar) {
      await client.setUserAvatar({ userId, avatar }, callOptions);
    },
    async verifyCaptcha(scene, captchaId, captcha, who) {
      // The captcha is bound to the client that asked for it: the user service reads who answers from
      // the client headers an internal caller may set.
      const requester = {
        [headers.clientIp]: who.clientIp,
        [headers.userAgent]: who.userAgent ?? "",
        [headers.clientNonce]: who.clientNonce ?? "",
      };
      await client.verifyCaptcha(
        { scene, captchaId, captcha },
        { ...callOptions, headers: { ...callOptions.headers, ...requester } },
      );
    },
    async recordActivity(userId, activity, items) {
      if (!items.length) return;
      try {
        await client.recordUserActivity(
          {
            userId,
            activity: ACTIVITY[activity],
            item: items.map((i) => ({ ...i, kind: i.kind === "article" ? ContentKind.ARTICLE : ContentKind.DOCUMENT })),
          },
          callOptions,
        );
      } catch (err) {
        log?.warn(
          { err, userId: userId.toString(), activity, items: items.length },
          "activity feed entries not recorded",
        );
      }
    },
  };
}

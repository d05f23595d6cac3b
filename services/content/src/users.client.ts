// The user service as the content service asks it: UserInternalAPI over the service transport.
import { createClient, type Transport } from "@connectrpc/connect";
import { type ChangeSignal, headers, type Logger } from "@wenku/kit";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import { PolicyAction, UserActivity, UserInternalAPI } from "@wenku/proto/api/v1/user_internal_pb.js";
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
/** Brief users kept at most; the oldest kept are forgotten first. */
const MAX_KEPT = 10_000;

/**
 * With `changes` (the user service's "names or avatars changed" signal, heard from every process), the
 * brief users of lists are kept until it fires: a list asks the user service only for authors it has
 * not seen since. Without it nothing is kept.
 */
export function createUserDirectory(
  transport: Transport,
  internalToken: string,
  log?: Logger,
  opts: { changes?: Pick<ChangeSignal, "onChange"> } = {},
): UserDirectory {
  const client = createClient(UserInternalAPI, transport);
  const callOptions = { headers: { [headers.internal]: internalToken }, timeoutMs: TIMEOUT_MS };
  const kept = new Map<bigint, UserBrief>();
  // Bumped by every change: an answer asked before it may predate the change and is not kept.
  let generation = 0;
  opts.changes?.onChange(() => {
    generation++;
    kept.clear();
  });
  return {
    async policy(userId, action) {
      const p = await client.getActionPolicy({ userId, action: ACTIONS[action] }, callOptions);
      return { allowed: p.allowed, reason: p.reason, needsReview: p.needsReview };
    },
    async users(ids) {
      const out = new Map<bigint, UserBrief>();
      const missing: bigint[] = [];
      for (const id of new Set(ids)) {
        if (id <= 0n) continue;
        const brief = kept.get(id);
        if (brief) out.set(id, brief);
        else missing.push(id);
      }
      const asked = generation;
      for (let i = 0; i < missing.length; i += BATCH) {
        const reply = await client.getUsers({ id: missing.slice(i, i + BATCH) }, callOptions);
        for (const u of reply.user) out.set(u.id, Object.freeze({ id: u.id, username: u.username, avatar: u.avatar }));
      }
      if (opts.changes && asked === generation) {
        for (const id of missing) {
          const brief = out.get(id);
          if (!brief) continue; // no such user: asked again next time
          if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as bigint);
          kept.set(id, brief);
        }
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

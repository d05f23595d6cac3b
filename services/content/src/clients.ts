// The other services as the content service asks them: Connect clients over the service transports,
// carrying the internal credential. Implements the ports of ports.ts.
import { createClient, type Transport } from "@connectrpc/connect";
import { type ChangeSignal, headers, type Logger } from "@wenku/kit";
import { ConverterInternalAPI } from "@wenku/proto/api/v1/converter_internal_pb.js";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import { OrderInternalAPI } from "@wenku/proto/api/v1/order_internal_pb.js";
import { PolicyAction, UserActivity, UserInternalAPI } from "@wenku/proto/api/v1/user_internal_pb.js";
import type {
  ConverterAvailability,
  CreditLedger,
  OrderDesk,
  UserAction,
  UserActivityName,
  UserBrief,
  UserDirectory,
} from "./ports.js";

/**
 * The user service's reads, a credits booking or balance (one quick statement in the order service) and
 * the converter's formats (answered from its last probe) are all quick.
 */
const TIMEOUT_MS = 5_000;
/** A charge may wait for another of the same user and document (up to 15 s in the order service). */
const CHARGE_TIMEOUT_MS = 20_000;
/** Probing LibreOffice (soffice --version) and fc-list takes seconds on a cold machine. */
const ENVS_TIMEOUT_MS = 30_000;

const callOptions = (internalToken: string, timeoutMs = TIMEOUT_MS) => ({
  headers: { [headers.internal]: internalToken },
  timeoutMs,
});

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
 * UserInternalAPI. With `changes` (the user service's "names or avatars changed" signal, heard from every
 * process), the brief users of lists are kept until it fires: a list asks the user service only for
 * authors it has not seen since. Without it nothing is kept.
 */
export function createUserDirectory(
  transport: Transport,
  internalToken: string,
  log?: Logger,
  opts: { changes?: Pick<ChangeSignal, "onChange"> } = {},
): UserDirectory {
  const client = createClient(UserInternalAPI, transport);
  const options = callOptions(internalToken);
  const kept = new Map<bigint, UserBrief>();
  // Bumped by every change: an answer asked before it may predate the change and is not kept.
  let generation = 0;
  opts.changes?.onChange(() => {
    generation++;
    kept.clear();
  });
  return {
    async policy(userId, action) {
      const p = await client.getActionPolicy({ userId, action: ACTIONS[action] }, options);
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
        const reply = await client.getUsers({ id: missing.slice(i, i + BATCH) }, options);
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
      await client.setUserAvatar({ userId, avatar }, options);
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
        { ...options, headers: { ...options.headers, ...requester } },
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
          options,
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

/** OrderInternalAPI.ChargeDocumentDownload, for priced downloads. */
export function createOrderDesk(transport: Transport, internalToken: string): OrderDesk {
  const client = createClient(OrderInternalAPI, transport);
  const options = callOptions(internalToken, CHARGE_TIMEOUT_MS);
  return {
    async chargeDownload(userId, documentId, freeDays, vipOnly) {
      const r = await client.chargeDocumentDownload({ userId, documentId, freeDays, vipOnly }, options);
      return { charged: r.charged, orderNo: r.orderNo, vip: r.vip, freeLeft: r.freeLeft };
    },
  };
}

/** OrderInternalAPI's credits ledger (ApplyCredits, GetCreditBalances), for the credit outbox. */
export function createCreditLedger(transport: Transport, internalToken: string): CreditLedger {
  const client = createClient(OrderInternalAPI, transport);
  const options = callOptions(internalToken);
  return {
    async apply(b) {
      await client.applyCredits(b, options);
    },
    async balance(userId) {
      const r = await client.getCreditBalances({ userId: [userId] }, options);
      return r.balance.find((x) => x.userId === userId)?.balance ?? 0;
    },
  };
}

/** ConverterInternalAPI: which formats uploads may take, and the converter's environment check. */
export function createConverterAvailability(
  transport: Transport,
  internalToken: string,
  log: Logger,
): ConverterAvailability {
  const client = createClient(ConverterInternalAPI, transport);
  const options = callOptions(internalToken);
  const formats = async () => {
    try {
      return await client.getConverterFormats({}, options);
    } catch (err) {
      // No converter answers now (restarting, scaled to zero): uploads are taken and wait on the
      // queue; only a converter that says LibreOffice is missing refuses office documents.
      log.warn({ err }, "converter: formats unknown, every format accepted");
      return { office: true, unavailableExt: [] };
    }
  };
  return {
    office: async () => (await formats()).office,
    unavailableExtensions: async () => (await formats()).unavailableExt,
    envs: () => client.getConverterEnvs({}, { ...options, timeoutMs: ENVS_TIMEOUT_MS }),
  };
}

// The score config's content rules, booked in the order service's credits ledger through this
// service's credit outbox (@wenku/credit-outbox): owed in the same transaction as what earned
// them, delivered right after the commit, retried by the sweep while the order service is away.
//
//   upload_document     +upload_document to the uploader per created document, at most
//                       upload_document_limit rewarded documents per uploader and site-local day
//                       (0: none). Documents waiting for review are rewarded too, as in moredoc.
//   delete_document     -delete_document from the owner when a document goes to the recycle bin
//                       (by its owner or by staff), once per document: a restore refunds nothing and a
//                       second recycle of the same document takes nothing more. The balance never goes
//                       below 0: at delivery the penalty takes what the owner has, at most the penalty
//                       (a partial take says so in its reason; nothing at all when the balance is 0).
//   document_collected  +document_collected to the uploader when another user favorites the document,
//                       once per favoriting user and document (unfavorite and favorite again: nothing
//                       more), at most document_collected_limit per uploader and day (the uploader's
//                       rewards are counted, not the favoriting user's).
//   document_commented  +document_commented to the uploader when another user's comment on the
//                       document becomes visible (posted approved, or approved by staff), once per
//                       commenter and document, at most document_commented_limit per uploader and day.
//
// moredoc counted its caps with the new row included (a limit of 1 never paid) and per favoriting user or
// per document; here a cap of N pays exactly N per uploader and day, counted exactly under concurrency.
import type { CreditOutbox } from "@wenku/credit-outbox";
import { type SettingsReader, toTextParams } from "@wenku/kit";
import { claimReward, type RewardedDocument, rewardedDocuments, type Tx } from "./credit.rewards.repository.js";

export type RewardRule = "upload_document" | "delete_document" | "document_collected" | "document_commented";

export const DEFAULT_CREDIT_NAME = "积分";
/** A title in a reason is cut here (the ledger keeps 255 characters of reason). */
const TITLE_IN_REASON = 80;

/** A comment that became visible: who wrote it, on which document (articles earn nothing). */
export interface VisibleComment {
  userId: bigint;
  documentId: bigint | null;
}

/** The rules as read for one transaction (before it), with the site-local day it counts for. */
export interface RewardPlan {
  /** Documents just created (inside their transaction): the upload rewards owed; their outbox keys. */
  uploaded(tx: Tx, docs: readonly RewardedDocument[]): Promise<string[]>;
  /** Documents just moved to the recycle bin: the owners' penalties owed. */
  recycled(tx: Tx, docs: readonly RewardedDocument[]): Promise<string[]>;
  /** `by` just favorited the document (a new favorite). */
  favorited(tx: Tx, doc: RewardedDocument, by: bigint): Promise<string[]>;
  /** Comments that just became visible. */
  commented(tx: Tx, comments: readonly VisibleComment[]): Promise<string[]>;
}

export interface CreditRewards {
  /** Reads the score settings and today's date; call before the transaction. */
  plan(): Promise<RewardPlan>;
  /** Books what a committed transaction owed now; never throws (the outbox retries what it could not book). */
  deliver(keys: readonly string[]): Promise<void>;
}

/** The idempotency key of each cause ("content:" keeps them apart from other services' keys). */
export const rewardKeys = {
  upload: (doc: bigint) => `content:upload:${doc}`,
  delete: (doc: bigint) => `content:delete:${doc}`,
  collected: (doc: bigint, by: bigint) => `content:collected:${doc}:${by}`,
  commented: (doc: bigint, by: bigint) => `content:commented:${doc}:${by}`,
};

/** YYYY-MM-DD of `at` in `timeZone`. */
export const localDay = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);

const quoted = (title: string) => `《${[...title].slice(0, TITLE_IN_REASON).join("")}》`;

export function createCreditRewards(deps: {
  outbox: CreditOutbox;
  settings: Pick<SettingsReader, "current">;
  timeZone: string;
  clock?: () => Date;
}): CreditRewards {
  const { outbox } = deps;
  const n = (v: number | undefined) => Math.max(0, Math.trunc(v ?? 0));

  return {
    async plan() {
      const s = await deps.settings.current();
      const score = s.score;
      const name = s.system?.creditName || DEFAULT_CREDIT_NAME;
      const day = localDay(deps.clock?.() ?? new Date(), deps.timeZone);

      /** Claims one reward and owes its booking; the key when owed. */
      async function owe(
        tx: Tx,
        r: { rule: RewardRule; doc: RewardedDocument; key: string; amount: number; limit?: number; reason: string },
      ): Promise<string | null> {
        const { rule, doc, key, amount } = r;
        if (!(await claimReward(tx, { rule, userId: doc.userId, day, key, amount, limit: r.limit }))) return null;
        await outbox.enqueue(tx, {
          userId: doc.userId,
          amount,
          code: rule,
          reason: r.reason,
          params: toTextParams({ title: r.doc.title }),
          refKind: "document",
          refId: doc.id,
          idempotencyKey: key,
        });
        return key;
      }
      const each = async <T>(items: readonly T[], one: (item: T) => Promise<string | null>) => {
        const keys: string[] = [];
        for (const item of items) {
          const k = await one(item);
          if (k) keys.push(k);
        }
        return keys;
      };
      /** One transaction takes the cap locks in user order, so two never wait on each other. */
      const byUser = <T extends { userId: bigint }>(xs: readonly T[]) =>
        [...xs].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));

      const upload = n(score?.uploadDocument);
      const uploadLimit = n(score?.uploadDocumentLimit);
      const penalty = n(score?.deleteDocument);
      const collected = n(score?.documentCollected);
      const collectedLimit = n(score?.documentCollectedLimit);
      const commented = n(score?.documentCommented);
      const commentedLimit = n(score?.documentCommentedLimit);

      return {
        uploaded: (tx, docs) =>
          upload > 0 && uploadLimit > 0
            ? each(byUser(docs), (doc) =>
                owe(tx, {
                  rule: "upload_document",
                  doc,
                  key: rewardKeys.upload(doc.id),
                  amount: upload,
                  limit: uploadLimit,
                  reason: `上传文档${quoted(doc.title)}获得 ${upload} ${name}`,
                }),
              )
            : Promise.resolve([]),

        recycled: (tx, docs) =>
          penalty > 0
            ? each(docs, (doc) =>
                owe(tx, {
                  rule: "delete_document",
                  doc,
                  key: rewardKeys.delete(doc.id),
                  amount: -penalty,
                  reason: `删除文档${quoted(doc.title)}扣除 ${penalty} ${name}`,
                }),
              )
            : Promise.resolve([]),

        async favorited(tx, doc, by) {
          if (collected <= 0 || collectedLimit <= 0 || by === doc.userId) return [];
          const k = await owe(tx, {
            rule: "document_collected",
            doc,
            key: rewardKeys.collected(doc.id, by),
            amount: collected,
            limit: collectedLimit,
            reason: `文档${quoted(doc.title)}被收藏获得 ${collected} ${name}`,
          });
          return k ? [k] : [];
        },

        async commented(tx, comments) {
          if (commented <= 0 || commentedLimit <= 0) return [];
          const onDocs = comments.filter((c): c is VisibleComment & { documentId: bigint } => c.documentId !== null);
          const docs = await rewardedDocuments(
            tx,
            onDocs.map((c) => c.documentId),
          );
          const owed = onDocs.flatMap((c) => {
            const doc = docs.get(c.documentId);
            return doc && doc.userId !== c.userId ? [{ userId: doc.userId, doc, by: c.userId }] : [];
          });
          return each(byUser(owed), ({ doc, by }) =>
            owe(tx, {
              rule: "document_commented",
              doc,
              key: rewardKeys.commented(doc.id, by),
              amount: commented,
              limit: commentedLimit,
              reason: `文档${quoted(doc.title)}被评论获得 ${commented} ${name}`,
            }),
          );
        },
      };
    },

    async deliver(keys) {
      if (keys.length) await outbox.deliver(keys);
    },
  };
}

// Document purchases as download rights: a paid, non-free BUY_DOCUMENT order entitles its buyer to
// download the document for download.free_download_duration days after it was paid, or, when that
// is 0, once: the download it was bought for ("0表示再次下载仍需购买"). used_at marks the first
// download a purchase served, whatever the setting then, so lowering the setting to 0 never turns
// purchases already downloaded into one more free download. Free orders (the uploader's own, a
// document already paid for) are records only and never entitle. Claims keep one charge per user and
// document at a time without holding a database connection while the charge runs.
import { OrderStatus, OrderType } from "@wenku/proto/api/v1/enums_pb.js";
import type { Db } from "../db.js";

const DAY_MS = 86_400_000;
/** A claim this old belongs to a charge that died: taken over. */
const CLAIM_STALE_MS = 60_000;

/** The purchases of `documentId` by `userId` that may entitle (paid, not free). */
const purchases = (userId: bigint, documentId: bigint) => ({
  userId,
  productId: documentId,
  orderType: OrderType.BUY_DOCUMENT,
  status: OrderStatus.PAID,
  OR: [{ creditAmount: { gt: 0 } }, { amount: { gt: 0 } }],
});

export function createPurchaseRepository(db: Db) {
  return {
    /** Does a purchase entitle the user now? (Read only: a CreateOrder quote.) */
    async entitled(userId: bigint, documentId: bigint, freeDays: number, now: Date): Promise<boolean> {
      const window = freeDays > 0 ? { payAt: { gte: new Date(now.getTime() - freeDays * DAY_MS) } } : { usedAt: null };
      const row = await db.order.findFirst({
        where: { ...purchases(userId, documentId), ...window },
        select: { id: true },
      });
      return row !== null;
    },

    /**
     * Uses an entitling purchase for one download: within the window any purchase serves (and stays,
     * marked used by its first download); with freeDays 0 the oldest unused one is marked used.
     * Answers its order number, or null.
     */
    async use(userId: bigint, documentId: bigint, freeDays: number, now: Date): Promise<string | null> {
      if (freeDays > 0) {
        const row = await db.order.findFirst({
          where: { ...purchases(userId, documentId), payAt: { gte: new Date(now.getTime() - freeDays * DAY_MS) } },
          orderBy: { id: "desc" },
          select: { id: true, orderNo: true, usedAt: true },
        });
        if (row && !row.usedAt)
          await db.order.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
        return row?.orderNo ?? null;
      }
      const rows = await db.$queryRaw<{ order_no: string }[]>`
        UPDATE orders SET used_at = ${now} WHERE id = (
          SELECT id FROM orders
          WHERE user_id = ${userId} AND product_id = ${documentId} AND order_type = ${OrderType.BUY_DOCUMENT}
            AND status = ${OrderStatus.PAID} AND (credit_amount > 0 OR amount > 0) AND used_at IS NULL
          ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING order_no`;
      return rows[0]?.order_no ?? null;
    },

    /** Marks a purchase used by the download it was bought for. */
    async markUsed(orderId: bigint, now: Date): Promise<void> {
      await db.order.updateMany({ where: { id: orderId, usedAt: null }, data: { usedAt: now } });
    },

    /** Takes the user's charge of this document; false while another (not stale) holds it. */
    async claim(userId: bigint, documentId: bigint, now: Date): Promise<boolean> {
      const stale = new Date(now.getTime() - CLAIM_STALE_MS);
      const rows = await db.$queryRaw<{ user_id: bigint }[]>`
        INSERT INTO download_claims (user_id, document_id, claimed_at) VALUES (${userId}, ${documentId}, ${now})
        ON CONFLICT (user_id, document_id) DO UPDATE SET claimed_at = EXCLUDED.claimed_at
          WHERE download_claims.claimed_at < ${stale}
        RETURNING user_id`;
      return rows.length === 1;
    },

    async release(userId: bigint, documentId: bigint): Promise<void> {
      await db.downloadClaim.deleteMany({ where: { userId, documentId } });
    },
  };
}
export type PurchaseRepository = ReturnType<typeof createPurchaseRepository>;

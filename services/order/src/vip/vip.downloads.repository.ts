// The downloads a VIP membership serves (vip_downloads, user_vips' free downloads): the only module
// that touches them. One member's VIP downloads are taken one at a time (their user_vips row locked),
// so neither the free downloads nor the daily cap can be overspent by concurrent downloads.
import type { Db } from "../db.js";

/** 1 free (one of the membership's free downloads), 2 a VIP document with nothing to pay, 3 a purchase at the VIP discount. */
export const VipDownloadKind = { FREE: 1, VIP_DOCUMENT: 2, DISCOUNTED: 3 } as const;
export type VipDownloadKind = (typeof VipDownloadKind)[keyof typeof VipDownloadKind];

export type VipPass =
  | { ok: true; id: bigint; kind: VipDownloadKind; freeLeft: number }
  | { ok: false; reason: "not_member" }
  | { ok: false; reason: "daily_cap"; cap: number };

const DAY_MS = 86_400_000;
const TX = { maxWait: 15_000, timeout: 15_000 };

interface LockedMember {
  download: number;
  download_used: number;
  times_every_day: number;
  expired_at: Date;
}

export function createVipDownloads(db: Db, timeZone: string) {
  /** Where today began in the site's time zone, for `now`. */
  const todayStart = (now: Date) => db.$queryRaw<{ start: Date }[]>`
    SELECT (date_trunc('day', ${now}::timestamptz AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone}) AS start`;

  return {
    /** The user's membership when it runs at `now`; null otherwise. */
    active: (userId: bigint, now: Date) => db.userVip.findFirst({ where: { userId, expiredAt: { gt: now } } }),

    /** The member's VIP downloads today (site time zone). */
    async today(userId: bigint, now: Date): Promise<number> {
      const [row] = await todayStart(now);
      return db.vipDownload.count({ where: { userId, createdAt: { gte: row?.start ?? now } } });
    },

    /**
     * A free VIP download of this document that still serves a re-download: within `freeDays` days
     * (download.free_download_duration), never when that is 0 (every download is one).
     */
    async earlierFree(userId: bigint, documentId: bigint, freeDays: number, now: Date): Promise<boolean> {
      if (freeDays <= 0) return false;
      const row = await db.vipDownload.findFirst({
        where: {
          userId,
          documentId,
          kind: VipDownloadKind.FREE,
          createdAt: { gte: new Date(now.getTime() - freeDays * DAY_MS) },
        },
        select: { id: true },
      });
      return row !== null;
    },

    /**
     * Takes one VIP download under the member's lock: refused past the card's daily cap; a priced
     * document uses a free download while any is left, else it is to be bought at the discount (the
     * row is the reservation: attach the order, or undo); a VIP document with nothing to pay is free.
     */
    take(userId: bigint, documentId: bigint, priced: boolean, now: Date): Promise<VipPass> {
      return db.$transaction(async (tx) => {
        const [m] = await tx.$queryRaw<LockedMember[]>`
          SELECT download, download_used, times_every_day, expired_at FROM user_vips
          WHERE user_id = ${userId} FOR UPDATE`;
        if (!m || m.expired_at <= now) return { ok: false, reason: "not_member" } as const;
        if (m.times_every_day > 0) {
          const [count] = await tx.$queryRaw<{ n: bigint }[]>`
            SELECT count(*) AS n FROM vip_downloads WHERE user_id = ${userId} AND created_at >=
              (date_trunc('day', ${now}::timestamptz AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone})`;
          if (Number(count?.n ?? 0) >= m.times_every_day)
            return { ok: false, reason: "daily_cap", cap: m.times_every_day } as const;
        }
        let used = m.download_used;
        let kind: VipDownloadKind = VipDownloadKind.VIP_DOCUMENT;
        if (priced && used < m.download) {
          kind = VipDownloadKind.FREE;
          used += 1;
          await tx.$executeRaw`UPDATE user_vips SET download_used = ${used}, updated_at = ${now} WHERE user_id = ${userId}`;
        } else if (priced) {
          kind = VipDownloadKind.DISCOUNTED;
        }
        const row = await tx.vipDownload.create({ data: { userId, documentId, kind, createdAt: now } });
        return { ok: true, id: row.id, kind, freeLeft: Math.max(0, m.download - used) } as const;
      }, TX);
    },

    /** A discounted download's purchase, once paid. */
    async attach(id: bigint, orderNo: string): Promise<void> {
      await db.vipDownload.updateMany({ where: { id }, data: { orderNo } });
    },

    /** Takes back a download that was not served (its purchase failed): it counts nowhere. */
    async undo(id: bigint): Promise<void> {
      await db.$transaction(async (tx) => {
        const row = await tx.vipDownload.findUnique({ where: { id } });
        if (!row) return;
        await tx.vipDownload.delete({ where: { id } });
        if (row.kind === VipDownloadKind.FREE)
          await tx.$executeRaw`UPDATE user_vips SET download_used = GREATEST(0, download_used - 1)
            WHERE user_id = ${row.userId}`;
      }, TX);
    },
  };
}
export type VipDownloads = ReturnType<typeof createVipDownloads>;

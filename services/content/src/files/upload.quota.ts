// Per-user upload quotas (security.upload_max_per_day, security.upload_max_mb_per_day; 0 = unlimited):
// rate-limiter-flexible counters in PostgreSQL, shared by every replica. A window is 24 hours from the
// first upload in it. Refusals are ResourceExhausted with retry-after (HTTP 429): waiting helps. A
// single file larger than the whole daily volume is refused without retry-after (HTTP 413): it never fits.
import { DomainError } from "@wenku/kit";
import { isRefusal, type Limiter, type RateLimitStore, tooManyRequests } from "@wenku/kit/ratelimit";

const DAY = 24 * 3600;
const KIB = 1024;

export const QUOTA_LIMITS = {
  /** Uploads per user and window. */
  count: { prefix: "upload_count_user", duration: DAY },
  /** KiB uploaded per user and window (KiB keep a day of 1 TiB within the integer counter). */
  volume: { prefix: "upload_kib_user", duration: DAY },
} as const;

export interface QuotaSettings {
  /** Uploads per 24 hours; 0: unlimited. */
  perDay: number;
  /** MB per 24 hours; 0: unlimited. */
  mbPerDay: number;
}

export const quotaMessages = {
  count: (n: number) => (wait: string) => `24 小时内上传的文档数量已达上限（${n} 个），请 ${wait}后再试`,
  volume: (mb: number) => (wait: string) => `24 小时内上传的文档总大小已达上限（${mb} MB），请 ${wait}后再试`,
  fileOverVolume: (mb: number) => `文件大小超过每人每日上传总量上限（${mb} MB）`,
} as const;

export function createUploadQuota(store: RateLimitStore) {
  const count = store.limiter({ ...QUOTA_LIMITS.count, points: 1 });
  const volume = store.limiter({ ...QUOTA_LIMITS.volume, points: 1 });
  const kibOf = (bytes: number) => Math.max(1, Math.ceil(bytes / KIB));
  const fileOverVolume = (q: QuotaSettings) =>
    new DomainError("resource_exhausted", quotaMessages.fileOverVolume(q.mbPerDay));

  /** The quotas in force, or null for an unlimited one; `points` follow the settings of the moment. */
  function limits(q: QuotaSettings): { count: Limiter | null; volume: Limiter | null } {
    if (q.perDay > 0) count.points = q.perDay;
    if (q.mbPerDay > 0) volume.points = q.mbPerDay * KIB;
    return { count: q.perDay > 0 ? count : null, volume: q.mbPerDay > 0 ? volume : null };
  }

  return {
    /**
     * Before an upload is read: throws 429 when the user's uploads or volume of the window are used up.
     * Returns how many bytes the user may still upload (Infinity when unlimited), and the refusal to
     * throw when the file turns out larger than that.
     */
    async admit(userId: bigint, q: QuotaSettings): Promise<{ bytesLeft: number; overVolume: () => DomainError }> {
      const l = limits(q);
      const key = userId.toString();
      const [c, v] = await Promise.all([l.count?.get(key), l.volume?.get(key)]);
      if (l.count && c && c.consumedPoints >= l.count.points) {
        throw tooManyRequests(c.msBeforeNext, quotaMessages.count(q.perDay));
      }
      if (!l.volume) return { bytesLeft: Number.POSITIVE_INFINITY, overVolume: () => fileOverVolume(q) };
      const used = v?.consumedPoints ?? 0;
      if (v && used >= l.volume.points) throw tooManyRequests(v.msBeforeNext, quotaMessages.volume(q.mbPerDay));
      return {
        bytesLeft: (l.volume.points - used) * KIB,
        // Nothing used yet: the file alone exceeds the daily volume (waiting will not help).
        overVolume: () =>
          v && used > 0 ? tooManyRequests(v.msBeforeNext, quotaMessages.volume(q.mbPerDay)) : fileOverVolume(q),
      };
    },

    /**
     * After the file was stored: counts it. Throws 429, counting nothing, when uploads running at the
     * same time used up the quota meanwhile (the caller then deletes what it stored).
     */
    async record(userId: bigint, bytes: number, q: QuotaSettings): Promise<void> {
      const l = limits(q);
      const key = userId.toString();
      const uses = [
        l.count ? { limiter: l.count, points: 1, message: quotaMessages.count(q.perDay) } : null,
        l.volume ? { limiter: l.volume, points: kibOf(bytes), message: quotaMessages.volume(q.mbPerDay) } : null,
      ].filter((u) => u !== null);
      const results = await Promise.allSettled(uses.map((u) => u.limiter.consume(key, u.points)));
      if (results.every((r) => r.status === "fulfilled")) return;
      // This upload does not happen: give back what was counted (a refusal counted too; a store error did not).
      await Promise.all(
        uses.map((u, i) => {
          const r = results[i];
          const counted = r?.status === "fulfilled" || (r?.status === "rejected" && isRefusal(r.reason));
          return counted ? u.limiter.reward(key, u.points) : null;
        }),
      );
      let refusal: DomainError | null = null;
      let wait = -1;
      for (const [i, r] of results.entries()) {
        if (r.status === "fulfilled") continue;
        if (!isRefusal(r.reason)) throw r.reason;
        if (r.reason.msBeforeNext > wait) {
          wait = r.reason.msBeforeNext;
          refusal = tooManyRequests(wait, (uses[i] as (typeof uses)[number]).message);
        }
      }
      throw refusal;
    },

    /** Gives back a recorded upload that failed afterwards (e.g. the content is blocked). */
    async refund(userId: bigint, bytes: number, q: QuotaSettings): Promise<void> {
      const l = limits(q);
      const key = userId.toString();
      await Promise.all([l.count?.reward(key, 1), l.volume?.reward(key, kibOf(bytes))]);
    },
  };
}
export type UploadQuota = ReturnType<typeof createUploadQuota>;

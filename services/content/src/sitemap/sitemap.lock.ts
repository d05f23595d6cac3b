// One sitemap build at a time across every replica of the content service: a transaction-level
// PostgreSQL advisory lock, tried (never waited for), held by an open transaction for the build.
import type { Db } from "../db.js";

/** A build runs longer than Prisma's default 5 s transaction limit: this one allows ten minutes. */
const BUILD_TIMEOUT_MS = 10 * 60_000;

export function sitemapLock(db: Db) {
  return (work: () => Promise<void>): Promise<{ ran: boolean }> =>
    db.$transaction(
      async (tx) => {
        const rows = await tx.$queryRaw<{ locked: boolean }[]>`
          SELECT pg_try_advisory_xact_lock(hashtext('wenku:sitemap')) AS locked`;
        if (!rows[0]?.locked) return { ran: false };
        await work();
        return { ran: true };
      },
      { timeout: BUILD_TIMEOUT_MS, maxWait: 10_000 },
    );
}

// The only file that touches Prisma for spider URLs (and their crawl's claim and lease).
import type { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";
import { CrawlState } from "../states.js";

export type UrlRow = Prisma.SpiderUrlGetPayload<object>;

export interface UrlData {
  url: string;
  title: string;
  categoryIds: bigint[];
  languageId: bigint;
  price: number;
  interval: number;
  depth: number;
  userId: bigint;
}

export interface UrlFilter {
  wd: string;
  status: number[];
}

const whereOf = (f: UrlFilter): Prisma.SpiderUrlWhereInput => ({
  ...(f.status.length ? { status: { in: f.status } } : {}),
  ...(f.wd
    ? { OR: [{ url: { contains: f.wd, mode: "insensitive" } }, { title: { contains: f.wd, mode: "insensitive" } }] }
    : {}),
});

export function createUrlRepository(db: Db) {
  return {
    create: (data: UrlData) => db.spiderUrl.create({ data: { ...data, status: CrawlState.pending } }),
    get: (id: bigint) => db.spiderUrl.findUnique({ where: { id } }),
    update: (id: bigint, data: Partial<UrlData> & { status?: number; error?: string; leaseUntil?: null }) =>
      db.spiderUrl.update({ where: { id }, data }),
    async delete(ids: bigint[]): Promise<void> {
      // spider documents and pages go with their URL (ON DELETE CASCADE); published documents are content's
      await db.spiderUrl.deleteMany({ where: { id: { in: ids } } });
    },
    async list(f: UrlFilter, skip: number, take: number): Promise<{ total: number; rows: UrlRow[] }> {
      const where = whereOf(f);
      const [total, rows] = await Promise.all([
        db.spiderUrl.count({ where }),
        db.spiderUrl.findMany({ where, orderBy: { id: "desc" }, skip, take }),
      ]);
      return { total, rows };
    },

    /**
     * Takes the crawl of `id` for one run: a pending URL, or one whose crawler's lease ran out. Null when
     * another worker holds it or it is not waiting (a repeated or stale job).
     */
    async claim(id: bigint, leaseMs: number): Promise<UrlRow | null> {
      const rows = await db.$queryRaw<{ id: bigint }[]>`
        UPDATE spider_urls SET status = ${CrawlState.crawling}, run = run + 1, error = '',
          lease_until = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
        WHERE id = ${id} AND (status = ${CrawlState.pending}
          OR (status = ${CrawlState.crawling} AND (lease_until IS NULL OR lease_until < now())))
        RETURNING id`;
      return rows.length ? db.spiderUrl.findUnique({ where: { id } }) : null;
    },
    /** Extends the lease of run `run`; false once the crawl is no longer this run's (stopped, taken over). */
    async renew(id: bigint, run: number, leaseMs: number): Promise<boolean> {
      const n = await db.$executeRaw`
        UPDATE spider_urls SET lease_until = now() + ${leaseMs} * interval '1 millisecond'
        WHERE id = ${id} AND run = ${run} AND status = ${CrawlState.crawling}`;
      return n > 0;
    },
    /** Ends run `run` (done or failed with the reason); false when it was no longer this run's. */
    async finish(id: bigint, run: number, status: number, error: string, total: number): Promise<boolean> {
      const n = await db.spiderUrl.updateMany({
        where: { id, run, status: CrawlState.crawling },
        data: { status, error, total, leaseUntil: null, crawledAt: new Date() },
      });
      return n.count > 0;
    },
    /** URLs waiting for a crawler: pending for a minute (their job lost) or crawling on an expired lease. */
    async stranded(olderThanMs: number): Promise<{ id: bigint; run: number }[]> {
      return db.$queryRaw<{ id: bigint; run: number }[]>`
        SELECT id, run FROM spider_urls
        WHERE (status = ${CrawlState.pending} AND updated_at < now() - ${olderThanMs} * interval '1 millisecond')
           OR (status = ${CrawlState.crawling} AND (lease_until IS NULL OR lease_until < now()))
        ORDER BY id LIMIT 1000`;
    },

    /** The validators and links a URL's last crawl kept of `page`. */
    page: (spiderUrlId: bigint, url: string) =>
      db.spiderPage.findUnique({ where: { spiderUrlId_url: { spiderUrlId, url } } }),
    async savePage(spiderUrlId: bigint, url: string, v: { etag: string; lastModified: string; links: string[] }) {
      await db.spiderPage.upsert({
        where: { spiderUrlId_url: { spiderUrlId, url } },
        create: { spiderUrlId, url, ...v },
        update: { ...v, fetchedAt: new Date() },
      });
    },
  };
}
export type UrlRepository = ReturnType<typeof createUrlRepository>;

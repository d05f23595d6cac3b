// The only file that touches Prisma for spider documents (and their download's and publish's claim).
import type { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";
import { DocState } from "../states.js";

export type DocRow = Prisma.SpiderDocumentGetPayload<object>;

export interface DocFilter {
  wd: string;
  status: number[];
  spiderUrlId: bigint[];
  ext: string;
}

export interface FoundFile {
  url: string;
  title: string;
  ext: string;
}

const whereOf = (f: DocFilter): Prisma.SpiderDocumentWhereInput => ({
  ...(f.status.length ? { status: { in: f.status } } : {}),
  ...(f.spiderUrlId.length ? { spiderUrlId: { in: f.spiderUrlId } } : {}),
  ...(f.ext ? { ext: f.ext } : {}),
  ...(f.wd
    ? { OR: [{ url: { contains: f.wd, mode: "insensitive" } }, { title: { contains: f.wd, mode: "insensitive" } }] }
    : {}),
});

export function createDocRepository(db: Db) {
  return {
    get: (id: bigint) => db.spiderDocument.findUnique({ where: { id } }),
    many: (ids: bigint[]) => db.spiderDocument.findMany({ where: { id: { in: ids } } }),
    async list(f: DocFilter, skip: number, take: number): Promise<{ total: number; rows: DocRow[] }> {
      const where = whereOf(f);
      const [total, rows] = await Promise.all([
        db.spiderDocument.count({ where }),
        db.spiderDocument.findMany({ where, orderBy: { id: "desc" }, skip, take }),
      ]);
      return { total, rows };
    },
    async setTitle(id: bigint, title: string): Promise<void> {
      await db.spiderDocument.update({ where: { id }, data: { title } });
    },
    /**
     * Moves the documents among `ids` (every document when `ids` is empty; those of one spider URL when
     * `spiderUrlId` is given) whose status is in `from` to `to`; returns those moved, with their run.
     */
    async move(ids: bigint[], from: number[], to: number, spiderUrlId = 0n): Promise<{ id: bigint; run: number }[]> {
      return db.$queryRaw<{ id: bigint; run: number }[]>`
        UPDATE spider_documents SET status = ${to}, error = '', lease_until = NULL, updated_at = now()
        WHERE status = ANY(${from}::int[]) AND (cardinality(${ids}::bigint[]) = 0 OR id = ANY(${ids}::bigint[]))
          AND (${spiderUrlId}::bigint = 0 OR spider_url_id = ${spiderUrlId}::bigint)
        RETURNING id, run`;
    },
    async delete(ids: bigint[]): Promise<DocRow[]> {
      const rows = await db.spiderDocument.findMany({ where: { id: { in: ids } } });
      await db.spiderDocument.deleteMany({ where: { id: { in: ids } } });
      return rows;
    },

    /** Files a crawl found, each URL once across every crawl; returns how many are new. */
    async addFound(spiderUrlId: bigint, files: FoundFile[]): Promise<number> {
      if (!files.length) return 0;
      const n = await db.spiderDocument.createMany({
        data: files.map((f) => ({ spiderUrlId, ...f, status: DocState.pendingDownload })),
        skipDuplicates: true,
      });
      return n.count;
    },
    count: (spiderUrlId: bigint) => db.spiderDocument.count({ where: { spiderUrlId } }),

    /** Takes `id` from status `from` (or `working` on an expired lease) to `working` for one run. */
    async claim(id: bigint, from: number, working: number, leaseMs: number): Promise<DocRow | null> {
      const rows = await db.$queryRaw<{ id: bigint }[]>`
        UPDATE spider_documents SET status = ${working}, run = run + 1, error = '',
          lease_until = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
        WHERE id = ${id} AND (status = ${from}
          OR (status = ${working} AND (lease_until IS NULL OR lease_until < now())))
        RETURNING id`;
      return rows.length ? db.spiderDocument.findUnique({ where: { id } }) : null;
    },
    async renew(id: bigint, run: number, working: number, leaseMs: number): Promise<boolean> {
      const n = await db.$executeRaw`
        UPDATE spider_documents SET lease_until = now() + ${leaseMs} * interval '1 millisecond'
        WHERE id = ${id} AND run = ${run} AND status = ${working}`;
      return n > 0;
    },
    /** Ends run `run` of a document in status `working`; false when it was no longer this run's. */
    async finish(
      id: bigint,
      run: number,
      working: number,
      data: { status: number; error?: string; size?: bigint; hash?: string; storageKey?: string; documentId?: bigint },
    ): Promise<boolean> {
      const n = await db.spiderDocument.updateMany({
        where: { id, run, status: working },
        data: { error: "", ...data, leaseUntil: null },
      });
      return n.count > 0;
    },
    /** Documents waiting in `from` for a minute (their job lost) or in `working` on an expired lease. */
    async stranded(from: number, working: number, olderThanMs: number): Promise<{ id: bigint; run: number }[]> {
      return db.$queryRaw<{ id: bigint; run: number }[]>`
        SELECT id, run FROM spider_documents
        WHERE (status = ${from} AND updated_at < now() - ${olderThanMs} * interval '1 millisecond')
           OR (status = ${working} AND (lease_until IS NULL OR lease_until < now()))
        ORDER BY id LIMIT 1000`;
    },
  };
}
export type DocRepository = ReturnType<typeof createDocRepository>;

import type { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";

/** A search as recorded (src/search/search.recorder.ts). */
export interface SearchRecordData {
  userId: bigint;
  keywords: string;
  normalized: string;
  ip: string;
  userAgent: string;
  /** ContentKind: 0 documents, 1 articles. */
  type: number;
  page: number;
  total: number;
  spendMs: number;
  createdAt: Date;
}

export type SearchRecordSortColumn = "id" | "createdAt" | "total" | "spendMs";

export interface SearchRecordFilter {
  /** Part of the normalized keywords. */
  wd?: string;
  userIds?: bigint[];
  /** The address, or its start ("192.168."). */
  ip?: string;
  types?: number[];
}

export interface PopularSearchRow {
  keywords: string;
  count: number;
}

function where(f: SearchRecordFilter): Prisma.SearchRecordWhereInput {
  return {
    ...(f.wd ? { normalized: { contains: f.wd } } : {}),
    ...(f.userIds?.length ? { userId: { in: f.userIds } } : {}),
    ...(f.ip ? { ip: { startsWith: f.ip } } : {}),
    ...(f.types?.length ? { type: { in: f.types } } : {}),
  };
}

/** The only module that touches Prisma for search records. */
export function createSearchRecordRepository(db: Db) {
  return {
    async insertMany(rows: readonly SearchRecordData[]): Promise<void> {
      if (rows.length) await db.searchRecord.createMany({ data: [...rows] });
    },

    async list(
      f: SearchRecordFilter,
      sort: { column: SearchRecordSortColumn; dir: "asc" | "desc" },
      skip: number,
      take: number,
    ) {
      const w = where(f);
      const orderBy: Prisma.SearchRecordOrderByWithRelationInput[] = [{ [sort.column]: sort.dir }];
      if (sort.column !== "id") orderBy.push({ id: sort.dir });
      const [total, rows] = await Promise.all([
        db.searchRecord.count({ where: w }),
        db.searchRecord.findMany({ where: w, orderBy, skip, take }),
      ]);
      return { total, rows };
    },

    async deleteMany(ids: readonly bigint[]): Promise<number> {
      return (await db.searchRecord.deleteMany({ where: { id: { in: [...ids] } } })).count;
    },

    /** Deletes up to `batch` records made before `cutoff`, oldest first; returns how many. */
    async deleteOlderThan(cutoff: Date, batch: number): Promise<number> {
      return db.$executeRaw`
        DELETE FROM search_records WHERE id IN (
          SELECT id FROM search_records WHERE created_at < ${cutoff} ORDER BY created_at LIMIT ${batch}
          FOR UPDATE SKIP LOCKED)`;
    },

    /**
     * Keywords of searches of `type` since `since` that found something, by how many searchers made
     * them (at least `minSearchers`): a signed-in user counts once whatever their address, a visitor once
     * per address. Keywords staff hid are left out.
     */
    async popular(type: number, since: Date, limit: number, minSearchers = 1): Promise<PopularSearchRow[]> {
      const rows = await db.$queryRaw<Array<{ keywords: string; count: bigint }>>`
        SELECT r.normalized AS keywords,
               count(DISTINCT CASE WHEN r.user_id > 0 THEN 'u' || r.user_id::text ELSE 'a' || r.ip END) AS count
          FROM search_records r
         WHERE r.type = ${type} AND r.created_at >= ${since} AND r.total > 0
           AND NOT EXISTS (SELECT 1 FROM popular_search_hidden h WHERE h.normalized = r.normalized)
         GROUP BY r.normalized
        HAVING count(DISTINCT CASE WHEN r.user_id > 0 THEN 'u' || r.user_id::text ELSE 'a' || r.ip END) >= ${minSearchers}
         ORDER BY count DESC, max(r.created_at) DESC, r.normalized
         LIMIT ${limit}`;
      return rows.map((r) => ({ keywords: r.keywords, count: Number(r.count) }));
    },

    /** Hides normalized keywords from the popular searches (again: kept as hidden first), or shows them. */
    async setPopularHidden(normalized: string, hidden: boolean, userId: bigint): Promise<void> {
      if (hidden)
        await db.popularSearchHidden.upsert({
          where: { normalized },
          create: { normalized, userId },
          update: {},
        });
      else await db.popularSearchHidden.deleteMany({ where: { normalized } });
    },

    /** The hidden keywords, most recently hidden first (a short list staff keep). */
    popularHidden: () => db.popularSearchHidden.findMany({ orderBy: [{ createdAt: "desc" }, { normalized: "asc" }] }),
  };
}
export type SearchRecordRepository = ReturnType<typeof createSearchRecordRepository>;
export type SearchRecordRow = Awaited<ReturnType<SearchRecordRepository["list"]>>["rows"][number];

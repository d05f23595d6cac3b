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
     * them: a signed-in user counts once whatever their address, a visitor once per address.
     */
    async popular(type: number, since: Date, limit: number): Promise<PopularSearchRow[]> {
      const rows = await db.$queryRaw<Array<{ keywords: string; count: bigint }>>`
        SELECT normalized AS keywords,
               count(DISTINCT CASE WHEN user_id > 0 THEN 'u' || user_id::text ELSE 'a' || ip END) AS count
          FROM search_records
         WHERE type = ${type} AND created_at >= ${since} AND total > 0
         GROUP BY normalized
         ORDER BY count DESC, max(created_at) DESC, normalized
         LIMIT ${limit}`;
      return rows.map((r) => ({ keywords: r.keywords, count: Number(r.count) }));
    },
  };
}
export type SearchRecordRepository = ReturnType<typeof createSearchRecordRepository>;
export type SearchRecordRow = Awaited<ReturnType<SearchRecordRepository["list"]>>["rows"][number];

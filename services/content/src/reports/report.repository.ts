// The only code that touches the database for reports.
import type { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";

export interface ReportRow {
  id: bigint;
  documentId: bigint;
  userId: bigint;
  reason: number;
  status: boolean;
  remark: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface ReportFilter {
  statuses?: readonly boolean[];
  reasons?: readonly number[];
  /** In the reported document's title. */
  wd?: string;
}

export type ReportSortColumn = "id" | "createdAt" | "updatedAt";

function where(f: ReportFilter): Prisma.ReportWhereInput {
  const w: Prisma.ReportWhereInput = {};
  // both statuses (or none) asked for: no condition
  if (f.statuses?.length && new Set(f.statuses).size === 1) w.status = f.statuses[0] as boolean;
  if (f.reasons?.length) w.reason = { in: [...f.reasons] };
  return w;
}

export function createReportRepository(db: Db) {
  return {
    document: (id: bigint) =>
      db.document.findUnique({ where: { id }, select: { id: true, userId: true, status: true, deletedAt: true } }),

    /** Throws a unique violation when the user has an open report of the document (reports_open_key). */
    create: (r: { documentId: bigint; userId: bigint; reason: number }) => db.report.create({ data: r }),

    byId: (id: bigint) => db.report.findUnique({ where: { id } }),

    update: (id: bigint, data: { status: boolean; remark: string }) => db.report.update({ where: { id }, data }),

    remove: (ids: readonly bigint[]) => db.report.deleteMany({ where: { id: { in: [...ids] } } }).then((r) => r.count),

    async page(
      f: ReportFilter,
      sort: readonly { column: ReportSortColumn; dir: "asc" | "desc" }[],
      skip: number,
      take: number,
    ) {
      const w = where(f);
      if (f.wd) {
        const docs = await db.document.findMany({
          where: { title: { contains: f.wd, mode: "insensitive" } },
          select: { id: true },
          take: 10_000,
        });
        w.documentId = { in: docs.map((d) => d.id) };
      }
      const [total, rows] = await Promise.all([
        db.report.count({ where: w }),
        db.report.findMany({ where: w, orderBy: sort.map((s) => ({ [s.column]: s.dir })), skip, take }),
      ]);
      return { total, rows: rows as ReportRow[] };
    },

    /** Titles of the reported documents (those still in the database). */
    async titles(ids: readonly bigint[]): Promise<Map<bigint, string>> {
      if (!ids.length) return new Map();
      const docs = await db.document.findMany({ where: { id: { in: [...ids] } }, select: { id: true, title: true } });
      return new Map(docs.map((d) => [d.id, d.title]));
    },
  };
}
export type ReportRepository = ReturnType<typeof createReportRepository>;

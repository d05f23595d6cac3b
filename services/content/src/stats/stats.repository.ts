// The only module that touches Prisma for the site statistics: counts, nothing else.
import type { Db } from "../db.js";

export function createStatsRepository(db: Db) {
  return {
    /** Documents outside the recycle bin, counted per status. */
    async liveDocumentsByStatus(): Promise<Map<number, number>> {
      const rows = await db.document.groupBy({ by: ["status"], where: { deletedAt: null }, _count: { _all: true } });
      return new Map(rows.map((r) => [r.status, r._count._all]));
    },
    categoryCount: () => db.category.count(),
  };
}
export type StatsRepository = ReturnType<typeof createStatsRepository>;

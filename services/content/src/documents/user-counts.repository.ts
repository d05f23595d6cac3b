// The only module that counts documents per uploader (user.doc_count, asked by the user service).
import type { Db } from "../db.js";

/** CountUserDocuments answers at most this many users per call. */
export const MAX_COUNTED_USERS = 1000;

export function createUserCountsRepository(db: Db) {
  return {
    /** Live documents (outside the recycle bin, any status) per user among `ids`; users without any are absent. */
    async liveDocumentsPerUser(ids: readonly bigint[]): Promise<Map<bigint, number>> {
      const userIds = [...new Set(ids)].filter((id) => id > 0n).slice(0, MAX_COUNTED_USERS);
      if (!userIds.length) return new Map();
      const rows = await db.document.groupBy({
        by: ["userId"],
        where: { userId: { in: userIds }, deletedAt: null },
        _count: { _all: true },
      });
      return new Map(rows.map((r) => [r.userId, r._count._all]));
    },
  };
}
export type UserCountsRepository = ReturnType<typeof createUserCountsRepository>;

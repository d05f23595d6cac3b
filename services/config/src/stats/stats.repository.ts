// The only module that touches Prisma for the config service's own counters in the site statistics.
import type { Db } from "../db.js";

export function createLocalCounts(db: Db) {
  return {
    /** Every banner, or the enabled ones only (what visitors are shown). */
    banners: (enabledOnly = false): Promise<number> => db.banner.count({ where: enabledOnly ? { enable: true } : {} }),
    /** Every friend link, or the enabled ones only (what visitors are shown). */
    friendlinks: (enabledOnly = false): Promise<number> =>
      db.friendlink.count({ where: enabledOnly ? { enable: true } : {} }),
  };
}
export type LocalCounts = ReturnType<typeof createLocalCounts>;

// The only module that touches Prisma for the config service's own counters in the site statistics.
import type { Db } from "../db.js";

export function createLocalCounts(db: Db) {
  return {
    banners: (): Promise<number> => db.banner.count(),
    friendlinks: (): Promise<number> => db.friendlink.count(),
  };
}
export type LocalCounts = ReturnType<typeof createLocalCounts>;

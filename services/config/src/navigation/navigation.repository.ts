import type { Db } from "../db.js";

export interface NavigationData {
  title: string;
  href: string;
  target: string;
  color: string;
  sort: number;
  enable: boolean;
  parentId: bigint | null;
  description: string;
}

/** The only module that touches Prisma for navigation items. */
export function createNavigationRepository(db: Db) {
  return {
    byId: (id: bigint) => db.navigation.findUnique({ where: { id } }),

    /** The whole table: a header menu is small (the list API caps it at 10 000 items). */
    all: () => db.navigation.findMany({ orderBy: [{ sort: "asc" }, { id: "asc" }] }),

    /** id → parent_id of every item, to walk ancestors. */
    async parents(): Promise<Map<bigint, bigint | null>> {
      const rows = await db.navigation.findMany({ select: { id: true, parentId: true } });
      return new Map(rows.map((r) => [r.id, r.parentId]));
    },

    create: (data: NavigationData) => db.navigation.create({ data }),

    update: (id: bigint, data: NavigationData) => db.navigation.update({ where: { id }, data }),

    byIds: (ids: bigint[]) => db.navigation.findMany({ where: { id: { in: ids } } }),

    childrenOf: (ids: bigint[]) =>
      db.navigation.findMany({ where: { parentId: { in: ids } }, orderBy: [{ sort: "asc" }, { id: "asc" }] }),

    /** Deletes the items (children and parents together) in one statement. */
    deleteMany: (ids: bigint[]) => db.navigation.deleteMany({ where: { id: { in: ids } } }),
  };
}
export type NavigationRepository = ReturnType<typeof createNavigationRepository>;
export type NavigationRow = Awaited<ReturnType<NavigationRepository["all"]>>[number];

import type { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";
import { countAdmins, LastAdminError } from "../users/user.repository.js";

export type GroupData = Omit<Prisma.GroupCreateInput, "users" | "permissions" | "createdAt" | "updatedAt">;

const withCount = { _count: { select: { users: true } } } as const;

/** The only module that touches Prisma for groups and their permissions. */
export function createGroupRepository(db: Db) {
  /** Ids of the groups holding every permission (super-admin groups). */
  async function adminGroupIds(): Promise<bigint[]> {
    const rows = await db.$queryRaw<Array<{ group_id: bigint }>>`
      SELECT group_id FROM group_permissions GROUP BY group_id
      HAVING count(*) = (SELECT count(*) FROM permissions)`;
    return rows.map((r) => r.group_id);
  }

  return {
    byId: (id: bigint) => db.group.findUnique({ where: { id }, include: withCount }),
    byTitle: (title: string) => db.group.findUnique({ where: { title }, include: withCount }),
    titleTaken: async (title: string, exceptId = 0n) =>
      (await db.group.count({ where: { title, NOT: { id: exceptId } } })) > 0,

    /** Creates or updates a group; `isDefault` moves the default flag to it, in one transaction. */
    save: (id: bigint, data: GroupData) =>
      db.$transaction(async (tx) => {
        if (data.isDefault)
          await tx.group.updateMany({ where: { isDefault: true, NOT: { id } }, data: { isDefault: false } });
        return id > 0n ? tx.group.update({ where: { id }, data }) : tx.group.create({ data });
      }),

    async list(f: { wd: string; skip: number; take: number }) {
      const where: Prisma.GroupWhereInput = f.wd
        ? {
            OR: [
              { title: { contains: f.wd, mode: "insensitive" } },
              { description: { contains: f.wd, mode: "insensitive" } },
            ],
          }
        : {};
      const [total, rows] = await db.$transaction([
        db.group.count({ where }),
        db.group.findMany({
          where,
          orderBy: [{ sort: "desc" }, { id: "asc" }],
          skip: f.skip,
          take: f.take,
          include: withCount,
        }),
      ]);
      return { total, rows };
    },

    byIds: (ids: bigint[]) => db.group.findMany({ where: { id: { in: ids } }, include: withCount }),
    deleteMany: (ids: bigint[]) => db.group.deleteMany({ where: { id: { in: ids } } }),
    adminGroupIds,

    permissionIdsOf: async (groupId: bigint) =>
      (
        await db.groupPermission.findMany({
          where: { groupId },
          select: { permissionId: true },
          orderBy: { permissionId: "asc" },
        })
      ).map((p) => p.permissionId),

    existingPermissionIds: async (ids: bigint[]) =>
      (await db.permission.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((p) => p.id),

    /** Replaces a group's permissions; rolled back (LastAdminError) if no super-admin would remain. */
    setPermissions: (groupId: bigint, permissionIds: bigint[]) =>
      db.$transaction(async (tx) => {
        await tx.groupPermission.deleteMany({ where: { groupId } });
        await tx.groupPermission.createMany({ data: permissionIds.map((permissionId) => ({ groupId, permissionId })) });
        if ((await countAdmins(tx, [])) === 0) throw new LastAdminError();
      }),
  };
}
export type GroupRepository = ReturnType<typeof createGroupRepository>;

import type { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";

/** The only module that touches Prisma for permission rows (outside the start-up sync). */
export function createPermissionRepository(db: Db) {
  return {
    byId: (id: bigint) => db.permission.findUnique({ where: { id } }),
    update: (id: bigint, data: { title: string; description: string }) => db.permission.update({ where: { id }, data }),
    async list(f: { wd: string; methods: string[]; path: string; skip: number; take: number }) {
      const where: Prisma.PermissionWhereInput = {
        ...(f.methods.length ? { method: { in: f.methods } } : {}),
        ...(f.path ? { path: { contains: f.path } } : {}),
        ...(f.wd
          ? {
              OR: [
                { title: { contains: f.wd, mode: "insensitive" } },
                { description: { contains: f.wd, mode: "insensitive" } },
                { path: { contains: f.wd, mode: "insensitive" } },
              ],
            }
          : {}),
      };
      const [total, rows] = await db.$transaction([
        db.permission.count({ where }),
        db.permission.findMany({ where, orderBy: [{ path: "asc" }, { method: "asc" }], skip: f.skip, take: f.take }),
      ]);
      return { total, rows };
    },
  };
}
export type PermissionRepository = ReturnType<typeof createPermissionRepository>;

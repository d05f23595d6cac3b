// Attachments as the admin pages see them (AttachmentAPI): the only Prisma access for those.

import type { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";

export interface AttachmentFilter {
  wd: string;
  enable: boolean[];
  userId: bigint[];
  type: number[];
  ext: string;
}

export function createAttachmentRepository(db: Db) {
  const where = (f: AttachmentFilter): Prisma.AttachmentWhereInput => ({
    ...(f.wd ? { OR: [{ name: { contains: f.wd, mode: "insensitive" } }, { hash: f.wd.toLowerCase() }] } : {}),
    // both values (or none) asked: no filter
    ...(new Set(f.enable).size === 1 ? { enable: f.enable[0] as boolean } : {}),
    ...(f.userId.length ? { userId: { in: f.userId } } : {}),
    ...(f.type.length ? { type: { in: f.type } } : {}),
    ...(f.ext ? { ext: f.ext } : {}),
  });
  return {
    async list(f: AttachmentFilter, skip: number, take: number) {
      const w = where(f);
      const [total, rows] = await Promise.all([
        db.attachment.count({ where: w }),
        db.attachment.findMany({ where: w, orderBy: [{ id: "desc" }], skip, take }),
      ]);
      return { total, rows };
    },
    get(id: bigint) {
      return db.attachment.findUnique({ where: { id } });
    },
    async update(id: bigint, data: { name: string; description: string; enable: boolean }): Promise<boolean> {
      return (await db.attachment.updateMany({ where: { id }, data })).count === 1;
    },
    async disable(ids: readonly bigint[]): Promise<number> {
      return (await db.attachment.updateMany({ where: { id: { in: [...ids] } }, data: { enable: false } })).count;
    },
  };
}

export type AttachmentRepository = ReturnType<typeof createAttachmentRepository>;

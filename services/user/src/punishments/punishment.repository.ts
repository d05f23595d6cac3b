import type { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";

/** A punishment is in force while enabled and its end time is unset or still ahead. */
export const inForce = (at: Date): Prisma.PunishmentWhereInput => ({
  enable: true,
  OR: [{ endTime: null }, { endTime: { gt: at } }],
});

export interface PunishmentListFilter {
  wd: string;
  types: number[];
  enable: boolean[];
  userIds: bigint[];
  skip: number;
  take: number;
}

const withUser = { user: { select: { username: true } } } as const;

/** The only module that touches the punishments table. */
export function createPunishmentRepository(db: Db) {
  return {
    byId: (id: bigint) => db.punishment.findUnique({ where: { id }, include: withUser }),

    /** Types of the punishments in force for the user at `at`, with their reasons. */
    active: (userId: bigint, at: Date) =>
      db.punishment.findMany({ where: { userId, ...inForce(at) }, select: { type: true, reason: true } }),

    /**
     * One row per (user, type): a new punishment of a type the user had before replaces that row
     * (moredoc's behaviour), keeping its audit trail.
     */
    upsert: (
      key: { userId: bigint; type: number },
      data: { enable: boolean; reason: string; remark: string; endTime: Date | null; startTime: Date },
      operator: (previous: string) => string,
    ) =>
      db.$transaction(async (tx) => {
        const prev = await tx.punishment.findUnique({ where: { userId_type: key } });
        if (prev) {
          return tx.punishment.update({
            where: { id: prev.id },
            data: { ...data, operators: operator(prev.operators) },
          });
        }
        return tx.punishment.create({ data: { ...key, ...data, operators: operator("[]") } });
      }),

    update: (id: bigint, data: Prisma.PunishmentUpdateInput) => db.punishment.update({ where: { id }, data }),

    byIds: (ids: bigint[]) => db.punishment.findMany({ where: { id: { in: ids } } }),

    existingUserIds: async (ids: bigint[]) =>
      (await db.user.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((u) => u.id),

    async list(f: PunishmentListFilter) {
      const where: Prisma.PunishmentWhereInput = {
        ...(f.types.length ? { type: { in: f.types } } : {}),
        ...(f.enable.length === 1 ? { enable: f.enable[0] } : {}),
        ...(f.userIds.length ? { userId: { in: f.userIds } } : {}),
        ...(f.wd
          ? {
              OR: [
                { reason: { contains: f.wd, mode: "insensitive" } },
                { remark: { contains: f.wd, mode: "insensitive" } },
              ],
            }
          : {}),
      };
      const [total, rows] = await db.$transaction([
        db.punishment.count({ where }),
        db.punishment.findMany({ where, orderBy: { id: "desc" }, skip: f.skip, take: f.take, include: withUser }),
      ]);
      return { total, rows };
    },
  };
}
export type PunishmentRepository = ReturnType<typeof createPunishmentRepository>;

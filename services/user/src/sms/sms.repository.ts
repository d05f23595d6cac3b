import type { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";

export interface SmsListFilter {
  wd: string;
  mobile: string;
  userIds: bigint[];
  statuses: number[];
  types: number[];
  skip: number;
  take: number;
}

const withUser = { user: { select: { username: true } } } as const;

/** The only module that touches the sms table. */
export function createSmsRepository(db: Db) {
  return {
    /** A record in status sending (0), before the vendor is asked. */
    create: (data: {
      mobile: string;
      type: number;
      content: string;
      provider: string;
      ip: string;
      userId: bigint | null;
    }) => db.sms.create({ data, select: { id: true } }),

    /** The vendor's verdict: status success (1) or failed (2), its answer and the error. */
    finish: (id: bigint, data: { status: number; response: string; error: string }) =>
      db.sms.update({ where: { id }, data: { ...data, error: data.error.slice(0, 500) } }),

    byId: (id: bigint) => db.sms.findUnique({ where: { id }, include: withUser }),

    /** When the newest message to `mobile` was recorded (the sms.interval rule). */
    lastAt: async (mobile: string) =>
      (await db.sms.findFirst({ where: { mobile }, orderBy: { id: "desc" }, select: { createdAt: true } }))
        ?.createdAt ?? null,

    async list(f: SmsListFilter) {
      const where: Prisma.SmsWhereInput = {
        ...(f.types.length ? { type: { in: f.types } } : {}),
        ...(f.statuses.length ? { status: { in: f.statuses } } : {}),
        ...(f.userIds.length ? { userId: { in: f.userIds } } : {}),
        ...(f.mobile ? { mobile: f.mobile } : {}),
        ...(f.wd
          ? {
              OR: [
                { mobile: { contains: f.wd } },
                { error: { contains: f.wd, mode: "insensitive" } },
                { provider: { contains: f.wd, mode: "insensitive" } },
              ],
            }
          : {}),
      };
      const [total, rows] = await db.$transaction([
        db.sms.count({ where }),
        db.sms.findMany({ where, orderBy: { id: "desc" }, skip: f.skip, take: f.take, include: withUser }),
      ]);
      return { total, rows };
    },
  };
}
export type SmsRepository = ReturnType<typeof createSmsRepository>;
export type SmsRow = NonNullable<Awaited<ReturnType<SmsRepository["byId"]>>>;

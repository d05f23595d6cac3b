// The only module that touches the signs table (daily check-ins).
import type { TextParams } from "@wenku/kit";
import type { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";
import { DynamicType } from "../dynamics/dynamic.repository.js";

export interface SignRow {
  id: bigint;
  userId: bigint;
  day: number;
  ip: string;
  award: number;
  createdAt: Date;
}

export function createSignRepository(db: Db) {
  return {
    byDay: (userId: bigint, day: number): Promise<SignRow | null> =>
      db.sign.findUnique({ where: { userId_day: { userId, day } } }),

    /**
     * Inserts the day's check-in, its feed entry and, through `owe`, the award owed to the ledger (the
     * credit outbox), in one short transaction that waits on no other service. The unique
     * (user_id, day) index makes a concurrent second check-in wait for this one and then fail (a
     * unique violation).
     */
    signOnce: (
      row: { userId: bigint; day: number; ip: string; award: number },
      dynamic: { content: string; params: TextParams },
      owe: (tx: Prisma.TransactionClient, sign: SignRow) => Promise<void>,
    ): Promise<SignRow> =>
      db.$transaction(async (tx) => {
        const sign = await tx.sign.create({ data: row });
        await tx.dynamic.create({ data: { userId: row.userId, type: DynamicType.sign, ...dynamic } });
        await owe(tx, sign);
        return sign;
      }),
  };
}
export type SignRepository = ReturnType<typeof createSignRepository>;

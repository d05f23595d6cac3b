// The only module that touches the signs table (daily check-ins).
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

/** The ledger call runs inside the check-in's transaction: one connection may wait that long. */
const TX = { maxWait: 30_000, timeout: 30_000 };

export function createSignRepository(db: Db) {
  return {
    byDay: (userId: bigint, day: number): Promise<SignRow | null> =>
      db.sign.findUnique({ where: { userId_day: { userId, day } } }),

    /**
     * Inserts the day's check-in and its feed entry, runs `book` (the award's ledger booking), and
     * commits only if it succeeded. The unique (user_id, day) index makes a concurrent second
     * check-in wait for this one and then fail (a unique violation); a failed booking leaves no
     * check-in behind, so the user can try again and the ledger's idempotency key keeps the award
     * single even if the booking went through and only the commit failed.
     */
    signOnce: (
      row: { userId: bigint; day: number; ip: string; award: number },
      dynamic: string,
      book: (sign: SignRow) => Promise<void>,
    ): Promise<SignRow> =>
      db.$transaction(async (tx) => {
        const sign = await tx.sign.create({ data: row });
        await tx.dynamic.create({ data: { userId: row.userId, type: DynamicType.sign, content: dynamic } });
        await book(sign);
        return sign;
      }, TX),
  };
}
export type SignRepository = ReturnType<typeof createSignRepository>;

// The only module that touches the ledger's tables (credit_entries, credit_balances).
import { isUniqueViolation, type TextParams } from "@wenku/kit";
import type { Db } from "../db.js";

export interface CreditEntryRow {
  id: bigint;
  userId: bigint;
  amount: number;
  balanceAfter: number;
  code: string;
  reason: string;
  /** CreditLog.params as stored (jsonb; read through textParams). */
  params: unknown;
  refKind: string;
  refId: bigint;
  idempotencyKey: string;
  createdAt: Date;
}

export interface Booking {
  userId: bigint;
  amount: number;
  code: string;
  reason: string;
  /** What the reason is made of (CreditLog.params); none when absent. */
  params?: TextParams;
  refKind: string;
  refId: bigint;
  idempotencyKey: string;
}

export type BookResult =
  | { kind: "booked"; entry: CreditEntryRow }
  | { kind: "replayed"; entry: CreditEntryRow }
  | { kind: "insufficient"; balance: number }
  | { kind: "overflow"; balance: number };

/** Largest balance the int column holds. */
export const MAX_BALANCE = 2_147_483_647;

/**
 * Waiting for a connection and for the balance row's lock: many bookings for one user queue behind
 * each other (50 concurrent purchases), each holding its lock for a few milliseconds.
 */
const TX = { maxWait: 30_000, timeout: 30_000 };

export function createLedgerRepository(db: Db) {
  return {
    /**
     * Books one entry and moves the balance in one transaction. The balance row is locked first
     * (FOR UPDATE), so concurrent bookings for a user run one after the other and each sees the
     * balance the previous one left; the idempotency key is looked up after the lock, so a replay
     * racing its original finds it committed. The unique key and the CHECK (balance >= 0) hold
     * even if this logic were wrong.
     */
    async book(b: Booking): Promise<BookResult> {
      try {
        return await db.$transaction(async (tx) => {
          await tx.$executeRaw`INSERT INTO credit_balances (user_id) VALUES (${b.userId}) ON CONFLICT (user_id) DO NOTHING`;
          const [row] = await tx.$queryRaw<{ balance: number }[]>`
            SELECT balance FROM credit_balances WHERE user_id = ${b.userId} FOR UPDATE`;
          const balance = row?.balance ?? 0;
          const prior = await tx.creditEntry.findUnique({ where: { idempotencyKey: b.idempotencyKey } });
          if (prior) return { kind: "replayed", entry: prior } as const;
          const next = balance + b.amount;
          if (next < 0) return { kind: "insufficient", balance } as const;
          if (next > MAX_BALANCE) return { kind: "overflow", balance } as const;
          await tx.creditBalance.update({
            where: { userId: b.userId },
            data: { balance: next, updatedAt: new Date() },
          });
          const entry = await tx.creditEntry.create({ data: { ...b, balanceAfter: next } });
          return { kind: "booked", entry } as const;
        }, TX);
      } catch (err) {
        // The same key booked at the same moment for another user (whose row lock this one did not
        // wait for): the first booking stands.
        if (!isUniqueViolation(err)) throw err;
        const prior = await db.creditEntry.findUnique({ where: { idempotencyKey: b.idempotencyKey } });
        if (!prior) throw err;
        return { kind: "replayed", entry: prior };
      }
    },

    async balances(userIds: readonly bigint[]): Promise<Map<bigint, number>> {
      const rows = await db.creditBalance.findMany({ where: { userId: { in: [...userIds] } } });
      return new Map(rows.map((r) => [r.userId, r.balance]));
    },

    /** A user's entries, newest first, optionally of some reason codes only. */
    async entries(userId: bigint, codes: readonly string[], skip: number, take: number) {
      const where = { userId, ...(codes.length ? { code: { in: [...codes] } } : {}) };
      const [total, rows] = await db.$transaction([
        db.creditEntry.count({ where }),
        db.creditEntry.findMany({ where, orderBy: { id: "desc" }, skip, take }),
      ]);
      return { total, rows };
    },
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;

// Credit grants the user service owes the order service's ledger (the register bonus, check-in
// awards). A grant is written in the same transaction as what earned it (the account, the check-in)
// and booked afterwards, outside any transaction: no database connection waits on another service,
// and a grant that cannot be booked now (the order service down or slow) is retried until it is,
// never lost. The ledger's idempotency key makes every retry, replica race or replay book once.
import { Code, ConnectError } from "@connectrpc/connect";
import type { Logger } from "@wenku/kit";
import type { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";
import type { CreditBooking, CreditLedger } from "./credits.client.js";

/** A claimed row is not handed to another delivery (replica, sweep) for this long. */
const LEASE_MS = 60_000;
/** Rows one sweep delivers at most. */
const BATCH = 50;
/** Retry after 5 s, 10 s, 20 s … at most an hour. */
const backoffMs = (attempts: number) => Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempts - 1));

/** Refusals that no retry can change (the booking itself is wrong): kept for an operator, not retried. */
const PERMANENT = new Set([Code.InvalidArgument, Code.AlreadyExists, Code.FailedPrecondition, Code.PermissionDenied]);

interface Row {
  id: bigint;
  idempotency_key: string;
  user_id: bigint;
  amount: number;
  code: string;
  reason: string;
  ref_kind: string;
  ref_id: bigint;
  attempts: number;
}

export interface CreditOutbox {
  /** Records a grant inside the caller's transaction; a second grant with the same key is ignored. */
  enqueue(tx: Prisma.TransactionClient, b: CreditBooking): Promise<void>;
  /** Books the given grants now (after their transaction committed); true when every one was booked. */
  deliver(keys: readonly string[]): Promise<boolean>;
  /** Books every grant that is due (the periodic retry); answers how many were booked. */
  sweep(): Promise<number>;
}

export function createCreditOutbox(deps: { db: Db; ledger: CreditLedger; log: Logger }): CreditOutbox {
  const { db, ledger, log } = deps;

  /** One claimed row to the ledger: deleted when booked, rescheduled or parked when not. */
  async function book(row: Row): Promise<boolean> {
    try {
      await ledger.apply({
        userId: row.user_id,
        amount: row.amount,
        code: row.code,
        reason: row.reason,
        refKind: row.ref_kind,
        refId: row.ref_id,
        idempotencyKey: row.idempotency_key,
      });
      await db.creditOutbox.delete({ where: { id: row.id } });
      return true;
    } catch (err) {
      const e = ConnectError.from(err);
      const permanent = PERMANENT.has(e.code);
      const next = permanent ? "infinity" : new Date(Date.now() + backoffMs(row.attempts)).toISOString();
      await db.$executeRaw`UPDATE credit_outbox SET next_attempt_at = ${next}::timestamptz,
        last_error = ${e.message.slice(0, 2000)} WHERE id = ${row.id}`.catch((dbErr: unknown) =>
        log.warn({ err: dbErr, key: row.idempotency_key }, "credit outbox: could not reschedule"),
      );
      const fields = { err, key: row.idempotency_key, attempts: row.attempts };
      if (permanent) log.error(fields, "credit grant refused by the ledger: kept in credit_outbox for an operator");
      else log.warn(fields, "credit grant not booked yet: will retry");
      return false;
    }
  }

  /** Claims due rows (optionally only `keys`) for LEASE_MS, so no other delivery books them meanwhile. */
  const claim = (keys: readonly string[] | null): Promise<Row[]> =>
    db.$queryRaw<Row[]>`
      UPDATE credit_outbox SET attempts = attempts + 1, next_attempt_at = now() + ${`${LEASE_MS} milliseconds`}::interval
      WHERE id IN (
        SELECT id FROM credit_outbox
        WHERE next_attempt_at <= now() AND (${keys === null} OR idempotency_key = ANY(${keys ?? []}::text[]))
        ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING id, idempotency_key, user_id, amount, code, reason, ref_kind, ref_id, attempts`;

  const bookAll = async (rows: Row[]) => {
    let booked = 0;
    for (const row of rows) if (await book(row)) booked++;
    return booked;
  };

  return {
    async enqueue(tx, b) {
      await tx.creditOutbox.createMany({
        data: [
          {
            idempotencyKey: b.idempotencyKey,
            userId: b.userId,
            amount: b.amount,
            code: b.code,
            reason: b.reason,
            refKind: b.refKind,
            refId: b.refId,
          },
        ],
        skipDuplicates: true,
      });
    },

    async deliver(keys) {
      if (keys.length === 0) return true;
      try {
        const rows = await claim(keys);
        return (await bookAll(rows)) === keys.length;
      } catch (err) {
        log.warn({ err }, "credit outbox: delivery failed, the sweep retries");
        return false;
      }
    },

    async sweep() {
      return bookAll(await claim(null));
    },
  };
}

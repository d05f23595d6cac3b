// The credit outbox every service that owes credits uses (the user service's register bonus and
// check-in award, the content service's upload, favorite, comment rewards and delete penalty): a
// booking is written in the same transaction as what earned it, into a `credit_outbox` table of the
// owning service's own schema (created by that service's own migration), and delivered
// afterwards, outside any transaction, through the function the service passes (the order service's
// ledger). A booking that cannot be delivered now (the ledger down or slow) waits with a retry time
// that backs off, never lost; one the ledger refuses for good is parked (next_attempt_at =
// 'infinity', with its error) for an operator. The ledger's idempotency key makes every retry,
// replica race or replay book once.
import { Code, ConnectError } from "@connectrpc/connect";
import type { ApplyCreditsRequest } from "@wenku/proto/api/v1/order_internal_pb.js";
import type { Logger } from "./logger.js";

/** OrderInternalAPI.ApplyCredits's request as plain data (its fields are described in order_internal.proto). */
export type CreditBooking = Omit<ApplyCreditsRequest, "$typeName" | "$unknown">;

/** What the outbox needs of a database client or of a transaction (Prisma's and a pg adapter both fit). */
export interface OutboxSql {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

export interface CreditOutbox {
  /** Records a booking inside the caller's transaction; a second booking with the same key is ignored. */
  enqueue(tx: OutboxSql, b: CreditBooking): Promise<void>;
  /** Delivers the given bookings now (after their transaction committed); true when every one was booked. */
  deliver(keys: readonly string[]): Promise<boolean>;
  /** Delivers every booking that is due (the periodic retry); answers how many were booked. */
  sweep(): Promise<number>;
}

export interface CreditOutboxOptions {
  /** Outside transactions: claims, deletes, reschedules. */
  db: OutboxSql;
  /** The owning service's schema, which holds `credit_outbox` (its migration creates it). */
  schema: string;
  /** Books one booking (the ledger); resolves when it is booked, throws when it is not. */
  deliver(b: CreditBooking): Promise<unknown>;
  log: Logger;
  /** A claimed row is not handed to another delivery (replica, sweep) for this long (default 60 s). */
  leaseMs?: number;
  /** Rows one sweep delivers at most (default 50). */
  batch?: number;
}

/** Retry after 5 s, 10 s, 20 s … at most an hour (`attempts` counts the failed one). */
export const outboxBackoffMs = (attempts: number) => Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempts - 1));

/** Refusals that no retry can change (the booking itself is wrong): parked for an operator, not retried. */
const PERMANENT = new Set([Code.InvalidArgument, Code.AlreadyExists, Code.FailedPrecondition, Code.PermissionDenied]);

const SAFE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The table a service's migration creates (in its own schema, by its search path). */
export const CREDIT_OUTBOX_TABLE = "credit_outbox";

interface Row {
  id: bigint | string;
  idempotency_key: string;
  user_id: bigint | string;
  amount: number;
  code: string;
  reason: string;
  ref_kind: string;
  ref_id: bigint | string;
  attempts: number;
}

export function createCreditOutbox(opts: CreditOutboxOptions): CreditOutbox {
  if (!SAFE_NAME.test(opts.schema)) throw new Error(`invalid schema name ${opts.schema}`);
  const { db, log } = opts;
  const table = `"${opts.schema}"."${CREDIT_OUTBOX_TABLE}"`;
  const leaseMs = opts.leaseMs ?? 60_000;
  const batch = opts.batch ?? 50;

  /** One claimed row to the ledger: deleted when booked, rescheduled or parked when not. */
  async function book(row: Row): Promise<boolean> {
    try {
      await opts.deliver({
        userId: BigInt(row.user_id),
        amount: Number(row.amount),
        code: row.code,
        reason: row.reason,
        refKind: row.ref_kind,
        refId: BigInt(row.ref_id),
        idempotencyKey: row.idempotency_key,
      });
      await db.$executeRawUnsafe(`DELETE FROM ${table} WHERE id = $1`, BigInt(row.id));
      return true;
    } catch (err) {
      const e = ConnectError.from(err);
      const permanent = PERMANENT.has(e.code);
      const next = permanent ? "infinity" : new Date(Date.now() + outboxBackoffMs(row.attempts)).toISOString();
      await db
        .$executeRawUnsafe(
          `UPDATE ${table} SET next_attempt_at = $1::timestamptz, last_error = $2 WHERE id = $3`,
          next,
          e.message.slice(0, 2000),
          BigInt(row.id),
        )
        .catch((dbErr: unknown) =>
          log.warn({ err: dbErr, key: row.idempotency_key }, "credit outbox: could not reschedule"),
        );
      const fields = { err, key: row.idempotency_key, attempts: row.attempts };
      if (permanent) log.error(fields, "credit booking refused by the ledger: parked in credit_outbox for an operator");
      else log.warn(fields, "credit booking not delivered yet: will retry");
      return false;
    }
  }

  /** Claims due rows (optionally only `keys`) for leaseMs, so no other delivery books them meanwhile. */
  const claim = (keys: readonly string[] | null): Promise<Row[]> =>
    db.$queryRawUnsafe<Row[]>(
      `UPDATE ${table} SET attempts = attempts + 1, next_attempt_at = now() + $1::interval
       WHERE id IN (
         SELECT id FROM ${table}
         WHERE next_attempt_at <= now() AND ($2::boolean OR idempotency_key = ANY($3::text[]))
         ORDER BY id LIMIT $4 FOR UPDATE SKIP LOCKED)
       RETURNING id, idempotency_key, user_id, amount, code, reason, ref_kind, ref_id, attempts`,
      `${leaseMs} milliseconds`,
      keys === null,
      [...(keys ?? [])],
      batch,
    );

  const bookAll = async (rows: Row[]) => {
    let booked = 0;
    for (const row of rows) if (await book(row)) booked++;
    return booked;
  };

  return {
    async enqueue(tx, b) {
      await tx.$executeRawUnsafe(
        `INSERT INTO ${table} (idempotency_key, user_id, amount, code, reason, ref_kind, ref_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (idempotency_key) DO NOTHING`,
        b.idempotencyKey,
        b.userId,
        b.amount,
        b.code,
        b.reason,
        b.refKind,
        b.refId,
      );
    },

    async deliver(keys) {
      const unique = [...new Set(keys)];
      if (unique.length === 0) return true;
      try {
        return (await bookAll(await claim(unique))) === unique.length;
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

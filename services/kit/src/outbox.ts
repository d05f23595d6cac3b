// A transactional outbox: a payload that must reach another party (a service's RPC, a ledger) is
// written in the same transaction as what caused it, into a table of the owning service's own schema
// (created by that service's own migration), and delivered afterwards, outside any transaction,
// through the function the owner passes. A payload that cannot be delivered now (the receiver down or
// slow) waits with a retry time that backs off, never lost; one the receiver refuses for good (the
// owner says which refusals those are) is parked (next_attempt_at = 'infinity', with its error) for an
// operator. A claimed row is leased, so replicas and the sweep do not deliver it at once; a lease that
// runs out (a crash mid-delivery) can still deliver twice, so the receiver must be idempotent on the
// row's key, which the outbox hands it inside the payload.
//
// The table holds the outbox's own columns and the payload's, which the owner's codec names:
//   id bigserial PRIMARY KEY, idempotency_key text UNIQUE, attempts integer DEFAULT 0,
//   next_attempt_at timestamptz DEFAULT now() (indexed), last_error text DEFAULT '', <payload columns>
import type { Logger } from "./logger.js";

/** What the outbox needs of a database client or of a transaction (Prisma's and a pg adapter both fit). */
export interface OutboxSql {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

/** How a payload is stored in the table's payload columns and read back. */
export interface OutboxCodec<P> {
  /** The payload's columns (not the outbox's own), in the order `encode` gives their values. */
  readonly columns: readonly string[];
  /** The row's key: a second enqueue with it is ignored, and `deliver(keys)` names rows by it. */
  key(payload: P): string;
  /** The values of `columns`, as query parameters. */
  encode(payload: P): readonly unknown[];
  /** A claimed row's payload columns (as PostgreSQL answers them) and its key, back into the payload. */
  decode(row: Readonly<Record<string, unknown>>, key: string): P;
}

export interface Outbox<P> {
  /** Records a payload inside the caller's transaction; a second payload with the same key is ignored. */
  enqueue(tx: OutboxSql, payload: P): Promise<void>;
  /** Delivers the given payloads now (after their transaction committed); true when every one was delivered. */
  deliver(keys: readonly string[]): Promise<boolean>;
  /** Delivers every payload that is due (the periodic retry); answers how many were delivered. */
  sweep(): Promise<number>;
}

interface OutboxOptions<P> {
  /** Outside transactions: claims, deletes, reschedules. */
  db: OutboxSql;
  /** The owning service's schema and the table in it (its migration creates the table). */
  schema: string;
  table: string;
  codec: OutboxCodec<P>;
  /** Delivers one payload; resolves when the receiver took it, throws when it did not. */
  deliver(payload: P): Promise<unknown>;
  /** A delivery error no retry can change (the payload itself is wrong): parked, not retried. */
  refusedForGood(err: unknown): boolean;
  /**
   * Deliveries a payload gets at most: after that many failures it is parked like a refusal, its last
   * error kept (payloads worthless later, e.g. a mail with a code that expires). Default: no limit.
   */
  maxAttempts?: number;
  log: Logger;
  /** A claimed row is not handed to another delivery (replica, sweep) for this long (default 60 s). */
  leaseMs?: number;
  /** Rows one sweep delivers at most (default 50). */
  batch?: number;
}

/** Retry after 5 s, 10 s, 20 s … at most an hour (`attempts` counts the failed one). */
const backoffMs = (attempts: number) => Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempts - 1));

/** Names spliced into the SQL (the values never are): plain lower-case identifiers only. */
const SAFE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

interface Row {
  id: bigint | string;
  idempotency_key: string;
  attempts: number;
  [column: string]: unknown;
}

export function createOutbox<P>(opts: OutboxOptions<P>): Outbox<P> {
  const { db, log, codec } = opts;
  for (const name of [opts.schema, opts.table, ...codec.columns])
    if (!SAFE_NAME.test(name)) throw new Error(`invalid outbox name ${name}`);
  const table = `"${opts.schema}"."${opts.table}"`;
  const columns = codec.columns.map((c) => `"${c}"`);
  const leaseMs = opts.leaseMs ?? 60_000;
  const batch = opts.batch ?? 50;

  /** One claimed row to the receiver: deleted when delivered, rescheduled or parked when not. */
  async function send(row: Row): Promise<boolean> {
    try {
      await opts.deliver(codec.decode(row, row.idempotency_key));
      await db.$executeRawUnsafe(`DELETE FROM ${table} WHERE id = $1`, BigInt(row.id));
      return true;
    } catch (err) {
      const parked = opts.refusedForGood(err) || (opts.maxAttempts !== undefined && row.attempts >= opts.maxAttempts);
      const next = parked ? "infinity" : new Date(Date.now() + backoffMs(row.attempts)).toISOString();
      const message = err instanceof Error ? err.message : String(err);
      await db
        .$executeRawUnsafe(
          `UPDATE ${table} SET next_attempt_at = $1::timestamptz, last_error = $2 WHERE id = $3`,
          next,
          message.slice(0, 2000),
          BigInt(row.id),
        )
        .catch((dbErr: unknown) =>
          log.warn({ err: dbErr, key: row.idempotency_key }, `outbox ${opts.table}: could not reschedule`),
        );
      const fields = { err, key: row.idempotency_key, attempts: row.attempts };
      if (parked) log.error(fields, `outbox ${opts.table}: refused for good or given up, parked for an operator`);
      else log.warn(fields, `outbox ${opts.table}: not delivered yet, will retry`);
      return false;
    }
  }

  /**
   * Claims due rows (optionally only `keys`) for leaseMs, so no other delivery sends them meanwhile.
   * "Due" allows one millisecond: next_attempt_at is a timestamptz(3), which PostgreSQL *rounds* to the
   * millisecond, so a row enqueued less than half a millisecond before the claim could be stored after
   * the claim's now() and be left to the sweep instead of going out at once.
   */
  const claim = (keys: readonly string[] | null): Promise<Row[]> =>
    db.$queryRawUnsafe<Row[]>(
      `UPDATE ${table} SET attempts = attempts + 1, next_attempt_at = now() + $1::interval
       WHERE id IN (
         SELECT id FROM ${table}
         WHERE next_attempt_at <= now() + interval '1 millisecond' AND ($2::boolean OR idempotency_key = ANY($3::text[]))
         ORDER BY id LIMIT $4 FOR UPDATE SKIP LOCKED)
       RETURNING id, idempotency_key, attempts, ${columns.join(", ")}`,
      `${leaseMs} milliseconds`,
      keys === null,
      [...(keys ?? [])],
      batch,
    );

  const sendAll = async (rows: Row[]) => {
    let sent = 0;
    for (const row of rows) if (await send(row)) sent++;
    return sent;
  };

  const placeholders = codec.columns.map((_, i) => `$${i + 2}`).join(", ");
  return {
    async enqueue(tx, payload) {
      await tx.$executeRawUnsafe(
        `INSERT INTO ${table} (idempotency_key, ${columns.join(", ")})
         VALUES ($1, ${placeholders}) ON CONFLICT (idempotency_key) DO NOTHING`,
        codec.key(payload),
        ...codec.encode(payload),
      );
    },

    async deliver(keys) {
      const unique = [...new Set(keys)];
      if (unique.length === 0) return true;
      try {
        return (await sendAll(await claim(unique))) === unique.length;
      } catch (err) {
        log.warn({ err }, `outbox ${opts.table}: delivery failed, the sweep retries`);
        return false;
      }
    },

    async sweep() {
      return sendAll(await claim(null));
    },
  };
}

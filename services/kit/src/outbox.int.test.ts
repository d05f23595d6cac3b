// The shared credit outbox on a real PostgreSQL (a database cloned from the migrated template, whose
// credit_outbox tables come from the user service's and the content service's own migrations), with a
// ledger the test controls: bookings owed in a transaction are delivered after it, kept and retried
// with backoff while the ledger is down, parked when it refuses for good, booked once when deliveries
// race, and each service's outbox sees only its own schema's table.
import { Code, ConnectError } from "@connectrpc/connect";
import pg from "pg";
import { createTestDatabase } from "../../../jest/db.js";
import { createLogger } from "./logger.js";
import {
  type CreditBooking,
  type CreditOutbox,
  createCreditOutbox,
  type OutboxSql,
  outboxBackoffMs,
} from "./outbox.js";

const log = createLogger({ service: "test", level: "silent" });
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;

/** The outbox's view of a pg pool (or of one client inside a transaction). */
const sqlOf = (q: pg.Pool | pg.PoolClient): OutboxSql => ({
  async $queryRawUnsafe<T>(query: string, ...values: unknown[]) {
    return (await q.query(query, values)).rows as T;
  },
  async $executeRawUnsafe(query: string, ...values: unknown[]) {
    return (await q.query(query, values)).rowCount ?? 0;
  },
});

beforeAll(async () => {
  testDb = await createTestDatabase();
  pool = new pg.Pool({ connectionString: testDb.url, max: 6 });
});
afterAll(async () => {
  await pool?.end();
  await testDb?.drop();
});

/** A ledger that books (slowly, if asked) or fails with `failWith`. */
function ledger() {
  const booked: CreditBooking[] = [];
  const state = { failWith: undefined as ConnectError | undefined, delayMs: 0 };
  const deliver = async (b: CreditBooking) => {
    await new Promise((r) => setTimeout(r, state.delayMs));
    if (state.failWith) throw state.failWith;
    booked.push(b);
  };
  return { deliver, booked, state };
}

const outboxOf = (l: ReturnType<typeof ledger>, schema = "wenku_content"): CreditOutbox =>
  createCreditOutbox({ db: sqlOf(pool), schema, deliver: l.deliver, log });

const grant = (key: string, amount = 3): CreditBooking => ({
  userId: 7n,
  amount,
  code: "upload_document",
  reason: "上传文档《报告》获得 3 积分",
  refKind: "document",
  refId: 42n,
  idempotencyKey: key,
});

/** Runs `work` in one transaction of its own connection. */
async function inTransaction(work: (tx: OutboxSql) => Promise<void>) {
  const c = await pool.connect();
  try {
    await c.query("BEGIN");
    await work(sqlOf(c));
    await c.query("COMMIT");
  } catch (err) {
    await c.query("ROLLBACK");
    throw err;
  } finally {
    c.release();
  }
}

const owe = (outbox: CreditOutbox, ...bookings: CreditBooking[]) =>
  inTransaction(async (tx) => {
    for (const b of bookings) await outbox.enqueue(tx, b);
  });

async function rowsOf(key: string, schema = "wenku_content") {
  const r = await pool.query(
    `SELECT attempts, last_error, next_attempt_at, next_attempt_at = 'infinity' AS parked
     FROM ${schema}.credit_outbox WHERE idempotency_key = $1`,
    [key],
  );
  return r.rows as Array<{ attempts: number; last_error: string; next_attempt_at: Date; parked: boolean }>;
}

test("a booking owed in a transaction is delivered with every field and then removed; owing it twice books it once", async () => {
  const l = ledger();
  const outbox = outboxOf(l);
  await owe(outbox, grant("k-ok"), grant("k-ok"));
  expect(await outbox.deliver(["k-ok", "k-ok"])).toBe(true);
  expect(l.booked).toEqual([grant("k-ok")]);
  expect(await rowsOf("k-ok")).toEqual([]);
  // Delivered already: nothing left to book.
  expect(await outbox.deliver(["k-ok"])).toBe(false);
  expect(l.booked).toHaveLength(1);
});

test("a rolled-back transaction owes nothing", async () => {
  const l = ledger();
  const outbox = outboxOf(l);
  await expect(
    inTransaction(async (tx) => {
      await outbox.enqueue(tx, grant("k-rolled-back"));
      throw new Error("the upload failed");
    }),
  ).rejects.toThrow("the upload failed");
  expect(await rowsOf("k-rolled-back")).toEqual([]);
});

test("the ledger down: the booking is kept with a backed-off retry time and its error, and a later sweep books it", async () => {
  const l = ledger();
  const outbox = outboxOf(l);
  await owe(outbox, grant("k-down"));
  l.state.failWith = new ConnectError("connect ECONNREFUSED", Code.Unavailable);
  const before = Date.now();
  expect(await outbox.deliver(["k-down"])).toBe(false);
  const [kept] = await rowsOf("k-down");
  expect(kept?.attempts).toBe(1);
  expect(kept?.last_error).toContain("ECONNREFUSED");
  expect(kept?.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before + outboxBackoffMs(1) - 1000);
  // Not due yet: a sweep leaves it alone, even with the ledger back.
  l.state.failWith = undefined;
  await outbox.sweep();
  expect(l.booked).toEqual([]);
  // Due: booked and removed.
  await pool.query(`UPDATE wenku_content.credit_outbox SET next_attempt_at = 'epoch' WHERE idempotency_key = 'k-down'`);
  expect(await outbox.sweep()).toBeGreaterThanOrEqual(1);
  expect(l.booked.map((b) => b.idempotencyKey)).toContain("k-down");
  expect(await rowsOf("k-down")).toEqual([]);
});

test("the backoff doubles from 5 s per failed attempt and stops at an hour", () => {
  expect([1, 2, 3, 4].map(outboxBackoffMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
  expect(outboxBackoffMs(30)).toBe(3_600_000);
});

test("a refusal no retry can change is parked for an operator, never retried", async () => {
  const l = ledger();
  const outbox = outboxOf(l);
  await owe(outbox, grant("k-refused"));
  l.state.failWith = new ConnectError("该幂等键已用于另一笔积分变动", Code.AlreadyExists);
  expect(await outbox.deliver(["k-refused"])).toBe(false);
  expect(await rowsOf("k-refused")).toEqual([
    expect.objectContaining({ parked: true, last_error: expect.stringContaining("幂等键") }),
  ]);
  l.state.failWith = undefined;
  await outbox.sweep();
  expect(await outbox.deliver(["k-refused"])).toBe(false);
  expect(l.booked).toEqual([]);
});

test("two deliveries of one booking at once (two replicas, a sweep and a request): one booking", async () => {
  const l = ledger();
  l.state.delayMs = 100; // the first delivery is still at the ledger when the second claims
  const a = outboxOf(l);
  const b = outboxOf(l);
  await owe(a, grant("k-race"));
  const results = await Promise.all([a.deliver(["k-race"]), b.deliver(["k-race"]), b.sweep()]);
  expect(l.booked.filter((x) => x.idempotencyKey === "k-race")).toHaveLength(1);
  expect(results[0] || results[1]).toBe(true);
  expect(await rowsOf("k-race")).toEqual([]);
});

test("each service's outbox is its own schema's table", async () => {
  const l = ledger();
  const user = outboxOf(l, "wenku_user");
  const content = outboxOf(l, "wenku_content");
  await owe(user, grant("k-user"));
  expect(await rowsOf("k-user", "wenku_user")).toHaveLength(1);
  expect(await rowsOf("k-user", "wenku_content")).toEqual([]);
  expect(await content.deliver(["k-user"])).toBe(false);
  expect(await user.deliver(["k-user"])).toBe(true);
  expect(l.booked.map((b) => b.idempotencyKey)).toEqual(["k-user"]);
  expect(() => createCreditOutbox({ db: sqlOf(pool), schema: 'x"; DROP', deliver: l.deliver, log })).toThrow(
    "invalid schema name",
  );
});

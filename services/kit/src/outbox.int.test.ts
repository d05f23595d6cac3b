// The outbox on a real PostgreSQL (a database cloned from the migrated template, with two outbox
// tables of this test's own in two schemas, as two services' migrations would create them) and a
// receiver the test controls: payloads owed in a transaction are delivered after it, kept and retried
// with backoff while the receiver is down, parked when the owner calls the refusal final, delivered
// once when deliveries race, and each outbox sees only its own table.
import pg from "pg";
import { createTestDatabase } from "../../../jest/db.js";
import { createLogger } from "./logger.js";
import { createOutbox, type Outbox, type OutboxCodec, type OutboxSql } from "./outbox.js";

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

const SCHEMAS = ["outbox_a", "outbox_b"];

beforeAll(async () => {
  testDb = await createTestDatabase();
  pool = new pg.Pool({ connectionString: testDb.url, max: 6 });
  for (const schema of SCHEMAS)
    await pool.query(`
      CREATE SCHEMA ${schema};
      CREATE TABLE ${schema}.notice_outbox (
        id              bigserial PRIMARY KEY,
        idempotency_key varchar(128) NOT NULL UNIQUE,
        attempts        integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz(3) NOT NULL DEFAULT now(),
        last_error      text NOT NULL DEFAULT '',
        recipient       bigint NOT NULL,
        body            text NOT NULL
      )`);
});
afterAll(async () => {
  await pool?.end();
  await testDb?.drop();
});

/** The payload of these tests: a notice to a user, which the receiver dedupes by its key. */
interface Notice {
  key: string;
  recipient: bigint;
  body: string;
}

const notices: OutboxCodec<Notice> = {
  columns: ["recipient", "body"],
  key: (n) => n.key,
  encode: (n) => [n.recipient, n.body],
  decode: (row, key) => ({ key, recipient: BigInt(row.recipient as string), body: String(row.body) }),
};

class Refused extends Error {}

/** A receiver that takes notices (slowly, if asked) or fails with `failWith`. */
function receiver() {
  const taken: Notice[] = [];
  const state = { failWith: undefined as Error | undefined, delayMs: 0 };
  const deliver = async (n: Notice) => {
    await new Promise((r) => setTimeout(r, state.delayMs));
    if (state.failWith) throw state.failWith;
    taken.push(n);
  };
  return { deliver, taken, state };
}

const outboxOf = (r: ReturnType<typeof receiver>, schema = "outbox_a", maxAttempts?: number): Outbox<Notice> =>
  createOutbox({
    db: sqlOf(pool),
    schema,
    table: "notice_outbox",
    codec: notices,
    deliver: r.deliver,
    refusedForGood: (err) => err instanceof Refused,
    log,
    maxAttempts,
  });

const notice = (key: string): Notice => ({ key, recipient: 9_007_199_254_740_993n, body: "文档《报告》已通过审核" });

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

const owe = (outbox: Outbox<Notice>, ...payloads: Notice[]) =>
  inTransaction(async (tx) => {
    for (const n of payloads) await outbox.enqueue(tx, n);
  });

async function rowsOf(key: string, schema = "outbox_a") {
  const r = await pool.query(
    `SELECT attempts, last_error, next_attempt_at, next_attempt_at = 'infinity' AS parked
     FROM ${schema}.notice_outbox WHERE idempotency_key = $1`,
    [key],
  );
  return r.rows as Array<{ attempts: number; last_error: string; next_attempt_at: Date; parked: boolean }>;
}

const makeDue = (key: string) =>
  pool.query(`UPDATE outbox_a.notice_outbox SET next_attempt_at = 'epoch' WHERE idempotency_key = $1`, [key]);

test("a payload owed in a transaction is delivered with every field and then removed; owing it twice delivers it once", async () => {
  const r = receiver();
  const outbox = outboxOf(r);
  await owe(outbox, notice("k-ok"), notice("k-ok"));
  expect(await outbox.deliver(["k-ok", "k-ok"])).toBe(true);
  expect(r.taken).toEqual([notice("k-ok")]);
  expect(await rowsOf("k-ok")).toEqual([]);
  // Delivered already: nothing left to deliver.
  expect(await outbox.deliver(["k-ok"])).toBe(false);
  expect(r.taken).toHaveLength(1);
});

test("a rolled-back transaction owes nothing", async () => {
  const r = receiver();
  const outbox = outboxOf(r);
  await expect(
    inTransaction(async (tx) => {
      await outbox.enqueue(tx, notice("k-rolled-back"));
      throw new Error("the review failed");
    }),
  ).rejects.toThrow("the review failed");
  expect(await rowsOf("k-rolled-back")).toEqual([]);
});

test("the receiver down: the payload is kept with a backed-off retry time and its error, and a later sweep delivers it", async () => {
  const r = receiver();
  const outbox = outboxOf(r);
  await owe(outbox, notice("k-down"));
  r.state.failWith = new Error("connect ECONNREFUSED");
  const before = Date.now();
  expect(await outbox.deliver(["k-down"])).toBe(false);
  const [kept] = await rowsOf("k-down");
  expect(kept?.attempts).toBe(1);
  expect(kept?.last_error).toContain("ECONNREFUSED");
  expect(kept?.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before + 5_000 - 1000);
  // Not due yet: a sweep leaves it alone, even with the receiver back.
  r.state.failWith = undefined;
  await outbox.sweep();
  expect(r.taken).toEqual([]);
  // Due: delivered and removed.
  await makeDue("k-down");
  expect(await outbox.sweep()).toBeGreaterThanOrEqual(1);
  expect(r.taken.map((n) => n.key)).toContain("k-down");
  expect(await rowsOf("k-down")).toEqual([]);
});

test("the retry time doubles from 5 s per failed attempt and stops at an hour", async () => {
  const r = receiver();
  const outbox = outboxOf(r);
  await owe(outbox, notice("k-backoff"));
  r.state.failWith = new Error("connect ECONNREFUSED");
  /** The retry time one more failed delivery sets, as a wait after a moment within that delivery. */
  const failOnce = async () => {
    await makeDue("k-backoff");
    const before = Date.now();
    await outbox.deliver(["k-backoff"]);
    const after = Date.now();
    const next = (await rowsOf("k-backoff"))[0]?.next_attempt_at.getTime() ?? 0;
    return { earliest: next - after, latest: next - before };
  };
  for (const wait of [5_000, 10_000, 20_000, 40_000]) {
    const { earliest, latest } = await failOnce();
    expect(earliest).toBeLessThanOrEqual(wait + 1);
    expect(latest).toBeGreaterThanOrEqual(wait - 1);
  }
  await pool.query(`UPDATE outbox_a.notice_outbox SET attempts = 29 WHERE idempotency_key = 'k-backoff'`);
  const { earliest, latest } = await failOnce();
  expect(earliest).toBeLessThanOrEqual(3_600_000 + 1);
  expect(latest).toBeGreaterThanOrEqual(3_600_000 - 1);
});

test("a refusal the owner calls final is parked for an operator, never retried", async () => {
  const r = receiver();
  const outbox = outboxOf(r);
  await owe(outbox, notice("k-refused"));
  r.state.failWith = new Refused("该通知已发给另一位用户");
  expect(await outbox.deliver(["k-refused"])).toBe(false);
  expect(await rowsOf("k-refused")).toEqual([
    expect.objectContaining({ parked: true, last_error: expect.stringContaining("另一位用户") }),
  ]);
  r.state.failWith = undefined;
  await outbox.sweep();
  expect(await outbox.deliver(["k-refused"])).toBe(false);
  expect(r.taken).toEqual([]);
});

test("with maxAttempts, the payload is given up (parked with its last error) after that many failures", async () => {
  const r = receiver();
  const outbox = outboxOf(r, "outbox_a", 3);
  await owe(outbox, notice("k-giveup"));
  r.state.failWith = new Error("connect ECONNREFUSED");
  for (const attempts of [1, 2]) {
    await makeDue("k-giveup");
    expect(await outbox.deliver(["k-giveup"])).toBe(false);
    expect(await rowsOf("k-giveup")).toEqual([expect.objectContaining({ attempts, parked: false })]);
  }
  await makeDue("k-giveup");
  expect(await outbox.deliver(["k-giveup"])).toBe(false);
  expect(await rowsOf("k-giveup")).toEqual([
    expect.objectContaining({ attempts: 3, parked: true, last_error: expect.stringContaining("ECONNREFUSED") }),
  ]);
  r.state.failWith = undefined;
  await outbox.sweep();
  expect(r.taken).toEqual([]);
});

test("two deliveries of one payload at once (two replicas, a sweep and a request): one delivery", async () => {
  const r = receiver();
  r.state.delayMs = 100; // the first delivery is still at the receiver when the second claims
  const a = outboxOf(r);
  const b = outboxOf(r);
  await owe(a, notice("k-race"));
  const results = await Promise.all([a.deliver(["k-race"]), b.deliver(["k-race"]), b.sweep()]);
  expect(r.taken.filter((n) => n.key === "k-race")).toHaveLength(1);
  expect(results[0] || results[1]).toBe(true);
  expect(await rowsOf("k-race")).toEqual([]);
});

test("each outbox is its own schema's table; names that are not plain identifiers are refused", async () => {
  const r = receiver();
  const a = outboxOf(r, "outbox_a");
  const b = outboxOf(r, "outbox_b");
  await owe(b, notice("k-b"));
  expect(await rowsOf("k-b", "outbox_b")).toHaveLength(1);
  expect(await rowsOf("k-b", "outbox_a")).toEqual([]);
  expect(await a.deliver(["k-b"])).toBe(false);
  expect(await b.deliver(["k-b"])).toBe(true);
  expect(r.taken.map((n) => n.key)).toEqual(["k-b"]);
  const named = (schema: string, table: string, column: string) => () =>
    createOutbox({
      db: sqlOf(pool),
      schema,
      table,
      codec: { ...notices, columns: [column] },
      deliver: r.deliver,
      refusedForGood: () => false,
      log,
    });
  expect(named('x"; DROP', "notice_outbox", "body")).toThrow("invalid outbox name");
  expect(named("outbox_a", "Notice Outbox", "body")).toThrow("invalid outbox name");
  expect(named("outbox_a", "notice_outbox", "body; --")).toThrow("invalid outbox name");
});

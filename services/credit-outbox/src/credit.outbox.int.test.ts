// The credit outbox on a real PostgreSQL (a database cloned from the migrated template, whose
// credit_outbox tables come from the user service's and the content service's own migrations), with a
// ledger the test controls: a booking comes back from either table with every field, the ledger's
// final refusals are parked while every other failure is retried, and each service's outbox sees only
// its own schema's table. Keeping, backoff and claiming are the kit's outbox test's.
import { Code, ConnectError } from "@connectrpc/connect";
import { createLogger } from "@wenku/kit";
import type { OutboxSql } from "@wenku/kit/outbox";
import pg from "pg";
import { createTestDatabase } from "../../../jest/db.js";
import { type CreditBooking, type CreditOutbox, createCreditOutbox } from "./credit.outbox.js";

const log = createLogger({ service: "test", level: "silent" });
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;

const sql: OutboxSql = {
  async $queryRawUnsafe<T>(query: string, ...values: unknown[]) {
    return (await pool.query(query, values)).rows as T;
  },
  async $executeRawUnsafe(query: string, ...values: unknown[]) {
    return (await pool.query(query, values)).rowCount ?? 0;
  },
};

beforeAll(async () => {
  testDb = await createTestDatabase();
  pool = new pg.Pool({ connectionString: testDb.url, max: 4 });
});
afterAll(async () => {
  await pool?.end();
  await testDb?.drop();
});

/** A ledger that books, or fails with `failWith`. */
function ledger() {
  const booked: CreditBooking[] = [];
  const state = { failWith: undefined as unknown };
  const deliver = async (b: CreditBooking) => {
    if (state.failWith) throw state.failWith;
    booked.push(b);
  };
  return { deliver, booked, state };
}

const outboxOf = (l: ReturnType<typeof ledger>, schema: string): CreditOutbox =>
  createCreditOutbox({ db: sql, schema, deliver: l.deliver, log });

const grant = (key: string): CreditBooking => ({
  userId: 9_007_199_254_740_993n,
  amount: 3,
  code: "upload_document",
  reason: "上传文档《报告》获得 3 积分",
  params: { title: "报告" },
  refKind: "document",
  refId: 9_007_199_254_740_995n,
  idempotencyKey: key,
});

async function rowsOf(key: string, schema: string) {
  const r = await pool.query(
    `SELECT next_attempt_at = 'infinity' AS parked FROM ${schema}.credit_outbox WHERE idempotency_key = $1`,
    [key],
  );
  return r.rows as Array<{ parked: boolean }>;
}

test.each(["wenku_user", "wenku_content"])(
  "a booking owed in %s.credit_outbox reaches the ledger with every field",
  async (schema) => {
    const l = ledger();
    const outbox = outboxOf(l, schema);
    await outbox.enqueue(sql, grant(`k-fields-${schema}`));
    expect(await outbox.deliver([`k-fields-${schema}`])).toBe(true);
    expect(l.booked).toEqual([grant(`k-fields-${schema}`)]);
  },
);

test("the ledger's refusals no retry changes are parked; being down, slow or broken is retried", async () => {
  const l = ledger();
  const outbox = outboxOf(l, "wenku_content");
  const outcomes: Record<string, boolean | undefined> = {};
  const failures: Array<[string, unknown]> = [
    ["invalid_argument", new ConnectError("积分变动不能为 0", Code.InvalidArgument)],
    ["already_exists", new ConnectError("该幂等键已用于另一笔积分变动", Code.AlreadyExists)],
    ["failed_precondition", new ConnectError("积分不足", Code.FailedPrecondition)],
    ["permission_denied", new ConnectError("internal credential required", Code.PermissionDenied)],
    ["unavailable", new ConnectError("connect ECONNREFUSED", Code.Unavailable)],
    ["deadline_exceeded", new ConnectError("timed out", Code.DeadlineExceeded)],
    ["internal", new ConnectError("boom", Code.Internal)],
    ["not_a_connect_error", new Error("socket hang up")],
  ];
  for (const [name, err] of failures) {
    await outbox.enqueue(sql, grant(`k-${name}`));
    l.state.failWith = err;
    await outbox.deliver([`k-${name}`]);
    outcomes[name] = (await rowsOf(`k-${name}`, "wenku_content"))[0]?.parked;
  }
  expect(outcomes).toEqual({
    invalid_argument: true,
    already_exists: true,
    failed_precondition: true,
    permission_denied: true,
    unavailable: false,
    deadline_exceeded: false,
    internal: false,
    not_a_connect_error: false,
  });
  expect(l.booked).toEqual([]);
});

test("each service's outbox is its own schema's table", async () => {
  const l = ledger();
  const user = outboxOf(l, "wenku_user");
  const content = outboxOf(l, "wenku_content");
  await user.enqueue(sql, grant("k-user"));
  expect(await rowsOf("k-user", "wenku_user")).toHaveLength(1);
  expect(await rowsOf("k-user", "wenku_content")).toEqual([]);
  expect(await content.deliver(["k-user"])).toBe(false);
  expect(await user.deliver(["k-user"])).toBe(true);
  expect(l.booked.map((b) => b.idempotencyKey)).toEqual(["k-user"]);
});

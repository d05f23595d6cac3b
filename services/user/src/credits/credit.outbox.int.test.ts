// The credit outbox on a real PostgreSQL, with a ledger the test controls: grants owed in a
// transaction are booked after it, kept and retried while the ledger is down, parked when it refuses
// for good, and booked once when deliveries race.
import { Code, ConnectError } from "@connectrpc/connect";
import { createLogger } from "@wenku/kit";
import { useTestDatabase } from "../../../../jest/db.js";
import { createDb } from "../db.js";
import { type CreditOutbox, createCreditOutbox } from "./credit.outbox.js";
import type { CreditBooking, CreditLedger } from "./credits.client.js";

const db = useTestDatabase(createDb);
const log = createLogger({ service: "test", level: "silent" });

/** A ledger that books (slowly, if asked) or fails with `failWith`. */
function ledger() {
  const booked: CreditBooking[] = [];
  const state = { failWith: undefined as ConnectError | undefined, delayMs: 0 };
  const l: CreditLedger = {
    balances: async () => new Map(),
    async apply(b) {
      await new Promise((r) => setTimeout(r, state.delayMs));
      if (state.failWith) throw state.failWith;
      booked.push(b);
      return { balanceAfter: b.amount, replayed: false };
    },
  };
  return { ledger: l, booked, state };
}

const grant = (key: string, amount = 3): CreditBooking => ({
  userId: 7n,
  amount,
  code: "sign",
  reason: "签到获得 3 积分",
  refKind: "day",
  refId: 20261125n,
  idempotencyKey: key,
});

async function owe(outbox: CreditOutbox, ...bookings: CreditBooking[]) {
  await db().$transaction(async (tx) => {
    for (const b of bookings) await outbox.enqueue(tx, b);
  });
}

const rowsOf = (key: string) => db().creditOutbox.findMany({ where: { idempotencyKey: key } });

test("a grant owed in a transaction is booked by deliver and then removed; owing it twice books it once", async () => {
  const l = ledger();
  const outbox = createCreditOutbox({ db: db(), ledger: l.ledger, log });
  await owe(outbox, grant("k-ok"), grant("k-ok"));
  expect(await outbox.deliver(["k-ok"])).toBe(true);
  expect(l.booked.map((b) => b.idempotencyKey)).toEqual(["k-ok"]);
  expect(await rowsOf("k-ok")).toEqual([]);
});

test("a rolled-back transaction owes nothing", async () => {
  const l = ledger();
  const outbox = createCreditOutbox({ db: db(), ledger: l.ledger, log });
  await expect(
    db().$transaction(async (tx) => {
      await outbox.enqueue(tx, grant("k-rolled-back"));
      throw new Error("the check-in failed");
    }),
  ).rejects.toThrow("the check-in failed");
  expect(await rowsOf("k-rolled-back")).toEqual([]);
});

test("the ledger down: the grant is kept with a retry time and its error, and a later sweep books it", async () => {
  const l = ledger();
  const outbox = createCreditOutbox({ db: db(), ledger: l.ledger, log });
  await owe(outbox, grant("k-down"));
  l.state.failWith = new ConnectError("connect ECONNREFUSED", Code.Unavailable);
  expect(await outbox.deliver(["k-down"])).toBe(false);
  const [kept] = await rowsOf("k-down");
  expect(kept?.attempts).toBe(1);
  expect(kept?.lastError).toContain("ECONNREFUSED");
  expect(kept?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  // Not due yet: a sweep leaves it alone.
  l.state.failWith = undefined;
  await outbox.sweep();
  expect(l.booked).toEqual([]);
  // Due: booked and removed.
  await db().creditOutbox.updateMany({ where: { idempotencyKey: "k-down" }, data: { nextAttemptAt: new Date(0) } });
  expect(await outbox.sweep()).toBeGreaterThanOrEqual(1);
  expect(l.booked.map((b) => b.idempotencyKey)).toContain("k-down");
  expect(await rowsOf("k-down")).toEqual([]);
});

test("a refusal no retry can change is parked for an operator, never retried", async () => {
  const l = ledger();
  const outbox = createCreditOutbox({ db: db(), ledger: l.ledger, log });
  await owe(outbox, grant("k-refused"));
  l.state.failWith = new ConnectError("该幂等键已用于另一笔积分变动", Code.AlreadyExists);
  expect(await outbox.deliver(["k-refused"])).toBe(false);
  const rows = await db().$queryRaw<{ parked: boolean; last_error: string }[]>`
    SELECT next_attempt_at = 'infinity' AS parked, last_error FROM credit_outbox WHERE idempotency_key = 'k-refused'`;
  expect(rows).toEqual([{ parked: true, last_error: expect.stringContaining("幂等键") }]);
  l.state.failWith = undefined;
  await outbox.sweep();
  expect(l.booked).toEqual([]);
});

test("two deliveries of one grant at once (two replicas, a sweep and a request): one booking", async () => {
  const l = ledger();
  l.state.delayMs = 100; // the first delivery is still at the ledger when the second claims
  const a = createCreditOutbox({ db: db(), ledger: l.ledger, log });
  const b = createCreditOutbox({ db: db(), ledger: l.ledger, log });
  await owe(a, grant("k-race"));
  const results = await Promise.all([a.deliver(["k-race"]), b.deliver(["k-race"]), b.sweep()]);
  expect(l.booked.filter((x) => x.idempotencyKey === "k-race")).toHaveLength(1);
  expect(results[0] || results[1]).toBe(true);
  expect(await rowsOf("k-race")).toEqual([]);
});

// The content service's credit outbox on a real PostgreSQL (its own credit_outbox, migration 0018):
// the order service unreachable over real gRPC (a closed port) keeps a reward for the sweep, which
// books it once the ledger answers; a penalty takes at most the balance, reads again when a spend
// races it, and counts a key the ledger already holds as booked. The ledgers after the unreachable one
// are the test's own (the real ledger's penalties are in tests/api/src/content.rewards.int.test.ts).
import { createServer } from "node:net";
import { Code, ConnectError } from "@connectrpc/connect";
import type { CreditBooking } from "@wenku/credit-outbox";
import { createLogger, grpcTransports } from "@wenku/kit";
import { useTestDatabase } from "../../../../jest/db.js";
import { createCreditLedger } from "../clients.js";
import { createDb } from "../db.js";
import type { CreditLedger } from "../ports.js";
import { createContentCreditOutbox } from "./credit.outbox.js";

const db = useTestDatabase(createDb);
const log = createLogger({ service: "test", level: "silent" });

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** A ledger holding balances; `refuseOnce` makes the next booking fail with that code first. */
function ledger(balances: Record<string, number>) {
  const booked: CreditBooking[] = [];
  const state = { refuseOnce: undefined as Code | undefined, spendBetween: 0 };
  const l: CreditLedger = {
    async balance(userId) {
      const b = balances[String(userId)] ?? 0;
      // a spend lands between this read and the booking
      balances[String(userId)] = b - state.spendBetween;
      state.spendBetween = 0;
      return b;
    },
    async apply(b) {
      if (state.refuseOnce !== undefined) {
        const code = state.refuseOnce;
        state.refuseOnce = undefined;
        throw new ConnectError("refused", code);
      }
      const now = balances[String(b.userId)] ?? 0;
      if (now + b.amount < 0) throw new ConnectError("积分不足", Code.FailedPrecondition);
      balances[String(b.userId)] = now + b.amount;
      booked.push(b);
    },
  };
  return { ledger: l, booked, state, balances };
}

const booking = (key: string, amount: number, userId = 9n): CreditBooking => ({
  userId,
  amount,
  code: amount > 0 ? "upload_document" : "delete_document",
  reason: amount > 0 ? `上传文档《报告》获得 ${amount} 积分` : `删除文档《报告》扣除 ${-amount} 积分`,
  params: { title: "报告" },
  refKind: "document",
  refId: 5n,
  idempotencyKey: key,
});

async function owe(b: CreditBooking, outbox: ReturnType<typeof createContentCreditOutbox>) {
  await db().$transaction(async (tx) => outbox.enqueue(tx, b));
}
const rows = () => db().creditOutbox.findMany({ orderBy: { id: "asc" } });

test("the order service unreachable over gRPC: the reward is kept for a retry, not parked, and booked once it answers", async () => {
  const port = await closedPort();
  const url = `http://127.0.0.1:${port}`;
  const away = createCreditLedger(
    grpcTransports({ user: url, content: url, order: url, config: url, spider: url, converter: url }).order,
    "token",
  );
  const down = createContentCreditOutbox({ db: db(), ledger: away, log });
  await owe(booking("k-away", 5), down);
  expect(await down.deliver(["k-away"])).toBe(false);
  const [kept] = await rows();
  expect(kept?.idempotencyKey).toBe("k-away");
  expect(kept?.lastError).not.toBe("");
  expect(kept?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  expect(kept?.nextAttemptAt.getTime()).toBeLessThan(Date.now() + 3_600_000); // a retry time, not 'infinity'

  const up = ledger({});
  const outbox = createContentCreditOutbox({ db: db(), ledger: up.ledger, log });
  await db().creditOutbox.updateMany({ data: { nextAttemptAt: new Date(0) } });
  expect(await outbox.sweep()).toBe(1);
  expect(up.booked.map((b) => [b.idempotencyKey, b.amount])).toEqual([["k-away", 5]]);
  expect(await rows()).toEqual([]);
});

test("a penalty takes all of it, or what there is (saying so), or nothing at all; never below 0", async () => {
  const l = ledger({ 1: 10, 2: 2, 3: 0 });
  const outbox = createContentCreditOutbox({ db: db(), ledger: l.ledger, log });
  for (const [key, user] of [
    ["p-full", 1n],
    ["p-part", 2n],
    ["p-none", 3n],
  ] as const)
    await owe(booking(key, -3, user), outbox);
  expect(await outbox.deliver(["p-full", "p-part", "p-none"])).toBe(true);
  expect(l.booked.map((b) => [b.idempotencyKey, b.amount, b.reason])).toEqual([
    ["p-full", -3, "删除文档《报告》扣除 3 积分"],
    ["p-part", -2, "删除文档《报告》扣除 3 积分（余额不足，实扣 2）"],
  ]);
  expect(l.balances).toEqual({ 1: 7, 2: 0, 3: 0 });
  expect(await rows()).toEqual([]);
});

test("a spend racing the penalty: the balance is read again; a key the ledger already holds counts as booked", async () => {
  const l = ledger({ 4: 5 });
  const outbox = createContentCreditOutbox({ db: db(), ledger: l.ledger, log });
  await owe(booking("p-race", -3, 4n), outbox);
  l.state.spendBetween = 4; // 5 read, 1 left when booked: refused, read again, 1 taken
  expect(await outbox.deliver(["p-race"])).toBe(true);
  expect(l.booked.map((b) => [b.idempotencyKey, b.amount])).toEqual([["p-race", -1]]);
  expect(l.balances[4]).toBe(0);

  const again = ledger({ 6: 5 });
  const second = createContentCreditOutbox({ db: db(), ledger: again.ledger, log });
  await owe(booking("p-held", -3, 6n), second);
  again.state.refuseOnce = Code.AlreadyExists; // booked before with another amount (a lost reply)
  expect(await second.deliver(["p-held"])).toBe(true);
  expect(again.booked).toEqual([]);
  expect(await rows()).toEqual([]);
});

// The order service's credits ledger on the real stack (both transports): OrderInternalAPI.ApplyCredits
// books a signed amount once per idempotency key and never lets a balance go below 0, also under
// concurrency; GetCreditBalances and user.credit_count say what the ledger says; ListUserCreditLog
// (GET /api/v1/user/credit/log) lists the caller's own entries, newest first, with paging. The register
// bonus (score.register) is booked the same way.
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { headers } from "@wenku/kit";
import { OrderInternalAPI } from "@wenku/proto/api/v1/order_internal_pb.js";
import { type OrderDb, openOrderDb } from "./db.js";
import { loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let admin: string;
let orderDb: OrderDb;
let ledger: ReturnType<typeof createClient<typeof OrderInternalAPI>>;
const internal = () => ({ headers: { [headers.internal]: stack.internalToken } });

const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);

beforeAll(async () => {
  stack = await startTestStack();
  admin = await loginAdmin(stack.url);
  orderDb = openOrderDb(stack);
  ledger = createClient(OrderInternalAPI, stack.transports.order);
});
afterAll(async () => {
  await orderDb.$disconnect();
  await stack.stop();
});

let seq = 0;
const key = (what: string) => `test:${what}:${++seq}:${Date.now()}`;
const apply = (userId: number, amount: number, idempotencyKey = key("apply"), code = "system_recharge") =>
  ledger.applyCredits(
    { userId: BigInt(userId), amount, code, reason: `测试 ${amount}`, refKind: "", refId: 0n, idempotencyKey },
    internal(),
  );
const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    const e = ConnectError.from(err);
    return { code: e.code, message: e.rawMessage };
  }
  throw new Error("expected a refusal");
};
const balance = async (userId: number) =>
  (await ledger.getCreditBalances({ userId: [BigInt(userId)] }, internal())).balance[0]?.balance ?? 0;
/** credit_count as the user sees it on their own profile (GetUser, full fields). */
const profileCredits = async (user: { token: string; id: number }) => {
  const r = await call("GET", `/api/v1/user?id=${user.id}`, undefined, user.token);
  expect(r.status).toBe(200);
  return (r.json.credit_count as number | undefined) ?? 0;
};
const ledgerSum = async (userId: number) =>
  (await orderDb.creditEntry.aggregate({ where: { userId: BigInt(userId) }, _sum: { amount: true } }))._sum.amount ?? 0;
const setScore = async (name: string, value: string) => {
  const r = await call("PUT", "/api/v1/config", { config: [{ category: "score", name, value }] }, admin);
  expect(r.status).toBe(200);
};

beforeEach(async () => {
  // No register bonus unless a test asks for one: balances start at 0.
  await setScore("register", "0");
});

test("50 concurrent spends of 10 from a balance of 10: exactly one succeeds, the balance is 0", async () => {
  const user = await registerUser(stack.url, "spender50");
  expect((await apply(user.id, 10)).entry?.balanceAfter).toBe(10);
  const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => apply(user.id, -10, key(`spend${i}`))));
  const ok = results.filter((r) => r.status === "fulfilled");
  expect(ok).toHaveLength(1);
  for (const r of results) {
    if (r.status === "rejected") {
      const e = ConnectError.from(r.reason);
      expect([e.code, e.rawMessage]).toEqual([Code.FailedPrecondition, "积分不足：当前余额 0"]);
    }
  }
  expect(await balance(user.id)).toBe(0);
  expect(await ledgerSum(user.id)).toBe(0);
  expect(await orderDb.creditEntry.count({ where: { userId: BigInt(user.id) } })).toBe(2);
  expect(await profileCredits(user)).toBe(0);
});

test("a spend beyond the balance is refused and changes nothing; the message uses the site's credit name", async () => {
  const user = await registerUser(stack.url, "overdraft");
  await apply(user.id, 5);
  const r = await call(
    "PUT",
    "/api/v1/config",
    { config: [{ category: "score", name: "credit_name", value: "魔豆" }] },
    admin,
  );
  expect(r.status).toBe(200);
  try {
    expect(await refusal(apply(user.id, -6))).toEqual({
      code: Code.FailedPrecondition,
      message: "魔豆不足：当前余额 5",
    });
  } finally {
    await call("PUT", "/api/v1/config", { config: [{ category: "score", name: "credit_name", value: "积分" }] }, admin);
  }
  expect(await balance(user.id)).toBe(5);
  expect(await orderDb.creditEntry.count({ where: { userId: BigInt(user.id) } })).toBe(1);
});

test("an idempotency replay answers the first booking and changes nothing, also when ten arrive at once", async () => {
  const user = await registerUser(stack.url, "replayer");
  const k = key("replay");
  const first = await apply(user.id, 7, k);
  expect(first.replayed).toBe(false);
  const again = await apply(user.id, 7, k);
  expect([again.replayed, again.entry?.id, again.entry?.balanceAfter]).toEqual([true, first.entry?.id, 7]);
  // ten concurrent bookings under one new key: one entry
  const k2 = key("replay10");
  const many = await Promise.all(Array.from({ length: 10 }, () => apply(user.id, 3, k2)));
  expect(new Set(many.map((m) => m.entry?.id)).size).toBe(1);
  expect(many.filter((m) => !m.replayed)).toHaveLength(1);
  expect(await balance(user.id)).toBe(10);
  // the same key for a different booking is refused, not merged
  expect(await refusal(apply(user.id, 8, k))).toEqual({
    code: Code.AlreadyExists,
    message: "该幂等键已用于另一笔积分变动",
  });
  const other = await registerUser(stack.url, "replayer2");
  expect((await refusal(apply(other.id, 7, k))).code).toBe(Code.AlreadyExists);
  expect(await balance(other.id)).toBe(0);
  expect(await balance(user.id)).toBe(10);
  expect(await orderDb.creditEntry.count({ where: { userId: BigInt(user.id) } })).toBe(2);
});

test("bad bookings are refused with a message naming the field; only Wenku services may book", async () => {
  const user = await registerUser(stack.url, "badbook");
  const book = (over: Record<string, unknown>) =>
    refusal(
      ledger.applyCredits(
        { userId: BigInt(user.id), amount: 1, code: "sign", reason: "", idempotencyKey: key("bad"), ...over },
        internal(),
      ),
    );
  expect(await book({ amount: 0 })).toEqual({ code: Code.InvalidArgument, message: "积分变动不能为 0" });
  expect(await book({ userId: 0n })).toEqual({ code: Code.InvalidArgument, message: "用户ID无效" });
  expect(await book({ code: "" })).toEqual({ code: Code.InvalidArgument, message: "积分变动原因代码无效" });
  expect(await book({ code: "Bad Code" })).toEqual({ code: Code.InvalidArgument, message: "积分变动原因代码无效" });
  expect(await book({ idempotencyKey: "" })).toEqual({
    code: Code.InvalidArgument,
    message: "幂等键不能为空，且不能超过 128 个字符",
  });
  expect((await book({ idempotencyKey: "k".repeat(129) })).code).toBe(Code.InvalidArgument);
  expect((await book({ reason: "长".repeat(256) })).code).toBe(Code.InvalidArgument);
  expect(await orderDb.creditEntry.count({ where: { userId: BigInt(user.id) } })).toBe(0);
  // a balance past the column's range is refused, not wrapped
  await apply(user.id, 2_147_483_647);
  expect(await refusal(apply(user.id, 1))).toEqual({ code: Code.FailedPrecondition, message: "积分余额超出上限" });
  // without the internal credential (a user's token does not help)
  const bare = await refusal(
    ledger.applyCredits(
      { userId: BigInt(user.id), amount: 1, code: "sign", idempotencyKey: key("x") },
      { headers: { authorization: `Bearer ${user.token}` } },
    ),
  );
  expect(bare.code).toBe(Code.PermissionDenied);
  expect((await refusal(ledger.getCreditBalances({ userId: [BigInt(user.id)] }))).code).toBe(Code.PermissionDenied);
});

test("after a randomised run of grants and spends every balance is its ledger's sum, its last entry and credit_count", async () => {
  const users = await Promise.all([0, 1, 2, 3].map((i) => registerUser(stack.url, `random${i}`)));
  // A fixed seed: a failure reproduces.
  let x = 20261124;
  const rand = (n: number) => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x % n;
  };
  const ops = Array.from({ length: 120 }, () => {
    const u = users[rand(users.length)] as { id: number };
    const amount = rand(3) === 0 ? rand(20) + 1 : -(rand(15) + 1);
    const k = rand(10) === 0 ? `test:random:dup:${u.id}` : key("random"); // some replays of one key
    return { u, amount: k.includes(":dup:") ? 4 : amount, k };
  });
  const results = await Promise.allSettled(ops.map((o) => apply(o.u.id, o.amount, o.k)));
  const refused = results.filter((r) => r.status === "rejected").map((r) => ConnectError.from(r.reason).code);
  expect(refused.every((c) => c === Code.FailedPrecondition)).toBe(true); // only overdrafts, nothing else
  expect(refused.length).toBeGreaterThan(0); // the run did try to overdraw
  for (const u of users) {
    const sum = await ledgerSum(u.id);
    const entries = await orderDb.creditEntry.findMany({ where: { userId: BigInt(u.id) }, orderBy: { id: "asc" } });
    // each entry's balance_after is the running sum: no entry was booked on a stale balance
    let running = 0;
    for (const e of entries) {
      running += e.amount;
      expect(e.balanceAfter).toBe(running);
    }
    expect(await balance(u.id)).toBe(sum);
    expect(sum).toBeGreaterThanOrEqual(0);
    expect(await profileCredits(u)).toBe(sum);
  }
});

test("ListUserCreditLog: the caller's own entries newest first, paged, filtered by reason code", async () => {
  const user = await registerUser(stack.url, "logreader");
  const other = await registerUser(stack.url, "logother");
  await apply(other.id, 50);
  for (const [amount, code] of [
    [10, "system_recharge"],
    [-3, "download"],
    [5, "sign"],
  ] as const)
    await apply(user.id, amount, key("log"), code);
  const page1 = await call("GET", "/api/v1/user/credit/log?page=1&size=2", undefined, user.token);
  expect(page1.status).toBe(200);
  expect(page1.json.total).toBe(3);
  const rows = page1.json.credit_log as Array<Record<string, unknown>>;
  expect(rows.map((r) => [r.amount, r.balance_after, r.ref_type, r.reason, r.user_id])).toEqual([
    [5, 12, "sign", "测试 5", user.id],
    [-3, 7, "download", "测试 -3", user.id],
  ]);
  expect(typeof rows[0]?.created_at).toBe("string");
  const page2 = await call("GET", "/api/v1/user/credit/log?page=2&size=2", undefined, user.token);
  expect((page2.json.credit_log as Array<{ amount: number }>).map((r) => r.amount)).toEqual([10]);
  const signs = await call("GET", "/api/v1/user/credit/log?ref_type=sign", undefined, user.token);
  expect([signs.json.total, (signs.json.credit_log as unknown[]).length]).toEqual([1, 1]);
  const bad = await call("GET", "/api/v1/user/credit/log?ref_type=Bad%20Code", undefined, user.token);
  expect([bad.status, bad.json.message]).toEqual([400, "积分变动原因代码无效"]);
  expect((await call("GET", "/api/v1/user/credit/log")).status).toBe(401);
});

test("registration books score.register once; credit_count on login, profile and the admin list is the ledger's", async () => {
  await setScore("register", "7");
  const r = await call("POST", "/api/v1/user/register", { username: "bonus7", password: "secret123" });
  expect(r.status).toBe(200);
  const user = { token: r.json.token as string, id: (r.json.user as { id: number }).id };
  expect((r.json.user as { credit_count?: number }).credit_count).toBe(7);
  const entries = await orderDb.creditEntry.findMany({ where: { userId: BigInt(user.id) } });
  expect(entries.map((e) => [e.amount, e.code, e.refKind, e.refId, e.idempotencyKey, e.reason])).toEqual([
    [7, "register", "user", BigInt(user.id), `register:${user.id}`, "注册获得 7 积分"],
  ]);
  await apply(user.id, -2);
  expect(await profileCredits(user)).toBe(5);
  const login = await call("POST", "/api/v1/user/login", { username: "bonus7", password: "secret123" });
  expect((login.json.user as { credit_count?: number }).credit_count).toBe(5);
  const list = await call("GET", "/api/v1/user/list?wd=bonus7", undefined, admin);
  expect((list.json.user as Array<{ credit_count?: number }>)[0]?.credit_count).toBe(5);
  // a balance is the user's own business: visitors do not see it
  const pub = await call("GET", `/api/v1/user?id=${user.id}`);
  expect([pub.status, pub.json.credit_count ?? 0]).toEqual([200, 0]);
  // no bonus configured: nothing booked
  await setScore("register", "0");
  const none = await registerUser(stack.url, "bonus0");
  expect(await orderDb.creditEntry.count({ where: { userId: BigInt(none.id) } })).toBe(0);
});

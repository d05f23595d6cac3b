// The daily check-in on the real stack (both transports): PUT /api/v1/user/sign once per user per day
// in the site's time zone, also when twenty arrive at once; the award (score.sign_in) booked in the
// order service's ledger under sign:<user>:<day>; GET /api/v1/user/sign answers today's check-in; the
// feed says what was earned in the site's credit name; credit_count on the profile is the ledger's.
import { type OrderDb, openOrderDb } from "./db.js";
import { loginAdmin, registerUser, rest, startTestStack, testClock } from "./testing.js";

const clock = testClock();
let stack: Awaited<ReturnType<typeof startTestStack>>;
let admin: string;
let orderDb: OrderDb;

const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);
const setScore = async (values: Record<string, string>) => {
  const config = Object.entries(values).map(([name, value]) => ({ category: "score", name, value }));
  const r = await call("PUT", "/api/v1/config", { config }, admin);
  expect(r.status).toBe(200);
};
/** YYYYMMDD of `at` in Asia/Shanghai (the site's default time zone). */
const shanghaiDay = (at: Date) => {
  const d = new Date(at.getTime() + 8 * 3600_000);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
};

beforeAll(async () => {
  stack = await startTestStack({ clock: clock.now });
  admin = await loginAdmin(stack.url);
  orderDb = openOrderDb(stack);
  await setScore({ register: "0", sign_in: "3", credit_name: "魔豆" });
});
afterAll(async () => {
  await orderDb.$disconnect();
  await stack.stop();
});

test("20 concurrent check-ins: exactly one award; today's check-in, the ledger, the feed and credit_count agree", async () => {
  const user = await registerUser(stack.url, "signer20");
  const before = await call("GET", "/api/v1/user/sign", undefined, user.token);
  expect([before.status, before.json.message]).toEqual([404, "今天还没有签到"]);

  const replies = await Promise.all(Array.from({ length: 20 }, () => call("PUT", "/api/v1/user/sign", {}, user.token)));
  const ok = replies.filter((r) => r.status === 200);
  expect(ok).toHaveLength(1);
  for (const r of replies.filter((r) => r.status !== 200))
    expect([r.status, r.json.message]).toEqual([409, "今天已经签到过了"]);
  const day = shanghaiDay(clock.now());
  expect(ok[0]?.json).toMatchObject({ award: 3, user_id: user.id, sign_at: day });

  const today = await call("GET", "/api/v1/user/sign", undefined, user.token);
  expect([today.status, today.json.id, today.json.award]).toEqual([200, ok[0]?.json.id, 3]);

  const entries = await orderDb.creditEntry.findMany({ where: { userId: BigInt(user.id) } });
  expect(entries.map((e) => [e.amount, e.code, e.idempotencyKey, e.reason])).toEqual([
    [3, "sign", `sign:${user.id}:${day}`, "签到获得 3 魔豆"],
  ]);
  const profile = await call("GET", `/api/v1/user?id=${user.id}`, undefined, user.token);
  expect(profile.json.credit_count).toBe(3);
  const feed = await call("GET", "/api/v1/user/dynamic?size=5", undefined, user.token);
  type Entry = { type: number; content: string; params?: Record<string, string> };
  const lines = (feed.json.dynamic as Entry[]).filter((d) => d.type === 11);
  // the zh-CN line for moredoc clients, and the award for clients that word it themselves
  expect(lines.map((d) => [d.content, d.params])).toEqual([["签到获得 3 魔豆", { award: "3" }]]);
  const log = await call("GET", "/api/v1/user/credit/log", undefined, user.token);
  expect(
    (log.json.credit_log as Array<{ ref_type: string; amount: number }>).map((l) => [l.ref_type, l.amount]),
  ).toEqual([["sign", 3]]);
});

test("the next day in the site's time zone allows one more check-in with its own award", async () => {
  const user = await registerUser(stack.url, "signer2days");
  expect((await call("PUT", "/api/v1/user/sign", {}, user.token)).status).toBe(200);
  expect((await call("PUT", "/api/v1/user/sign", {}, user.token)).status).toBe(409);
  await setScore({ sign_in: "5" });
  clock.advance(24 * 3600_000);
  try {
    const next = await call("PUT", "/api/v1/user/sign", {}, user.token);
    expect([next.status, next.json.award, next.json.sign_at]).toEqual([200, 5, shanghaiDay(clock.now())]);
    expect((await call("PUT", "/api/v1/user/sign", {}, user.token)).status).toBe(409);
    const profile = await call("GET", `/api/v1/user?id=${user.id}`, undefined, user.token);
    expect(profile.json.credit_count).toBe(8);
    const keys = (
      await orderDb.creditEntry.findMany({ where: { userId: BigInt(user.id) }, orderBy: { id: "asc" } })
    ).map((e) => e.idempotencyKey);
    expect(keys).toEqual([
      `sign:${user.id}:${shanghaiDay(new Date(clock.now().getTime() - 24 * 3600_000))}`,
      `sign:${user.id}:${shanghaiDay(clock.now())}`,
    ]);
  } finally {
    await setScore({ sign_in: "3" });
  }
});

test("a check-in without an award books nothing; visitors are refused", async () => {
  await setScore({ sign_in: "0" });
  try {
    const user = await registerUser(stack.url, "signer0");
    const r = await call("PUT", "/api/v1/user/sign", {}, user.token);
    expect([r.status, r.json.award ?? 0]).toEqual([200, 0]);
    expect(await orderDb.creditEntry.count({ where: { userId: BigInt(user.id) } })).toBe(0);
    expect((await call("GET", "/api/v1/user/sign", undefined, user.token)).status).toBe(200);
  } finally {
    await setScore({ sign_in: "3" });
  }
  expect((await call("PUT", "/api/v1/user/sign", {})).status).toBe(401);
  expect((await call("GET", "/api/v1/user/sign")).status).toBe(401);
});

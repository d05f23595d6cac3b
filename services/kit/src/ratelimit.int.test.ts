// The shared limiter plumbing on a real PostgreSQL (a database cloned from the migrated template, whose
// wenku_user.rate_limits table comes from the user service's migration). Two stores with their own
// connection pools stand for two processes (replicas): they share every count.
import { Code } from "@connectrpc/connect";
import pg from "pg";
import { createTestDatabase } from "../../../jest/db.js";
import { DomainError, toConnectError } from "./errors.js";
import { createLogger } from "./logger.js";
import {
  consumeAll,
  createRateLimitStore,
  identifierKey,
  isRefusal,
  type RateLimitStore,
  tooManyRequests,
} from "./ratelimit.js";

const log = createLogger({ service: "test", level: "silent" });
const SCHEMA = "wenku_user";
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let a: RateLimitStore;
let b: RateLimitStore;

beforeAll(async () => {
  testDb = await createTestDatabase();
  a = createRateLimitStore({ connectionString: testDb.url, schema: SCHEMA, log, sweepEveryMs: 0 });
  b = createRateLimitStore({ connectionString: testDb.url, schema: SCHEMA, log, sweepEveryMs: 0 });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await testDb.drop();
});

async function rows(): Promise<Array<{ key: string; points: number; expire: string | null }>> {
  const c = new pg.Client({ connectionString: testDb.url });
  await c.connect();
  try {
    return (await c.query(`SELECT key, points, expire FROM ${SCHEMA}.rate_limits ORDER BY key`)).rows;
  } finally {
    await c.end();
  }
}

test("two processes' limiters with one prefix share one count, atomically", async () => {
  const la = a.limiter({ prefix: "shared", points: 40, duration: 60 });
  const lb = b.limiter({ prefix: "shared", points: 40, duration: 60 });
  // 60 concurrent attempts, half through each process: exactly 40 pass.
  const results = await Promise.allSettled(
    Array.from({ length: 60 }, (_, i) => (i % 2 ? la : lb).consume("203.0.113.7")),
  );
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(40);
  const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason);
  expect(refused).toHaveLength(20);
  expect(refused.every(isRefusal)).toBe(true);
  expect((await la.get("203.0.113.7"))?.consumedPoints).toBe(60);
  expect((await rows()).find((r) => r.key === "shared:203.0.113.7")).toMatchObject({ points: 60 });
  // a reset in one process is seen by the other
  await lb.delete("203.0.113.7");
  expect(await la.get("203.0.113.7")).toBeNull();
});

test("a block set by one process refuses in the other, with the time left", async () => {
  const la = a.limiter({ prefix: "blocking", points: 2, duration: 60, blockDuration: 3600 });
  const lb = b.limiter({ prefix: "blocking", points: 2, duration: 60, blockDuration: 3600 });
  await la.consume("k");
  await lb.consume("k");
  const third = await la.consume("k").catch((e: unknown) => e);
  expect(isRefusal(third)).toBe(true);
  const seen = await lb.get("k");
  expect(seen?.consumedPoints).toBeGreaterThan(2);
  expect(tooManyRequests(seen?.msBeforeNext ?? 0).retryAfterSeconds).toBeGreaterThan(3590);
});

test("consumeAll refuses with the longest wait as ResourceExhausted + retry-after; store errors propagate", async () => {
  const short = a.limiter({ prefix: "short", points: 1, duration: 30 });
  const long = a.limiter({ prefix: "long", points: 1, duration: 7200 });
  await consumeAll([
    { limiter: short, key: "x" },
    { limiter: long, key: "x" },
  ]);
  const err = await consumeAll([
    { limiter: short, key: "x" },
    { limiter: long, key: "x" },
  ]).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(DomainError);
  expect((err as DomainError).kind).toBe("resource_exhausted");
  expect((err as DomainError).message).toMatch(/^操作过于频繁，请 2 小时后再试$/);
  const connect = toConnectError(err as DomainError);
  expect(connect.code).toBe(Code.ResourceExhausted);
  expect(Number(connect.metadata.get("retry-after"))).toBeGreaterThan(7100);

  const broken = createRateLimitStore({ connectionString: testDb.url, schema: "no_such_schema", log, sweepEveryMs: 0 });
  const l = broken.limiter({ prefix: "p", points: 1, duration: 1 });
  const failure = await consumeAll([{ limiter: l, key: "x" }]).catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(Error);
  expect(failure).not.toBeInstanceOf(DomainError);
  await broken.close();
});

test("the sweep drops rows expired over an hour ago, and nothing else", async () => {
  const l = a.limiter({ prefix: "sweepme", points: 5, duration: 1 });
  await l.consume("old");
  await l.consume("fresh");
  // both windows end within a second; "now" two hours later makes them stale
  expect(await a.sweep(Date.now() + 2 * 3600_000)).toBeGreaterThanOrEqual(2);
  const keys = (await rows()).map((r) => r.key);
  expect(keys).not.toContain("sweepme:old");
  expect(keys).toContain("long:x"); // still in its window
});

test("a prefix is defined once per store", () => {
  a.limiter({ prefix: "once", points: 1, duration: 1 });
  expect(() => a.limiter({ prefix: "once", points: 1, duration: 1 })).toThrow("defined twice");
});

test("keys and messages", () => {
  expect(identifierKey(" Alice@Example.COM ")).toBe(identifierKey("alice@example.com"));
  expect(identifierKey("ａｌｉｃｅ")).toBe(identifierKey("alice")); // NFKC: full-width letters
  expect(identifierKey("x".repeat(10_000))).toHaveLength(32);
  // the wait in whole seconds, rounded up, at least 1; the message's unit by its length
  const wait = (ms: number) => {
    const e = tooManyRequests(ms, (text) => text);
    return [e.retryAfterSeconds, e.message];
  };
  expect([wait(0), wait(1), wait(1001), wait(119_000), wait(120_000), wait(3_600_001), wait(86_400_000)]).toEqual([
    [1, "1 秒"],
    [1, "1 秒"],
    [2, "2 秒"],
    [119, "119 秒"],
    [120, "2 分钟"],
    [3601, "61 分钟"],
    [86_400, "24 小时"],
  ]);
  const e = tooManyRequests(45_000);
  expect([e.kind, e.message, e.retryAfterSeconds]).toEqual(["resource_exhausted", "操作过于频繁，请 45 秒后再试", 45]);
});

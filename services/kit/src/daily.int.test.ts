// countPerDay on a real PostgreSQL: local days in the asked time zone, empty days as 0, the extra
// condition, and names that are not plain identifiers refused before any SQL is built.
import pg from "pg";
import { createTestDatabase } from "../../../jest/db.js";
import { countPerDay, type RawQuery } from "./daily.js";

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let client: pg.Client;
let db: RawQuery;

beforeAll(async () => {
  testDb = await createTestDatabase();
  client = new pg.Client({ connectionString: testDb.url });
  await client.connect();
  await client.query("CREATE TABLE daily_test (id serial PRIMARY KEY, at timestamptz NOT NULL, ok boolean NOT NULL)");
  db = {
    async $queryRawUnsafe<T>(query: string, ...values: unknown[]) {
      return (await client.query(query, values)).rows as T;
    },
  };
});

afterAll(async () => {
  await client?.end();
  await testDb?.drop();
});

const localDate = (offsetDays: number, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(Date.now() - offsetDays * 86_400_000),
  );

test("counts rows per local day, oldest first, with empty days as 0 and the condition applied", async () => {
  await client.query("TRUNCATE daily_test");
  // Two rows now, one failed row two days ago, one row out of range (ten days ago).
  await client.query(`INSERT INTO daily_test (at, ok) VALUES
    (now(), true), (now(), false), (now() - interval '2 days', true), (now() - interval '10 days', true)`);
  const tz = "Asia/Shanghai";
  const all = await countPerDay(db, { table: "daily_test", column: "at" }, 3, tz);
  expect(all.map((d) => d.date)).toEqual([localDate(2, tz), localDate(1, tz), localDate(0, tz)]);
  expect(all.map((d) => d.count)).toEqual([1, 0, 2]);
  const ok = await countPerDay(db, { table: "daily_test", column: "at", where: "t.ok" }, 3, tz);
  expect(ok.map((d) => d.count)).toEqual([1, 0, 1]);
  const failed = await countPerDay(db, { table: "daily_test", column: "at", where: "NOT t.ok" }, 3, tz);
  expect(failed.map((d) => d.count)).toEqual([0, 0, 1]);
});

test("a day is the time zone's: a row just after local midnight counts for that local day", async () => {
  await client.query("TRUNCATE daily_test");
  // 00:30 today in Tokyo is 15:30 yesterday in UTC.
  await client.query(
    `INSERT INTO daily_test (at, ok) VALUES (((now() AT TIME ZONE 'Asia/Tokyo')::date + time '00:30') AT TIME ZONE 'Asia/Tokyo', true)`,
  );
  const tokyo = await countPerDay(db, { table: "daily_test", column: "at" }, 1, "Asia/Tokyo");
  expect(tokyo).toEqual([{ date: localDate(0, "Asia/Tokyo"), count: 1 }]);
  const honolulu = await countPerDay(db, { table: "daily_test", column: "at" }, 30, "Pacific/Honolulu");
  expect(honolulu.reduce((n, d) => n + d.count, 0)).toBe(1);
  expect(honolulu).toHaveLength(30);
});

test("refuses a table, column or condition that is not a plain name", async () => {
  await expect(countPerDay(db, { table: "daily_test; DROP TABLE x", column: "at" }, 3, "UTC")).rejects.toThrow(
    "bad series name",
  );
  await expect(countPerDay(db, { table: "daily_test", column: "at) OR (1=1" }, 3, "UTC")).rejects.toThrow(
    "bad series name",
  );
  await expect(countPerDay(db, { table: "daily_test", column: "at", where: "1=1" }, 3, "UTC")).rejects.toThrow(
    "bad series condition",
  );
});

// The search record sweep on a real PostgreSQL with an injected clock: records past
// security.search_record_retention_days go, in batches, and younger ones stay; a retention of 0 deletes
// what an earlier setting kept; settings that cannot be read delete nothing.
import { create } from "@bufbuild/protobuf";
import { createLogger } from "@wenku/kit";
import { type Settings, SettingsSchema } from "@wenku/proto/api/v1/config_pb.js";
import { createTestDatabase } from "../../../../jest/db.js";
import { createDb, type Db } from "../db.js";
import { createSearchRecordRepository } from "./search.record.repository.js";
import { createSearchRecordSweep } from "./search.record.sweep.js";

const DAY = 86_400_000;
const NOW = new Date("2026-03-01T12:00:00Z");
const log = createLogger({ service: "test", level: "silent" });
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = createDb(testDb.url);
});
afterAll(async () => {
  await db.$disconnect();
  await testDb.drop();
});
beforeEach(() => db.searchRecord.deleteMany());

const keep = (days: number): Settings => create(SettingsSchema, { security: { searchRecordRetentionDays: days } });
const sweep = (settings: () => Promise<Settings>, batch?: number) =>
  createSearchRecordSweep({
    repo: createSearchRecordRepository(db),
    settings: { current: settings },
    log,
    clock: () => NOW,
    batch,
  });
/** A search record made `ageMs` before NOW. */
const recordAged = (keywords: string, ageMs: number) =>
  db.searchRecord.create({ data: { keywords, normalized: keywords, createdAt: new Date(NOW.getTime() - ageMs) } });
const left = async () => (await db.searchRecord.findMany({ orderBy: { id: "asc" } })).map((r) => r.keywords);

test("records older than the retention go, batch after batch; younger ones stay", async () => {
  for (const [k, age] of [
    ["old1", 30 * DAY],
    ["old2", 8 * DAY],
    ["old3", 7 * DAY + 60_000],
    ["young1", 7 * DAY - 60_000],
    ["young2", DAY],
    ["young3", 0],
  ] as const) {
    await recordAged(k, age);
  }
  expect(await sweep(async () => keep(7), 2).run()).toBe(3);
  expect(await left()).toEqual(["young1", "young2", "young3"]);
  expect(await sweep(async () => keep(7), 2).run()).toBe(0);
  expect(await left()).toEqual(["young1", "young2", "young3"]);
});

test("a retention of 0 (nothing recorded) deletes what an earlier setting kept", async () => {
  await recordAged("kept", DAY);
  await recordAged("just made", 1000);
  expect(await sweep(async () => keep(0)).run()).toBe(2);
  expect(await left()).toEqual([]);
});

test("settings that cannot be read delete nothing", async () => {
  await recordAged("ancient", 400 * DAY);
  const failing = sweep(async () => {
    throw new Error("config service unavailable");
  });
  await expect(failing.run()).rejects.toThrow("config service unavailable");
  expect(await left()).toEqual(["ancient"]);
});

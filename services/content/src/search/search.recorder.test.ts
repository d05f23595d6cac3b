// The search recorder over a fake repository: what a record holds, that recording never throws into
// the search (a failing database, unreadable settings), the retention switch and the bounded queue.
import { create } from "@bufbuild/protobuf";
import type { Logger } from "@wenku/kit";
import { type Settings, SettingsSchema } from "@wenku/proto/api/v1/config_pb.js";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import type { SearchRecordData } from "./search.record.repository.js";
import { cleanKeywords, createSearchRecorder, normalizeKeywords } from "./search.recorder.js";

const warnings: string[] = [];
const log = {
  child: () => log,
  info() {},
  error() {},
  debug() {},
  warn: (_: unknown, msg: string) => warnings.push(msg),
} as unknown as Logger;
const at = new Date("2025-01-02T03:04:05Z");
const keep = (days: number) => create(SettingsSchema, { security: { searchRecordRetentionDays: days } });
const visitor = { identity: null, clientIp: "203.0.113.9" };
const made = (keywords: string) => ({
  call: visitor,
  keywords,
  type: ContentKind.DOCUMENT,
  page: 1n,
  total: 3,
  spend: 0.0123,
});

function recorder(opts: { settings?: () => Promise<Settings>; insert?: (rows: SearchRecordData[]) => Promise<void> }) {
  const written: SearchRecordData[] = [];
  const r = createSearchRecorder({
    repo: {
      insertMany:
        opts.insert ??
        (async (rows) => {
          written.push(...rows);
        }),
    },
    settings: { current: opts.settings ?? (async () => keep(7)) },
    log,
    clock: () => at,
  });
  return { r, written };
}

beforeEach(() => {
  warnings.length = 0;
});

test("keywords: control characters out, trimmed, cut at 100 characters; the normalized form folds case, width and spaces", () => {
  expect(cleanKeywords("  a\u0000b\tc  ")).toBe("a b c");
  expect(cleanKeywords("字".repeat(150))).toBe("字".repeat(100));
  expect(normalizeKeywords("  Ｐｙｔｈｏｎ   教程\n PDF ")).toBe("python 教程 pdf");
  expect(normalizeKeywords(" \u0001 ")).toBe("");
});

test("a record holds who searched, from where, what was found and how long it took, in the order handed over", async () => {
  const { r, written } = recorder({});
  const call = { identity: { userId: 42n } as never, clientIp: "::1", userAgent: `Mozilla/5.0 ${"x".repeat(300)}` };
  r.record({ ...made("First  Query"), call, page: 3n });
  r.record(made("second"));
  r.record(made("   ")); // empty: nothing to record
  await r.flush();
  expect(written).toEqual([
    {
      userId: 42n,
      keywords: "First  Query",
      normalized: "first query",
      ip: "::1",
      userAgent: `Mozilla/5.0 ${"x".repeat(243)}`, // cut at 255 characters
      type: ContentKind.DOCUMENT,
      page: 3,
      total: 3,
      spendMs: 12,
      createdAt: at,
    },
    expect.objectContaining({ userId: 0n, keywords: "second", ip: "203.0.113.9", userAgent: "", page: 1 }),
  ]);
});

test("nothing is recorded while the retention is 0", async () => {
  const { r, written } = recorder({ settings: async () => keep(0) });
  r.record(made("anything"));
  await r.flush();
  expect(written).toEqual([]);
});

test("a failing database or unreadable settings never reach the search: logged, and the next records still go", async () => {
  let fail = true;
  const written: SearchRecordData[] = [];
  const { r } = recorder({
    insert: async (rows) => {
      if (fail) throw new Error("database down");
      written.push(...rows);
    },
  });
  expect(() => r.record(made("lost"))).not.toThrow();
  await r.flush();
  expect(warnings).toEqual(["search records not written"]);
  fail = false;
  r.record(made("kept"));
  await r.flush();
  expect(written.map((w) => w.keywords)).toEqual(["kept"]);

  const unreadable = recorder({ settings: async () => Promise.reject(new Error("config down")) });
  expect(() => unreadable.r.record(made("x"))).not.toThrow();
  await unreadable.r.flush();
  expect(unreadable.written).toEqual([]);
  expect(warnings).toContain("search not recorded: the settings could not be read");
});

test("the queue is bounded: while the database hangs, records beyond 2 000 are dropped and counted", async () => {
  let release: () => void = () => {};
  const hanging = new Promise<void>((resolve) => {
    release = resolve;
  });
  const batches: number[] = [];
  const { r } = recorder({
    insert: async (rows) => {
      batches.push(rows.length);
      await hanging;
    },
  });
  for (let i = 0; i < 2_500; i++) r.record(made(`q${i}`));
  await new Promise((resolve) => setImmediate(resolve)); // the settings answered, records queued
  release();
  await r.flush();
  // the first record went to the database at once (and hung there); 2 000 waited; 499 were dropped
  expect(batches).toEqual([1, ...Array(10).fill(200)]);
  expect(warnings).toEqual(["search records dropped: more searches than the writer kept up with"]);
});

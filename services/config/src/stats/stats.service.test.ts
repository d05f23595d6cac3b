// GetStats's rule of who sees what, over fake sources (the real ones are the user and content
// services' internal RPCs, covered by tests/api/src/config.stats).
import { create } from "@bufbuild/protobuf";
import type { CallContext } from "@wenku/kit";
import { SearchIndexStatusSchema } from "@wenku/proto/api/v1/search_pb.js";
import type { ContentCounters } from "../ports.js";
import { createStatsService } from "./stats.service.js";

const call = (granted: boolean | null): CallContext => ({
  identity: granted === null ? null : { userId: 1n, sessionId: "s", granted, staff: granted },
  clientIp: "",
  requestId: "",
  internal: false,
});
const counters: ContentCounters = {
  documentCount: 12,
  categoryCount: 3,
  articleCount: 0,
  commentCount: 0,
  reportCount: 0,
  documentPendingReviewCount: 2,
  documentConvertFailedCount: 1,
  documentConvertingCount: 4,
  publicDocumentCount: 9,
  publicCategoryCount: 2,
  publicArticleCount: 0,
  publicCommentCount: 0,
};
const day = (date: string, count: number) => ({ date, count });
const asked: { days: number; timeZone: string }[] = [];
const daily = {
  async userDaily(days: number, timeZone: string) {
    asked.push({ days, timeZone });
    return [day("2026-11-23", 2), day("2026-11-24", 0)];
  },
  async contentDaily() {
    return {
      documents: [day("2026-11-23", 5), day("2026-11-24", 1)],
      conversions: [day("2026-11-23", 4), day("2026-11-24", 1)],
      conversionFailures: [day("2026-11-23", 1), day("2026-11-24", 0)],
      downloads: [day("2026-11-23", 0), day("2026-11-24", 9)],
    };
  },
};
let statusAsked = 0;
const indexStatus = create(SearchIndexStatusSchema, { backend: "postgres", indexed: 7n, articles: 3n });
const stats = createStatsService({
  sources: { userCount: async () => 5, contentCounters: async () => counters, ...daily },
  local: {
    banners: async (enabledOnly) => (enabledOnly ? 1 : 2),
    friendlinks: async (enabledOnly) => (enabledOnly ? 2 : 3),
  },
  searchIndex: {
    status: async () => {
      statusAsked++;
      return indexStatus;
    },
  },
  version: "1.2.3",
  build: { hash: "abc123", at: new Date("2026-01-01T00:00:00Z") },
  host: () => "Linux 6.1",
});

test("visitors and users see the counters only, of what they may see (no reports, no index)", async () => {
  statusAsked = 0;
  for (const who of [call(null), call(false)]) {
    expect(await stats.stats(who)).toEqual({
      userCount: 5,
      documentCount: 9,
      categoryCount: 2,
      articleCount: 0,
      commentCount: 0,
      bannerCount: 1,
      friendlinkCount: 2,
    });
  }
  expect(statusAsked).toBe(0);
});

test("staff also see the queue figures, the search index's documents, the build and the host", async () => {
  expect(await stats.stats(call(true))).toMatchObject({
    userCount: 5,
    documentCount: 12,
    categoryCount: 3,
    bannerCount: 2,
    friendlinkCount: 3,
    documentPendingReviewCount: 2,
    documentConvertFailedCount: 1,
    documentConvertingCount: 4,
    indexDocumentCount: 7,
    os: "Linux 6.1",
    version: "1.2.3",
    hash: "abc123",
    buildAt: { seconds: BigInt(Date.parse("2026-01-01T00:00:00Z") / 1000) },
  });
});

test("a source that fails fails the call (no made-up zeros)", async () => {
  const broken = createStatsService({
    sources: { userCount: async () => 5, contentCounters: () => Promise.reject(new Error("content down")), ...daily },
    local: { banners: async () => 0, friendlinks: async () => 0 },
    searchIndex: { status: async () => indexStatus },
    version: "1",
  });
  await expect(broken.stats(call(false))).rejects.toThrow("content down");
});

test("trend: each day's figures merged by date, 30 days in UTC by default", async () => {
  asked.length = 0;
  expect(await stats.trend({ days: 0, timeZone: "" })).toEqual({
    day: [
      { date: "2026-11-23", documents: 5, users: 2, conversions: 4, conversionFailures: 1, downloads: 0 },
      { date: "2026-11-24", documents: 1, users: 0, conversions: 1, conversionFailures: 0, downloads: 9 },
    ],
  });
  await stats.trend({ days: 7, timeZone: "Asia/Shanghai" });
  expect(asked).toEqual([
    { days: 30, timeZone: "UTC" },
    { days: 7, timeZone: "Asia/Shanghai" },
  ]);
});

test("trend: days outside 7..90 and unknown time zones are refused with the field named", async () => {
  for (const days of [6, 91, -1]) {
    await expect(stats.trend({ days, timeZone: "" })).rejects.toMatchObject({
      kind: "invalid_argument",
      field: "days",
    });
  }
  for (const timeZone of ["Mars/Olympus", "UTC'; DROP TABLE users; --"]) {
    await expect(stats.trend({ days: 7, timeZone })).rejects.toMatchObject({
      kind: "invalid_argument",
      field: "time_zone",
    });
  }
});

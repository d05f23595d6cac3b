// The counters' rules over a fake repository: which statuses count where, and CountUserDocuments'
// bounds (the SQL itself is exercised by tests/api: config.stats and the user profile's doc_count).
import { DocStatus } from "../documents/visibility.js";
import type { StatsRepository } from "./stats.repository.js";
import { createStatsService, MAX_COUNTED_USERS } from "./stats.service.js";

function setup() {
  const asked: bigint[][] = [];
  const repo: StatsRepository = {
    liveDocumentsByStatus: async () =>
      new Map([
        [DocStatus.pending, 1],
        [DocStatus.converting, 2],
        [DocStatus.converted, 10],
        [DocStatus.failed, 3],
        [DocStatus.reconvert, 4],
        [DocStatus.pendingReview, 5],
      ]),
    categoryCount: async () => 7,
    liveArticleCount: async () => 4,
    commentCount: async () => 6,
    reportCount: async () => 2,
    publicDocumentCount: async () => 17,
    publicCategoryCount: async () => 5,
    publicArticleCount: async () => 3,
    publicCommentCount: async () => 1,
    daily: async (days, timeZone) => {
      const day = [{ date: timeZone, count: days }];
      return { documents: day, conversions: day, failures: day, downloads: day };
    },
    async liveDocumentsPerUser(ids) {
      asked.push([...ids]);
      return new Map(ids.map((id) => [id, Number(id) * 2]));
    },
    async liveArticlesPerUser(ids) {
      asked.push([...ids]);
      return new Map(ids.map((id) => [id, Number(id) * 3]));
    },
  };
  const favorites = {
    perUser: async (ids: readonly bigint[]) => new Map(ids.filter((id) => id !== 3n).map((id) => [id, 1])),
  };
  return { stats: createStatsService(repo, favorites), asked };
}

test("site counters: every live document, review, failed and in-conversion figures by status; articles, comments and reports", async () => {
  expect(await setup().stats.contentStats()).toEqual({
    documentCount: 25,
    categoryCount: 7,
    articleCount: 4,
    commentCount: 6,
    reportCount: 2,
    documentPendingReviewCount: 5,
    documentConvertFailedCount: 3,
    documentConvertingCount: 7,
    publicDocumentCount: 17,
    publicCategoryCount: 5,
    publicArticleCount: 3,
    publicCommentCount: 1,
  });
});

test("documents per user: ids deduplicated and positive only; more than the cap is refused", async () => {
  const { stats, asked } = setup();
  expect(await stats.documentsPerUser([3n, 3n, 0n, -1n, 5n])).toEqual(
    new Map([
      [3n, 6],
      [5n, 10],
    ]),
  );
  expect(asked).toEqual([[3n, 5n]]);
  const many = Array.from({ length: MAX_COUNTED_USERS + 1 }, (_, i) => BigInt(i + 1));
  await expect(stats.documentsPerUser(many)).rejects.toMatchObject({ kind: "invalid_argument" });
  expect(asked).toHaveLength(1);
  expect(await stats.articlesPerUser([4n, 4n, 0n])).toEqual(new Map([[4n, 12]]));
  await expect(stats.articlesPerUser(many)).rejects.toMatchObject({ kind: "invalid_argument" });
  expect(asked).toEqual([[3n, 5n], [4n]]);
});

test("user counts: documents, articles and favorites merged per user, ids as for documents", async () => {
  const { stats } = setup();
  expect(await stats.userCounts([3n, 0n, 5n, 5n], true)).toEqual([
    { userId: 3n, docCount: 6, articleCount: 9, favoriteCount: 0 },
    { userId: 5n, docCount: 10, articleCount: 15, favoriteCount: 1 },
  ]);
  const many = Array.from({ length: MAX_COUNTED_USERS + 1 }, (_, i) => BigInt(i + 1));
  await expect(stats.userCounts(many, false)).rejects.toMatchObject({ kind: "invalid_argument" });
});

test("daily series: days within 1..366, an empty time zone read as UTC", async () => {
  const { stats } = setup();
  expect((await stats.daily(30, "")).documents).toEqual([{ date: "UTC", count: 30 }]);
  expect((await stats.daily(7, "Asia/Shanghai")).downloads).toEqual([{ date: "Asia/Shanghai", count: 7 }]);
  for (const days of [0, -1, 367, 1.5]) await expect(stats.daily(days, "UTC")).rejects.toThrow("统计天数");
});

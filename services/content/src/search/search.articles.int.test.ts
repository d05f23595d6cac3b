// The articles' indexer on a real database with the PostgreSQL index: only approved articles outside
// the recycle bin are searchable, their changes (fields, review, recycle bin, categories and a
// category's name, purge) are followed, and what happened while no indexer ran is caught up at start.
import { createLogger } from "@wenku/kit";
import type { ArticleIndex } from "@wenku/search";
import { createPgSearchIndex, createSearchIndexer, type SearchIndexer } from "@wenku/search";
import { createTestDatabase } from "../../../../jest/db.js";
import { ArticleStatus } from "../articles/article.rules.js";
import { createDb, type Db } from "../db.js";
import { createArticleSearchSource } from "./search.articles.repository.js";

const log = createLogger({ service: "test", level: "silent" });
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let index: ArticleIndex;
const running: SearchIndexer[] = [];
const users = { users: async () => new Map([[3n, { id: 3n, username: "writer3", avatar: "" }]]) };

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = createDb(testDb.url);
  index = createPgSearchIndex(db).articles;
});
afterAll(async () => {
  await Promise.all(running.map((i) => i.stop()));
  await db.$disconnect();
  await testDb.drop();
});

function indexer(): SearchIndexer {
  const i = createSearchIndexer({ index, source: createArticleSearchSource({ db, users }), log, pollMs: 60_000 });
  running.push(i);
  return i;
}
const ids = async (text: string) =>
  (await index.search({ text, sort: "latest", offset: 0, limit: 50 })).hits.map((h) => h.id);
const article = (title: string, content: string, status: number = ArticleStatus.approved) =>
  db.article.create({ data: { title, content, status, userId: 3n } });

test("approved articles are indexed from their HTML's text and publisher; the others are not", async () => {
  const open = await article("港口", "<p>起重机<b>调度</b> &amp; logistics</p>");
  const pending = await article("港口待审", "<p>起重机调度</p>", ArticleStatus.pending);
  const rejected = await article("港口被拒", "<p>起重机调度</p>", ArticleStatus.rejected);
  const binned = await db.article.create({
    data: { title: "港口回收", content: "<p>起重机调度</p>", status: 1, userId: 3n, deletedAt: new Date() },
  });
  await indexer().start();
  expect(await ids("起重机调度")).toEqual([open.id]);
  expect(await ids("logistics")).toEqual([open.id]);
  expect(await ids("writer3")).toEqual([open.id]); // the publisher's name
  expect(await ids("amp")).toEqual([]); // entities are text, not words
  for (const hidden of [pending, rejected, binned]) expect((await index.versions()).has(hidden.id)).toBe(false);
});

test("changes are followed: review, recycle bin, restore, categories and their names, purge", async () => {
  const i = indexer();
  await i.start();
  const a = await article("灯塔", "<p>雾笛</p>", ArticleStatus.pending);
  await i.nudge([]);
  expect(await ids("雾笛")).toEqual([]);
  await db.article.update({ where: { id: a.id }, data: { status: ArticleStatus.approved } });
  await i.nudge([]);
  expect(await ids("雾笛")).toEqual([a.id]);
  await db.article.update({ where: { id: a.id }, data: { deletedAt: new Date() } });
  await i.nudge([]);
  expect(await ids("雾笛")).toEqual([]);
  await db.article.update({ where: { id: a.id }, data: { deletedAt: null } });
  await i.nudge([]);
  expect(await ids("雾笛")).toEqual([a.id]);

  const cat = await db.category.create({ data: { title: "海事", type: 1 } });
  await db.articleCategory.create({ data: { articleId: a.id, categoryId: cat.id } });
  await i.nudge([]);
  expect(await ids("海事")).toEqual([a.id]);
  await db.category.update({ where: { id: cat.id }, data: { title: "航运" } });
  await i.nudge([]);
  expect([await ids("海事"), await ids("航运")]).toEqual([[], [a.id]]);

  await db.article.delete({ where: { id: a.id } }); // purged: a removal record, not a version
  await i.nudge([]);
  expect((await index.versions()).has(a.id)).toBe(false);
});

test("what changed while no indexer ran is caught up at start; an index row already current is not rewritten", async () => {
  const first = indexer();
  await first.start();
  await first.stop();
  const later = await article("后来的文章", "<p>离线期间发布</p>");
  const gone = await article("将被清除", "<p>离线期间清除</p>");
  const second = indexer();
  await second.start();
  expect(await ids("离线期间发布")).toEqual([later.id]);
  await second.stop();
  await db.article.delete({ where: { id: gone.id } });
  await db.article.update({ where: { id: later.id }, data: { title: "改过的标题" } });
  const before = await db.$queryRaw<Array<{ indexed_at: Date }>>`
    SELECT indexed_at FROM search_articles WHERE article_id <> ${later.id} ORDER BY article_id LIMIT 1`;
  await indexer().start();
  expect((await index.versions()).has(gone.id)).toBe(false);
  expect(await ids("改过的标题")).toEqual([later.id]);
  const after = await db.$queryRaw<Array<{ indexed_at: Date }>>`
    SELECT indexed_at FROM search_articles WHERE article_id <> ${later.id} ORDER BY article_id LIMIT 1`;
  expect(after).toEqual(before);
});

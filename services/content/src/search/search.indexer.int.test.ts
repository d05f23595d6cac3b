// The indexer on a real database and storage with the PostgreSQL index: only what visitors may see is
// searchable, changes are followed, and what happened while no indexer ran is caught up at start.
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { outputKeys, TextCollector } from "@wenku/converter/contract";
import { createLogger } from "@wenku/kit";
import { createStorage, type Storage } from "@wenku/kit/storage";
import type { IndexedDocument, SearchIndex, SearchQuery } from "@wenku/search";
import { createPgSearchIndex, createSearchIndexer, type SearchIndexer } from "@wenku/search";
import { createTestDatabase } from "../../../../jest/db.js";
import { createDb, type Db } from "../db.js";
import { DocStatus } from "../documents/visibility.js";
import { createSearchSource } from "./search.source.repository.js";

const log = createLogger({ service: "test", level: "silent" });
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let storage: Storage;
let dir: string;
let index: SearchIndex;
let category: bigint;
const running: SearchIndexer[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = createDb(testDb.url);
  dir = await mkdtemp(join(tmpdir(), "wenku-search-"));
  storage = await createStorage({ STORAGE_DIR: dir });
  index = createPgSearchIndex(db);
  category = (await db.category.create({ data: { title: "经济学" } })).id;
});
afterAll(async () => {
  await Promise.all(running.map((i) => i.stop()));
  await db.$disconnect();
  await testDb.drop();
  await rm(dir, { recursive: true, force: true });
});

const users = {
  users: async (ids: readonly bigint[]) =>
    new Map(ids.map((id) => [id, { id, username: `uploader${id}`, avatar: "" }] as const)),
};

/** A started indexer that never polls by itself (the test nudges it). */
async function startIndexer(): Promise<SearchIndexer> {
  const indexer = createSearchIndexer({
    index,
    source: createSearchSource({ db, storage, users, log }),
    log,
    pollMs: 3_600_000,
  });
  running.push(indexer);
  await indexer.start();
  return indexer;
}

let seq = 0;
/** A converted document whose page n's text is pages[n-1], linked to the test category. */
async function document(title: string, pages: string[], status: number = DocStatus.converted) {
  seq += 1;
  const hash = createHash("md5").update(`${title}${seq}`).digest("hex");
  const text = new TextCollector(1 << 20);
  for (const p of pages) text.addPage(p);
  const keys = outputKeys(hash);
  await storage.put(keys.text, Buffer.from(text.text()));
  const manifest = { version: 2, hash, ext: ".pdf", format: "pdf", pages: pages.length, rendered: pages.length };
  await storage.put(
    keys.manifest,
    Buffer.from(
      JSON.stringify({
        ...manifest,
        width: 1,
        height: 1,
        textBytes: 0,
        textTruncated: false,
        pageTextEnds: text.ends(pages.length),
        svgBytes: 0,
        gzipBytes: 0,
        convertedAt: "",
      }),
    ),
  );
  await db.attachment.create({ data: { hash, storageKey: `k${seq}` } });
  return db.document.create({
    data: {
      title,
      userId: 7n,
      attachmentHash: hash,
      ext: ".pdf",
      type: "pdf",
      pages: pages.length,
      preview: pages.length,
      status,
      categories: { create: [{ categoryId: category }] },
    },
  });
}

const find = async (text: string, over: Partial<SearchQuery> = {}) =>
  (await index.search({ text, sort: "relevance", offset: 0, limit: 20, ...over })).hits;
const ids = async (text: string) => (await find(text)).map((h) => h.id);

test("at start only what visitors may see is indexed, with its pages, categories and uploader", async () => {
  const shown = await document("通货膨胀研究", ["引言", "第二页讨论货币政策", "inflation targeting works"]);
  const hidden = [
    await document("待审核的通货膨胀", ["货币政策"], DocStatus.pendingReview),
    await document("被拒绝的通货膨胀", ["货币政策"], DocStatus.rejected),
    await document("被禁用的通货膨胀", ["货币政策"], DocStatus.disabled),
    await document("转换失败的通货膨胀", ["货币政策"], DocStatus.failed),
  ];
  const recycled = await document("回收站里的通货膨胀", ["货币政策"]);
  await db.document.update({ where: { id: recycled.id }, data: { deletedAt: new Date() } });

  await startIndexer();
  expect(await ids("通货膨胀")).toEqual([shown.id]);
  expect((await find("货币政策")).map((h) => [h.id, h.pages])).toEqual([[shown.id, [2]]]);
  expect(await ids("inflation target")).toEqual([shown.id]);
  expect(await ids("经济学 uploader7")).toEqual([shown.id]);
  for (const h of hidden) expect(await ids(h.title)).not.toContain(h.id);
});

test("changes are followed: an edit, a new category name, hiding, the recycle bin and a purge", async () => {
  const indexer = await startIndexer();
  const doc = await document("季度财务报告", ["营业收入增长"]);
  await indexer.nudge([doc.id]);
  expect(await ids("财务报告")).toEqual([doc.id]);

  await db.document.update({ where: { id: doc.id }, data: { title: "年度审计报告" } });
  await indexer.nudge([]);
  expect(await ids("财务报告")).toEqual([]);
  expect(await ids("审计报告")).toEqual([doc.id]);

  await db.category.update({ where: { id: category }, data: { title: "会计学" } });
  await indexer.nudge([]);
  expect(await ids("会计学 审计")).toEqual([doc.id]);

  await db.document.update({ where: { id: doc.id }, data: { status: DocStatus.disabled } });
  await indexer.nudge([]);
  expect(await ids("审计报告")).toEqual([]);
  await db.document.update({ where: { id: doc.id }, data: { status: DocStatus.converted } });
  await indexer.nudge([]);
  expect(await ids("审计报告")).toEqual([doc.id]);

  await db.document.update({ where: { id: doc.id }, data: { deletedAt: new Date() } });
  await indexer.nudge([doc.id]);
  expect(await ids("审计报告")).toEqual([]);

  const purged = await document("即将清除的文档", ["内容"]);
  await indexer.nudge([purged.id]);
  expect(await ids("即将清除")).toEqual([purged.id]);
  await db.documentCategory.deleteMany({ where: { documentId: purged.id } });
  await db.document.delete({ where: { id: purged.id } });
  await indexer.nudge([purged.id]); // the event names it: no version is left to follow
  expect(await ids("即将清除")).toEqual([]);
});

test("what changed while no indexer ran (events missed) is caught up at the next start", async () => {
  const first = await startIndexer();
  const edited = await document("离线编辑之前", ["页面文字"]);
  const hiddenLater = await document("离线隐藏的文档", ["页面文字"]);
  const purgedLater = await document("离线清除的文档", ["页面文字"]);
  await first.nudge([]);
  await first.stop();

  await db.document.update({ where: { id: edited.id }, data: { title: "离线编辑之后" } });
  await db.document.update({ where: { id: hiddenLater.id }, data: { status: DocStatus.rejected } });
  await db.documentCategory.deleteMany({ where: { documentId: purgedLater.id } });
  await db.document.delete({ where: { id: purgedLater.id } });
  const added = await document("离线新增的文档", ["页面文字"]);

  await startIndexer();
  expect(await ids("离线编辑之前")).toEqual([]);
  expect(await ids("离线编辑之后")).toEqual([edited.id]);
  expect(await ids("离线隐藏")).toEqual([]);
  expect(await ids("离线清除")).toEqual([]);
  expect(await ids("离线新增")).toEqual([added.id]);
});

test("rebuild writes every visible document again (joined when asked twice) and removes the rest", async () => {
  const indexer = await startIndexer();
  const doc = await document("重建索引测试", ["正文"]);
  await indexer.nudge([]);
  await db.$executeRaw`DELETE FROM search_documents WHERE document_id = ${doc.id}`; // an entry lost
  const [loaded] = await createSearchSource({ db, storage, users, log }).load([doc.id]);
  await index.upsert([{ ...(loaded as IndexedDocument), id: 999_999n }]); // a stray entry
  const visible = (await createSearchSource({ db, storage, users, log }).visibleVersions()).size;
  const first = indexer.rebuild();
  expect(indexer.rebuild()).toBe(first);
  expect(indexer.progress().running).toBe(true);
  await first;
  expect(indexer.progress()).toEqual({ running: false, total: visible + 1, done: visible + 1, error: "" });
  expect(await ids("重建索引")).toEqual([doc.id]);
  expect(await index.count()).toBe(visible);
});

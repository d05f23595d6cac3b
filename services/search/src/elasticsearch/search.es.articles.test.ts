// The Elasticsearch backend's article index and count updates against @elastic/elasticsearch-mock (no
// Elasticsearch runs here; search.es.int.test.ts runs the article contract on a real one): the
// articles' own template and alias, an article written as a one-page document, its search; counts
// copied by partial updates (a document gone meanwhile is no error) and the indexer following them.
import type { Logger } from "@wenku/kit";
import { type MockCluster, mockCluster } from "@wenku/testkit/elasticsearch";
import { existingIndex } from "../../test/es.cluster.js";
import { indexedArticle } from "../../test/search.articles.contract.js";
import { indexedDocument } from "../../test/search.contract.js";
import type { SearchSource, VersionedCounts } from "../ports.js";
import type { IndexedDocument } from "../search.index.js";
import { createSearchIndexer } from "../search.indexer.js";
import { createEsSearchIndex } from "./search.es.js";

// biome-ignore lint/suspicious/noExplicitAny: NDJSON lines as the mock parsed them
const ok = (call: { body: any[] }) => ({
  errors: false,
  items: call.body
    .filter((l) => "index" in l || "delete" in l || "update" in l)
    .map((l) => ({ [Object.keys(l)[0] as string]: { status: 200 } })),
});

const indexOn = (es: MockCluster) => createEsSearchIndex({ client: es.client, prefix: "wenku", log: es.log });

test("(elasticsearch-mock) articles: their own template and alias; an article is written as a one-page document", async () => {
  const es = mockCluster();
  existingIndex(es, "wenku-articles");
  es.on("POST", "/_bulk", ok);
  const article = indexedArticle({
    id: 77n,
    version: 9n,
    title: "海岸笔记",
    keywords: "灯塔",
    description: "about",
    categoryNames: ["航海"],
    categoryIds: [5n],
    author: "老船长 admin",
    text: "The lighthouse keeper",
    viewCount: 3,
  });
  await indexOn(es).articles.upsert([article]);
  expect(es.sent("PUT", "/_index_template/").map((c) => c.path)).toEqual(["/_index_template/wenku-articles"]);
  expect(es.sent("PUT", "/_index_template/")[0]?.body.index_patterns).toEqual(["wenku-articles-*"]);
  const [bulk] = es.sent("POST", "/_bulk");
  expect(bulk?.body[0]).toEqual({
    index: { _index: "wenku-articles", _id: "77", version: 9, version_type: "external_gte" },
  });
  expect(bulk?.body[1]).toMatchObject({
    id: "77",
    title: "海岸 岸笔 笔记",
    keywords: "灯塔",
    others: "航海 老船 船长 admin",
    category_ids: ["5"],
    type: "article",
    view_count: 3,
    pages: [{ page: 1, text: "the lighthouse keeper" }],
  });
});

test("(elasticsearch-mock) articles: a search asks the articles' alias and answers ids and ranks", async () => {
  const es = mockCluster();
  existingIndex(es, "wenku-articles");
  es.on("POST", "/:index/_search", () => ({
    took: 1,
    hits: {
      total: { value: 2, relation: "eq" },
      hits: [
        { _index: "wenku-articles-initial", _id: "77", _score: 2.5 },
        { _index: "wenku-articles-initial", _id: "78", _score: 1 },
      ],
    },
  }));
  const found = await indexOn(es).articles.search({
    text: "lighthouse",
    categoryIds: [5n],
    sort: "latest",
    offset: 10,
    limit: 10,
  });
  expect(found).toEqual({
    total: 2,
    hits: [
      { id: 77n, rank: 2.5 },
      { id: 78n, rank: 1 },
    ],
  });
  const [call] = es.sent("POST", "/wenku-articles/_search");
  expect(call?.body).toMatchObject({ from: 10, size: 10 });
  expect(JSON.stringify(call?.body)).toContain('"category_ids"');
  expect(es.sent("POST", "/wenku-documents/_search")).toEqual([]);
});

test("(elasticsearch-mock) counts: partial updates of views, downloads and score; a document gone meanwhile is no error", async () => {
  const es = mockCluster();
  existingIndex(es);
  es.on("POST", "/_bulk", (call) => ({
    errors: true,
    items: [
      { update: { status: 200 } },
      {
        update: {
          status: 404,
          error: { type: "document_missing_exception", reason: "[8]: document missing" },
        },
      },
    ].slice(0, call.body.length / 2),
  }));
  await indexOn(es).updateCounts?.([
    { id: 7n, viewCount: 12, downloadCount: 3, score: 450 },
    { id: 8n, viewCount: 1, downloadCount: 0, score: 0 },
  ]);
  const [bulk] = es.sent("POST", "/_bulk");
  expect(bulk?.querystring).toEqual({ refresh: "wait_for" });
  expect(bulk?.body).toEqual([
    { update: { _index: "wenku-documents", _id: "7", retry_on_conflict: 3 } },
    { doc: { view_count: 12, download_count: 3, score: 450 } },
    { update: { _index: "wenku-documents", _id: "8", retry_on_conflict: 3 } },
    { doc: { view_count: 1, download_count: 0, score: 0 } },
  ]);
});

test("(elasticsearch-mock) the indexer copies counts changed after its catch-up, past its mark, oldest first", async () => {
  const es = mockCluster();
  existingIndex(es);
  es.on("POST", "/_bulk", ok);
  es.on("POST", "/:index/_search", () => ({ hits: { total: { value: 0, relation: "eq" }, hits: [] } }));
  const doc = indexedDocument({ id: 7n, version: 1n });
  let counts: VersionedCounts[] = [];
  const asked: bigint[] = [];
  const source: SearchSource<IndexedDocument> = {
    visibleVersions: async () => new Map([[doc.id, doc.version]]),
    changedSince: async () => [],
    highWater: async () => 1n,
    load: async (ids) => (ids.includes(doc.id) ? [doc] : []),
    countsChangedSince: async (mark) => {
      asked.push(mark);
      return counts.filter((c) => c.version > mark);
    },
    countsHighWater: async () => 40n,
  };
  const log = es.log as Logger;
  const indexer = createSearchIndexer({ index: indexOn(es), source, log, pollMs: 60_000 });
  await indexer.start(); // catch-up: the document written whole, counts followed from 40 on
  counts = [
    { id: 7n, version: 41n, viewCount: 10, downloadCount: 2, score: 0 },
    { id: 9n, version: 43n, viewCount: 1, downloadCount: 0, score: 0 },
  ];
  await indexer.nudge([]);
  const updates = es.sent("POST", "/_bulk").filter((c) => c.body.some((l: object) => "update" in l));
  expect(updates.map((c) => c.body.filter((l: object) => "doc" in l))).toEqual([
    [{ doc: { view_count: 10, download_count: 2, score: 0 } }, { doc: { view_count: 1, download_count: 0, score: 0 } }],
  ]);
  await indexer.nudge([]);
  expect(asked).toEqual([40n, 43n]); // the mark moved past what was copied: nothing is copied twice
  await indexer.stop();
});

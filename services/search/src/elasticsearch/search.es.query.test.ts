// The Elasticsearch backend's searches against @elastic/elasticsearch-mock: the request built for each
// filter and sort (search.pg.ts's semantics), paging, how the answer becomes a SearchResult, and the
// versions the indexer compares. Set-up and writes: search.es.test.ts.

import { type MockCluster, mockCluster } from "@wenku/testkit/elasticsearch";
import { existingIndex } from "../../test/es.cluster.js";
import type { SearchQuery } from "../search.index.js";
import { createEsSearchIndex } from "./search.es.js";

const query = (over: Partial<SearchQuery> = {}): SearchQuery => ({
  text: "filter target",
  sort: "relevance",
  offset: 0,
  limit: 10,
  ...over,
});
const noHits = { hits: { total: { value: 0, relation: "eq" }, hits: [] } };

function indexOn(es: MockCluster) {
  return createEsSearchIndex({ client: es.client, prefix: "wenku", log: es.log });
}

test("(elasticsearch-mock) search: filters, sort, paging and the tokens; hits with their pages and readable excerpts", async () => {
  const es = mockCluster();
  existingIndex(es);
  es.on("POST", "/:index/_search", () => ({
    took: 3,
    hits: {
      total: { value: 42, relation: "eq" },
      hits: [
        {
          _index: "wenku-documents-initial",
          _id: "9",
          _score: 3.5,
          inner_hits: {
            pages: {
              hits: {
                total: { value: 2, relation: "eq" },
                hits: [
                  { _nested: { field: "pages", offset: 2 }, _score: 2, _source: { page: 3, excerpt: "third page" } },
                  { _nested: { field: "pages", offset: 0 }, _score: 1, _source: { page: 1 } },
                ],
              },
            },
          },
        },
        { _index: "wenku-documents-initial", _id: "4", _score: null },
      ],
    },
  }));
  const from = new Date("2026-03-01T00:00:00Z");
  const to = new Date("2026-05-01T00:00:00Z");
  const found = await indexOn(es).search(
    query({
      text: "PDF文档 the",
      categoryIds: [2n, 9n],
      kinds: { types: ["word"], exts: [".docx"] },
      languageIds: [7n],
      userId: 5n,
      createdFrom: from,
      createdTo: to,
      sort: "views",
      offset: 20,
    }),
  );
  expect(found).toEqual({
    total: 42,
    hits: [
      { id: 9n, rank: 3.5, pages: [3, 1], excerpts: [{ page: 3, text: "third page" }] },
      { id: 4n, rank: 0, pages: [], excerpts: [] },
    ],
  });
  const [call] = es.sent("POST", "/wenku-documents/_search");
  if (!call) throw new Error("no search sent");
  const tokens = "pdf 文档 the"; // searchTokens: the stop word goes in, and counts (the analyzer keeps it)
  expect(call.body).toMatchObject({ from: 20, size: 10, track_total_hits: true, _source: false });
  expect(call.body.sort).toEqual([
    { view_count: { order: "desc" } },
    { _score: { order: "desc" } },
    { id: { order: "desc" } },
  ]);
  const { filter, should } = call.body.query.bool;
  expect(filter.slice(0, 5)).toEqual([
    { terms: { category_ids: ["2", "9"] } },
    { bool: { should: [{ terms: { type: ["word"] } }, { terms: { ext: [".docx"] } }], minimum_should_match: 1 } },
    { terms: { language_id: ["7"] } },
    { term: { user_id: "5" } },
    { range: { created_at: { gte: from.toISOString(), lte: to.toISOString() } } },
  ]);
  // one row holds every token: the fields with the description, or one page with the fields but the description
  expect(filter[5]).toEqual({
    bool: {
      should: [
        { combined_fields: { query: tokens, fields: ["title", "keywords", "others", "description"], operator: "and" } },
        {
          nested: {
            path: "pages",
            query: { combined_fields: { query: tokens, fields: ["pages.head", "pages.text"], operator: "and" } },
          },
        },
      ],
      minimum_should_match: 1,
    },
  });
  expect(
    should
      .slice(0, 5)
      .map(
        (q: Record<string, Record<string, { boost: number }>>) => Object.values(Object.values(q)[0] ?? {})[0]?.boost,
      ),
  ).toEqual([10, 10, 4, 2, 2]);
  expect(should[5].nested).toMatchObject({
    path: "pages",
    score_mode: "max",
    query: { bool: { must: [{ match: { "pages.text": { query: tokens, operator: "and" } } }] } },
    inner_hits: { name: "pages", size: 5, sort: [{ _score: { order: "desc" } }, { "pages.page": { order: "asc" } }] },
  });
});

test("(elasticsearch-mock) a query of English stop words alone asks the fields only", async () => {
  const es = mockCluster();
  existingIndex(es);
  es.on("POST", "/:index/_search", () => noHits);
  const index = indexOn(es);
  await index.search(query({ text: "The WHO" }));
  await index.search(query({ text: "the system" }));
  const [stopOnly, mixed] = es.sent("POST", "/wenku-documents/_search").map((c) => c.body.query.bool);
  expect(stopOnly.filter).toEqual([
    { combined_fields: { query: "the who", fields: ["title", "keywords", "others", "description"], operator: "and" } },
  ]);
  expect(JSON.stringify(stopOnly.should)).not.toContain("pages");
  expect(stopOnly.should).toHaveLength(5);
  expect(JSON.stringify(mixed.filter)).toContain('"path":"pages"');
  expect(mixed.should).toHaveLength(6);
});

test("(elasticsearch-mock) each sort's order and tie-breakers; no filters but the match when none are asked", async () => {
  const es = mockCluster();
  existingIndex(es);
  es.on("POST", "/:index/_search", () => noHits);
  const index = indexOn(es);
  const sorts = ["relevance", "latest", "downloads", "pages", "score"] as const;
  for (const sort of sorts) await index.search(query({ sort }));
  const sent = es
    .sent("POST", "/wenku-documents/_search")
    .map((c) => c.body.sort.map((s: object) => Object.keys(s)[0]));
  expect(sent).toEqual([
    ["_score", "view_count", "created_at", "id"],
    ["created_at", "id"],
    ["download_count", "_score", "id"],
    ["page_count", "_score", "id"],
    ["score", "_score", "id"],
  ]);
  expect(es.calls.at(-1)?.body.query.bool.filter).toHaveLength(1);
});

test("(elasticsearch-mock) pages past 10,000 hits ask for the total only; queries without tokens never reach the cluster", async () => {
  const es = mockCluster();
  existingIndex(es);
  es.on("POST", "/:index/_search", () => ({ hits: { total: { value: 20_000, relation: "eq" }, hits: [] } }));
  const index = indexOn(es);
  expect(await index.search(query({ offset: 12_000 }))).toEqual({ total: 20_000, hits: [] });
  await index.search(query({ offset: 9_995 }));
  expect(es.sent("POST", "/wenku-documents/_search").map((c) => [c.body.from, c.body.size])).toEqual([
    [10_000, 0],
    [9_995, 5],
  ]);
  const before = es.calls.length;
  for (const text of ["", "  ", "，。！", "&|!()"])
    expect(await index.search(query({ text }))).toEqual({ total: 0, hits: [] });
  expect(es.calls.length).toBe(before);
});

test("(elasticsearch-mock) versions read every id and version, page after page (search_after)", async () => {
  const es = mockCluster();
  existingIndex(es);
  const page = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => ({ _id: String(from + i), _version: (from + i) * 2, sort: [from + i] }));
  const answers = [page(1, 5_000), page(5_001, 2)];
  es.on("POST", "/:index/_search", () => ({ hits: { hits: answers.shift() ?? [] } }));
  const versions = await indexOn(es).versions();
  expect(versions.size).toBe(5_002);
  expect([versions.get(1n), versions.get(5_002n)]).toEqual([2n, 10_004n]);
  const bodies = es.sent("POST", "/wenku-documents/_search").map((c) => c.body);
  expect(bodies.map((b) => [b.version, b.sort, b.search_after])).toEqual([
    [true, [{ id: "asc" }], undefined],
    [true, [{ id: "asc" }], [5_000]],
  ]);
});

// The Elasticsearch backend's set-up and writes against @elastic/elasticsearch-mock (no Elasticsearch
// runs here; search.es.int.test.ts runs the contract on a real one): the index template, the bulk
// bodies and the version rule, bounded batches. Searches: search.es.query.test.ts;
// rebuilds and failures: search.es.rebuild.test.ts.

import { esAnswer, type MockCluster, mockCluster } from "@wenku/testkit/elasticsearch";
import { existingIndex } from "../../test/es.cluster.js";
import { indexedDocument } from "../../test/search.contract.js";
import { BULK_BYTES, BULK_DOCS, batches } from "./search.es.bulk.js";
import { createEsSearchIndex } from "./search.es.js";

/** The action lines of a bulk body (index/delete), without the documents. */
// biome-ignore lint/suspicious/noExplicitAny: NDJSON lines as the mock parsed them
const actionsOf = (body: any[]) => body.filter((l) => "index" in l || "delete" in l);
const ok = (call: { body: unknown[] }) => ({
  errors: false,
  items: actionsOf(call.body as object[]).map((a) => ({ [Object.keys(a)[0] as string]: { status: 200 } })),
});

function indexOn(es: MockCluster) {
  return createEsSearchIndex({ client: es.client, prefix: "wenku", log: es.log });
}

test("(elasticsearch-mock) set-up puts the index template, creates the first index behind the alias, once", async () => {
  const es = mockCluster();
  es.on("PUT", "/_index_template/:name", () => ({ acknowledged: true }));
  es.on("HEAD", "/_alias/:name", () => esAnswer(404, "aliases_not_found_exception"));
  es.on("PUT", "/:index", () => ({ acknowledged: true }));
  es.on("PUT", "/:index/_alias/:name", () => ({ acknowledged: true }));
  es.on(["GET", "POST"], "/:index/_count", () => ({ count: 7 }));
  const index = indexOn(es);
  expect(index.backend).toBe("elasticsearch");
  expect([await index.count(), await index.count()]).toEqual([7, 7]);

  const templates = es.sent("PUT", "/_index_template/");
  expect(templates.map((c) => c.path)).toEqual(["/_index_template/wenku-documents"]);
  const body = templates[0]?.body;
  expect(body).toMatchObject({ index_patterns: ["wenku-documents-*"], priority: 200 });
  const { settings, mappings } = body.template;
  expect(settings.analysis.analyzer.wenku_terms).toEqual({
    type: "custom",
    tokenizer: "whitespace",
    filter: ["lowercase", "wenku_stem"], // no stop words: "These" is searchable, as on PostgreSQL
  });
  expect(settings.analysis.filter).toEqual({ wenku_stem: { type: "stemmer", language: "porter2" } });
  expect(mappings.dynamic).toBe("strict");
  expect(mappings._source.excludes).toEqual(["title", "keywords", "others", "description", "pages.head", "pages.text"]);
  expect(mappings.properties.pages.type).toBe("nested");
  expect(mappings.properties.title).toEqual({ type: "text", analyzer: "wenku_terms" });
  expect(es.sent("PUT", "/wenku-documents-initial").map((c) => c.path)).toEqual([
    "/wenku-documents-initial",
    "/wenku-documents-initial/_alias/wenku-documents",
  ]);
  expect(es.sent("GET", "/wenku-documents/_count").length + es.sent("POST", "/wenku-documents/_count").length).toBe(2);
});

test("(elasticsearch-mock) set-up on an existing alias creates nothing and warns when its mappings are older", async () => {
  const es = mockCluster();
  existingIndex(es);
  es.on("GET", "/:index/_mapping", () => ({
    "wenku-documents-initial": { mappings: { _meta: { mapping_version: 0 } } },
  }));
  await indexOn(es).ready();
  expect(es.sent("PUT", "/wenku-documents")).toEqual([]);
  expect(es.logged).toEqual([
    expect.objectContaining({
      level: "warn",
      msg: expect.stringContaining("rebuild it (PUT /api/v1/renew/document/index)"),
    }),
  ]);
});

test("(elasticsearch-mock) upsert: one bulk body of external_gte versions, tokens, pages with heads, excerpts inside the preview only", async () => {
  const es = mockCluster();
  existingIndex(es);
  es.on("POST", "/_bulk", ok);
  const doc = indexedDocument({
    id: 42n,
    version: 7n,
    title: "年度报告 Annual",
    keywords: "KW",
    description: "about it",
    categoryNames: ["哲学"],
    categoryIds: [3n, 4n],
    uploader: "penguin",
    languageId: 2n,
    pages: 3,
    preview: 2,
    viewCount: 5,
    downloadCount: 1,
    score: 410,
    pageTexts: ["first   page\ntext", "", "third page secret"],
  });
  await indexOn(es).upsert([doc, indexedDocument({ id: 43n, version: 1n, languageId: null })]);
  const [bulk, ...more] = es.sent("POST", "/_bulk");
  expect(more).toEqual([]);
  expect(bulk?.querystring).toEqual({ refresh: "wait_for" });
  const head = "年度 度报 报告 annual kw 哲学 penguin";
  expect(bulk?.body.slice(0, 2)).toEqual([
    { index: { _index: "wenku-documents", _id: "42", version: 7, version_type: "external_gte" } },
    {
      id: "42",
      title: "年度 度报 报告 annual",
      keywords: "kw",
      others: "哲学 penguin",
      description: "about it",
      category_ids: ["3", "4"],
      language_id: "2",
      user_id: "1",
      ext: ".pdf",
      type: "pdf",
      page_count: 3,
      view_count: 5,
      download_count: 1,
      score: 410,
      created_at: "2026-01-01T00:00:00.000Z",
      pages: [
        { page: 1, head, text: "first page text", excerpt: "first page text" },
        { page: 3, head, text: "third page secret" }, // beyond the preview limit: no excerpt
      ],
    },
  ]);
  expect(bulk?.body[2]).toEqual({
    index: { _index: "wenku-documents", _id: "43", version: 1, version_type: "external_gte" },
  });
  expect(bulk?.body[3]).toMatchObject({ id: "43", language_id: null, pages: [] });
});

test("(elasticsearch-mock) a newer version indexed is no error; refused documents are named; a busy cluster's 429s are retried", async () => {
  const es = mockCluster();
  existingIndex(es);
  const [a, b, c] = [indexedDocument({ id: 1n }), indexedDocument({ id: 2n }), indexedDocument({ id: 3n })];
  const answers = [
    {
      errors: true,
      items: [
        { index: { _id: "1", status: 409, error: { type: "version_conflict_engine_exception", reason: "newer" } } },
        { index: { _id: "2", status: 429, error: { type: "es_rejected_execution_exception", reason: "busy" } } },
        { index: { _id: "3", status: 201 } },
      ],
    },
    { errors: false, items: [{ index: { _id: "2", status: 201 } }] },
  ];
  es.on("POST", "/_bulk", () => answers.shift());
  const index = indexOn(es);
  await index.upsert([a, b, c]);
  const bodies = es.sent("POST", "/_bulk").map((call) => actionsOf(call.body).map((l) => l.index._id));
  expect(bodies).toEqual([["1", "2", "3"], ["2"]]);

  es.on("POST", "/_bulk", () => ({
    errors: true,
    items: [
      { index: { _id: "1", status: 201 } },
      { index: { _id: "2", status: 400, error: { type: "mapper_parsing_exception", reason: "failed to parse" } } },
    ],
  }));
  await expect(index.upsert([a, b])).rejects.toThrow(
    "Elasticsearch refused 1 of 2 documents: 2: mapper_parsing_exception: failed to parse",
  );
});

test("(elasticsearch-mock) remove sends deletes and ignores unknown ids; nothing to do sends nothing", async () => {
  const es = mockCluster();
  existingIndex(es);
  es.on("POST", "/_bulk", () => ({
    errors: true,
    items: [
      { delete: { _id: "5", status: 200, result: "deleted" } },
      { delete: { _id: "6", status: 404, result: "not_found" } },
    ],
  }));
  const index = indexOn(es);
  await index.remove([5n, 6n]);
  await index.remove([]);
  await index.upsert([]);
  const bulks = es.sent("POST", "/_bulk");
  expect(bulks.map((c) => c.body)).toEqual([
    [{ delete: { _index: "wenku-documents", _id: "5" } }, { delete: { _index: "wenku-documents", _id: "6" } }],
  ]);
});

test("bulk requests are bounded by documents and bytes; a document larger than the bound goes alone", () => {
  const small = (id: number) => ({ id: BigInt(id), lines: ["{}", "{}"] });
  const many = Array.from({ length: BULK_DOCS + 50 }, (_, i) => small(i));
  expect(batches(many).map((b) => b.length)).toEqual([BULK_DOCS, 50]);
  const big = (id: number) => ({ id: BigInt(id), lines: ["{}", "x".repeat(BULK_BYTES * 0.6)] });
  expect(batches([big(1), big(2), small(3)]).map((b) => b.map((a) => a.id))).toEqual([[1n], [2n, 3n]]);
  const huge = { id: 9n, lines: ["{}", "x".repeat(BULK_BYTES + 1)] };
  expect(batches([small(1), huge, small(2)]).map((b) => b.map((a) => a.id))).toEqual([[1n], [9n], [2n]]);
});

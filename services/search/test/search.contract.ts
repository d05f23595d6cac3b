// The contract every search backend passes (PostgreSQL here; Elasticsearch against a real server when
// ELASTICSEARCH_URL is set). Call it from a test file with a factory of empty indexes.
import { expect, test } from "@jest/globals";
import { type IndexedDocument, MAX_PAGE_HITS, type SearchIndex, type SearchQuery } from "../src/search.index.js";
import { blankEntry, queryFor } from "./entries.js";

export function indexedDocument(over: Partial<IndexedDocument> = {}): IndexedDocument {
  return {
    ...blankEntry(),
    uploader: "someone",
    languageId: null,
    ext: ".pdf",
    type: "pdf",
    pages: 1,
    preview: 0,
    downloadCount: 0,
    score: 0,
    pageTexts: [],
    ...over,
  };
}

const query = (text: string, over: Partial<SearchQuery> = {}) => queryFor<SearchQuery>(text, over);

/** Registers the contract's tests; `fresh` gives an empty index for each test. */
export function searchIndexContract(fresh: () => Promise<SearchIndex>): void {
  const ids = async (index: SearchIndex, q: SearchQuery) => (await index.search(q)).hits.map((h) => h.id);

  test("a word of page 30 finds the document and names the page", async () => {
    const index = await fresh();
    const pageTexts = Array.from({ length: 40 }, (_, i) => `filler text of page ${i + 1}`);
    pageTexts[29] = "the quarterly reconciliation of the ledger is overdue";
    const doc = indexedDocument({ title: "Annual report", pages: 40, pageTexts });
    await index.upsert([doc, indexedDocument({ title: "Other", pageTexts: ["nothing here"] })]);
    const found = await index.search(query("reconciliation ledger"));
    expect(found.total).toBe(1);
    expect(found.hits.map((h) => [h.id, h.pages])).toEqual([[doc.id, [30]]]);
    expect(found.hits[0]?.excerpts).toEqual([
      { page: 30, text: "the quarterly reconciliation of the ledger is overdue" },
    ]);
  });

  test("a hit beyond the preview limit names its page but brings no text", async () => {
    const index = await fresh();
    const pageTexts = ["opening words", "more words", "secret   merger plans\n here"];
    const limited = indexedDocument({ pages: 3, preview: 2, pageTexts });
    const open = indexedDocument({ pages: 3, preview: 3, pageTexts });
    await index.upsert([limited, open]);
    const hits = new Map((await index.search(query("merger"))).hits.map((h) => [h.id, h]));
    expect(hits.get(limited.id)).toMatchObject({ pages: [3], excerpts: [] });
    expect(hits.get(open.id)).toMatchObject({ pages: [3], excerpts: [{ page: 3, text: "secret merger plans here" }] });
  });

  test("English words are stemmed on both sides", async () => {
    const index = await fresh();
    const doc = indexedDocument({ pageTexts: ["She was running several experiments on documents"] });
    await index.upsert([doc]);
    expect(await ids(index, query("runs experiment"))).toEqual([doc.id]);
    expect(await ids(index, query("DOCUMENT"))).toEqual([doc.id]);
  });

  test("English stop words are searchable: a title of them, each word of a phrase; stop words alone search the fields", async () => {
    const index = await fresh();
    const it = indexedDocument({ title: "IT", pageTexts: ["budgets and staffing"] });
    const who = indexedDocument({ title: "The Who", keywords: "These", pageTexts: ["a band"] });
    const text = indexedDocument({ title: "Notes", pageTexts: ["These are the ones who matter"] });
    const when = indexedDocument({ title: "Outages", pageTexts: ["the system when one disk fails"] });
    const without = indexedDocument({ title: "Failures", pageTexts: ["system failure report"] });
    await index.upsert([it, who, text, when, without]);
    expect(await ids(index, query("IT"))).toEqual([it.id]);
    // stop words alone: the fields only (nearly every English page holds them), and no page is named
    const found = await index.search(query("the who"));
    expect(found.hits.map((h) => [h.id, h.pages])).toEqual([[who.id, []]]);
    expect(await ids(index, query("These"))).toEqual([who.id]);
    // with another word, they count in the text too
    expect(await ids(index, query("system when"))).toEqual([when.id]); // not searched as "system" alone
    expect(await ids(index, query("ones who"))).toEqual([text.id]);
    expect(await ids(index, query("failures systems"))).toEqual([without.id]); // other words are still stemmed
  });

  test("a two-character Chinese substring and a mixed Chinese/Latin query find the document", async () => {
    const index = await fresh();
    const doc = indexedDocument({ title: "年度报告", pageTexts: ["本文介绍文库平台的PDF文档转换流程与全文检索"] });
    const other = indexedDocument({ title: "其他", pageTexts: ["完全无关的内容"] });
    await index.upsert([doc, other]);
    expect(await ids(index, query("检索"))).toEqual([doc.id]);
    expect(await ids(index, query("PDF文档"))).toEqual([doc.id]);
    expect(await ids(index, query("文档转换流程"))).toEqual([doc.id]);
    expect(await ids(index, query("文库 全文检索"))).toEqual([doc.id]);
    expect(await ids(index, query("转换检索"))).toEqual([]); // not adjacent in the text: its bigram 换检 is not there
  });

  test("a Japanese query finds Japanese text", async () => {
    const index = await fresh();
    const doc = indexedDocument({ pageTexts: ["日本語の文書を検索するためのデータベース"] });
    await index.upsert([doc]);
    expect(await ids(index, query("文書を検索"))).toEqual([doc.id]);
    expect(await ids(index, query("データベース"))).toEqual([doc.id]);
  });

  test("every term must be there; terms split between the title and one page match", async () => {
    const index = await fresh();
    const doc = indexedDocument({ title: "Kubernetes handbook", pageTexts: ["deploying with helm charts"] });
    await index.upsert([doc]);
    expect(await ids(index, query("kubernetes helm"))).toEqual([doc.id]);
    expect(await ids(index, query("kubernetes terraform"))).toEqual([]);
  });

  test("fields are searched: keywords, description, category names, uploader", async () => {
    const index = await fresh();
    const doc = indexedDocument({
      keywords: "zebra",
      description: "a giraffe appears",
      categoryNames: ["哲学"],
      uploader: "penguin42",
    });
    await index.upsert([doc]);
    for (const q of ["zebra", "giraffe", "哲学", "penguin42"])
      expect([q, await ids(index, query(q))]).toEqual([q, [doc.id]]);
    expect((await index.search(query("giraffe"))).hits[0]?.pages).toEqual([]); // a field hit names no page
  });

  test("a title hit ranks above a hit in the text; the exact phrase above scattered terms", async () => {
    const index = await fresh();
    const inText = indexedDocument({ title: "Misc", pageTexts: ["notes about photosynthesis in plants"] });
    const inTitle = indexedDocument({ title: "Photosynthesis", pageTexts: ["plants"] });
    await index.upsert([inText, inTitle]);
    expect(await ids(index, query("photosynthesis"))).toEqual([inTitle.id, inText.id]);

    const phrase = indexedDocument({ pageTexts: ["数据 处理 一些 其他 内容 数据处理方法"] });
    const scattered = indexedDocument({ pageTexts: ["数据 然后 很多 很多 很多 别的 词语 处理 方法"] });
    await index.upsert([scattered, phrase]);
    expect((await ids(index, query("数据处理方法")))[0]).toBe(phrase.id);
  });

  test("filters: category, type, ext, language, uploader, creation time", async () => {
    const index = await fresh();
    const a = indexedDocument({
      title: "filter target",
      categoryIds: [1n, 2n],
      type: "word",
      ext: ".docx",
      languageId: 7n,
      userId: 5n,
      createdAt: new Date("2026-03-01T00:00:00Z"),
    });
    const b = indexedDocument({
      title: "filter target",
      categoryIds: [3n],
      createdAt: new Date("2026-06-01T00:00:00Z"),
    });
    await index.upsert([a, b]);
    const only = async (over: Partial<SearchQuery>) => ids(index, query("filter target", over));
    expect(await only({ categoryIds: [2n, 9n] })).toEqual([a.id]);
    expect(await only({ kinds: { types: ["word"], exts: [] } })).toEqual([a.id]);
    expect(await only({ kinds: { types: [], exts: [".pdf"] } })).toEqual([b.id]);
    expect(new Set(await only({ kinds: { types: ["word"], exts: [".pdf"] } }))).toEqual(new Set([a.id, b.id]));
    expect(await only({ languageIds: [7n] })).toEqual([a.id]);
    expect(await only({ userId: 5n })).toEqual([a.id]);
    expect(await only({ createdFrom: new Date("2026-05-01T00:00:00Z") })).toEqual([b.id]);
    expect(await only({ createdTo: new Date("2026-05-01T00:00:00Z") })).toEqual([a.id]);
    expect(await only({ categoryIds: [4n] })).toEqual([]);
  });

  test("sorts: latest, views, downloads, pages, score", async () => {
    const index = await fresh();
    const old = indexedDocument({
      title: "sorted",
      createdAt: new Date("2025-01-01"),
      viewCount: 9,
      pages: 1,
      score: 500,
    });
    const mid = indexedDocument({ title: "sorted", createdAt: new Date("2025-06-01"), downloadCount: 9, pages: 3 });
    const neu = indexedDocument({ title: "sorted", createdAt: new Date("2026-01-01"), pages: 2, score: 100 });
    await index.upsert([old, mid, neu]);
    expect(await ids(index, query("sorted", { sort: "latest" }))).toEqual([neu.id, mid.id, old.id]);
    expect((await ids(index, query("sorted", { sort: "views" })))[0]).toBe(old.id);
    expect((await ids(index, query("sorted", { sort: "downloads" })))[0]).toBe(mid.id);
    expect(await ids(index, query("sorted", { sort: "pages" }))).toEqual([mid.id, neu.id, old.id]);
    expect((await ids(index, query("sorted", { sort: "score" })))[0]).toBe(old.id);
  });

  test("paging keeps the total; past the last page there are no hits but the total", async () => {
    const index = await fresh();
    const docs = Array.from({ length: 5 }, (_, i) =>
      indexedDocument({ title: "paged", createdAt: new Date(Date.UTC(2026, 0, i + 1)) }),
    );
    await index.upsert(docs);
    const first = await index.search(query("paged", { sort: "latest", limit: 2 }));
    const second = await index.search(query("paged", { sort: "latest", limit: 2, offset: 2 }));
    const past = await index.search(query("paged", { sort: "latest", limit: 2, offset: 10 }));
    expect([first.total, second.total, past.total]).toEqual([5, 5, 5]);
    expect([...first.hits, ...second.hits].map((h) => h.id)).toEqual(
      [docs[4], docs[3], docs[2], docs[1]].map((d) => d?.id),
    );
    expect(past.hits).toEqual([]);
  });

  test(`at most ${MAX_PAGE_HITS} pages a hit, best first`, async () => {
    const index = await fresh();
    const pageTexts = Array.from({ length: 12 }, () => "marmot");
    pageTexts[8] = "marmot marmot marmot marmot";
    await index.upsert([indexedDocument({ pages: 12, pageTexts })]);
    const [hit] = (await index.search(query("marmot"))).hits;
    expect(hit?.pages).toHaveLength(MAX_PAGE_HITS);
    expect(hit?.pages[0]).toBe(9);
  });

  test("upsert replaces a document whole; remove and clear take it out; versions tell what is indexed", async () => {
    const index = await fresh();
    const doc = indexedDocument({ title: "first title", pageTexts: ["alpha text"] });
    const other = indexedDocument({ title: "kept" });
    await index.upsert([doc, other]);
    await index.upsert([{ ...doc, version: 2n, title: "second title", pageTexts: ["beta text"] }]);
    expect(await ids(index, query("alpha"))).toEqual([]);
    expect(await ids(index, query("first"))).toEqual([]);
    expect(await ids(index, query("beta second"))).toEqual([doc.id]);
    expect(await index.versions()).toEqual(
      new Map([
        [doc.id, 2n],
        [other.id, 1n],
      ]),
    );
    await index.upsert([{ ...doc, version: 1n, title: "stale title" }]); // older than what is indexed: ignored
    expect(await ids(index, query("stale"))).toEqual([]);
    expect(await ids(index, query("second"))).toEqual([doc.id]);
    await index.remove([doc.id, 999_999n]);
    expect(await ids(index, query("beta"))).toEqual([]);
    expect([...(await index.versions()).keys()]).toEqual([other.id]);
    expect(await index.count()).toBe(1);
    await index.clear();
    expect((await index.versions()).size).toBe(0);
    expect(await index.count()).toBe(0);
  });

  test("queries that are only punctuation or operators find nothing and fail nothing", async () => {
    const index = await fresh();
    await index.upsert([indexedDocument({ title: "the and or not", pageTexts: ["a & b | !c <-> (d"] })]);
    for (const text of ["", "   ", "，。！", "&|!()<->:*", "'; DROP TABLE search_pages; --", "x".repeat(10_000)]) {
      const r = await index.search(query(text));
      expect([text.slice(0, 20), r.hits.length]).toEqual([text.slice(0, 20), 0]);
    }
  });

  test("a page of a megabyte is indexed (its first tokens) without failing", async () => {
    const index = await fresh();
    const doc = indexedDocument({ pageTexts: [`needle ${"文库转换测试内容 lorem ipsum ".repeat(60_000)}`] });
    await index.upsert([doc]);
    expect(await ids(index, query("needle"))).toEqual([doc.id]);
  });
}

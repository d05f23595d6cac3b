// The contract every backend's article index passes (PostgreSQL here; Elasticsearch against a real
// server when ELASTICSEARCH_URL is set). Call it from a test file with a factory of empty indexes.
import { expect, test } from "@jest/globals";
import type { ArticleIndex, ArticleQuery, IndexedArticle } from "../src/search.index.js";
import { blankEntry, queryFor } from "./entries.js";

export function indexedArticle(over: Partial<IndexedArticle> = {}): IndexedArticle {
  return { ...blankEntry(), author: "someone", text: "", ...over };
}

const query = (text: string, over: Partial<ArticleQuery> = {}) => queryFor<ArticleQuery>(text, over);

/** Registers the contract's tests; `fresh` gives an empty article index for each test. */
export function articleIndexContract(fresh: () => Promise<ArticleIndex>): void {
  const ids = async (index: ArticleIndex, q: ArticleQuery) => (await index.search(q)).hits.map((h) => h.id);

  test("articles: a phrase deep in the text finds the article; every term must be there", async () => {
    const index = await fresh();
    const text = `${"开篇的一般性介绍文字。".repeat(400)}\n\nThe lighthouse keeper logs every passing freighter.`;
    const a = indexedArticle({ title: "Coastal notes", text });
    await index.upsert([a, indexedArticle({ title: "Other", text: "nothing about the sea" })]);
    expect(await ids(index, query("lighthouse keeper freighter"))).toEqual([a.id]);
    expect(await ids(index, query("lighthouse submarine"))).toEqual([]);
    expect(await ids(index, query("coastal freighters"))).toEqual([a.id]); // title and text together, stemmed
  });

  test("articles: a two-character Chinese substring and a mixed query find it", async () => {
    const index = await fresh();
    const a = indexedArticle({ title: "平台公告", text: "本站的全文检索现已支持文章与PDF文档" });
    await index.upsert([a, indexedArticle({ text: "完全无关的内容" })]);
    expect(await ids(index, query("检索"))).toEqual([a.id]);
    expect(await ids(index, query("PDF文档"))).toEqual([a.id]);
    expect(await ids(index, query("公告 全文检索"))).toEqual([a.id]);
    expect(await ids(index, query("检索文章"))).toEqual([]); // not adjacent in the text
  });

  test("articles: keywords, description, category names and the author are searched; a title hit ranks first", async () => {
    const index = await fresh();
    const fields = indexedArticle({
      keywords: "zebra",
      description: "a giraffe appears",
      categoryNames: ["站务"],
      author: "penguin42",
    });
    await index.upsert([fields]);
    for (const q of ["zebra", "giraffe", "站务", "penguin42"])
      expect([q, await ids(index, query(q))]).toEqual([q, [fields.id]]);
    const inText = indexedArticle({ title: "Misc", text: "notes about photosynthesis in plants" });
    const inTitle = indexedArticle({ title: "Photosynthesis", text: "plants" });
    await index.upsert([inText, inTitle]);
    expect(await ids(index, query("photosynthesis"))).toEqual([inTitle.id, inText.id]);
  });

  test("articles: category filter, sorts and paging keep the total", async () => {
    const index = await fresh();
    const old = indexedArticle({ title: "sorted", categoryIds: [3n], createdAt: new Date("2025-01-01"), viewCount: 9 });
    const mid = indexedArticle({ title: "sorted", categoryIds: [4n], createdAt: new Date("2025-06-01") });
    const neu = indexedArticle({ title: "sorted", categoryIds: [3n, 5n], createdAt: new Date("2026-01-01") });
    await index.upsert([old, mid, neu]);
    expect(await ids(index, query("sorted", { sort: "latest" }))).toEqual([neu.id, mid.id, old.id]);
    expect((await ids(index, query("sorted", { sort: "views" })))[0]).toBe(old.id);
    expect(new Set(await ids(index, query("sorted", { categoryIds: [3n] })))).toEqual(new Set([old.id, neu.id]));
    const page = await index.search(query("sorted", { sort: "latest", limit: 2, offset: 2 }));
    expect([page.total, page.hits.map((h) => h.id)]).toEqual([3, [old.id]]);
  });

  test("articles: upsert replaces, an older version is ignored, remove and clear take them out", async () => {
    const index = await fresh();
    const a = indexedArticle({ title: "first title", text: "alpha text" });
    const other = indexedArticle({ title: "kept" });
    await index.upsert([a, other]);
    await index.upsert([{ ...a, version: 2n, title: "second title", text: "beta text" }]);
    expect(await ids(index, query("alpha"))).toEqual([]);
    expect(await ids(index, query("beta second"))).toEqual([a.id]);
    await index.upsert([{ ...a, version: 1n, title: "stale title" }]);
    expect(await ids(index, query("stale"))).toEqual([]);
    expect(await index.versions()).toEqual(
      new Map([
        [a.id, 2n],
        [other.id, 1n],
      ]),
    );
    await index.remove([a.id, 999_999n]);
    expect(await ids(index, query("beta"))).toEqual([]);
    expect(await index.count()).toBe(1);
    await index.clear();
    expect(await index.count()).toBe(0);
  });

  test("articles: punctuation and operators find nothing and fail nothing", async () => {
    const index = await fresh();
    await index.upsert([indexedArticle({ title: "the and or not", text: "a & b | !c <-> (d" })]);
    for (const text of ["", "，。！", "&|!()<->:*", "'; DROP TABLE search_articles; --"])
      expect([text, (await index.search(query(text))).hits.length]).toEqual([text, 0]);
  });
}

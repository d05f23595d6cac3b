// The search contract on the PostgreSQL backend, on a real database migrated like production.
import { sqltag as sql } from "@prisma/client/runtime/client";
import { useContentDatabase } from "../../test/db.js";
import { indexedArticle } from "../../test/search.articles.contract.js";
import { indexedDocument, searchIndexContract } from "../../test/search.contract.js";
import { ENGLISH_STOP_WORDS } from "../tokens.js";
import { createPgSearchIndex } from "./search.pg.js";

const db = useContentDatabase();

describe("PostgreSQL search index", () => {
  searchIndexContract(async () => {
    const index = createPgSearchIndex(db());
    await index.clear();
    return index;
  });
});

describe("PostgreSQL search index: the ranking cap (a common word reads few tsvectors)", () => {
  test("field matches always rank; text-only matches past the cap are counted and listed after the ranked ones", async () => {
    const index = createPgSearchIndex(db(), { rankCap: 2 });
    await index.clear();
    const titled = indexedDocument({ title: "harbour charts", pageTexts: ["nothing to see"] });
    // text-only matches: the two with the most matching pages are ranked, the exact phrase first
    const phrase = indexedDocument({ title: "a", pageTexts: ["the harbour charts of the bay", "harbour then charts"] });
    const scattered = indexedDocument({ title: "b", pageTexts: ["harbour far from the charts", "charts, a harbour"] });
    const single = indexedDocument({ title: "c", pageTexts: ["harbour charts"], viewCount: 99 });
    await index.upsert([titled, phrase, scattered, single]);

    const found = await index.search({ text: "harbour charts", sort: "relevance", offset: 0, limit: 10 });
    expect(found.total).toBe(4);
    expect(found.hits.map((h) => h.id)).toEqual([titled.id, phrase.id, scattered.id, single.id]);
    expect(found.hits.map((h) => h.rank > 0)).toEqual([true, true, true, false]);
    expect(found.hits[3]?.pages).toEqual([1]); // unranked, yet its page is named

    // with room for every text-only match, the exact phrase on one page outranks scattered words
    const uncapped = createPgSearchIndex(db(), { rankCap: 10 });
    const all = await uncapped.search({ text: "harbour charts", sort: "relevance", offset: 0, limit: 10 });
    expect(all.hits.map((h) => h.rank > 0)).toEqual([true, true, true, true]);
  });
});

describe("PostgreSQL search index: a common query reads at most ROW_CAP rows (its total a lower bound)", () => {
  test("past the row cap the total counts the documents read and says more; field matches past it still rank first", async () => {
    const index = createPgSearchIndex(db(), { rowCap: 3, fieldCap: 10 });
    await index.clear();
    // written first, so the GIN index gives their rows first: the word in the text of every page
    const texts = [1, 2, 3].map((n) =>
      indexedDocument({ title: `text ${n}`, pages: 3, pageTexts: ["harbour one", "harbour two", "harbour three"] }),
    );
    await index.upsert(texts);
    const titled = indexedDocument({ title: "harbour", pageTexts: ["nothing"] });
    await index.upsert([titled]);

    const found = await index.search({ text: "harbour", sort: "relevance", offset: 0, limit: 10 });
    expect(found.more).toBe(true);
    // 4 rows read (the first document's 3 pages, the second's first) and the field match: 3 documents
    expect(found.total).toBe(3);
    // the field match first; the text-only matches (the same rank: the newer id first) never the unread third
    expect(found.hits.map((h) => h.id)).toEqual([titled.id, texts[1]?.id, texts[0]?.id]);
    expect(found.hits[2]?.pages).toEqual([1, 2, 3]);
    // paging stays inside what was counted
    const second = await index.search({ text: "harbour", sort: "relevance", offset: 2, limit: 2 });
    expect([second.total, second.more, second.hits.map((h) => h.id)]).toEqual([3, true, [texts[0]?.id]]);

    // with room for every row the count is exact and says nothing more
    const exact = await createPgSearchIndex(db(), { rowCap: 100 }).search({
      text: "harbour",
      sort: "relevance",
      offset: 0,
      limit: 10,
    });
    expect([exact.total, exact.more, exact.hits[0]?.id]).toEqual([4, undefined, titled.id]);
    // the other sorts read every match: the newest of all of them first, the exact total
    const latest = await index.search({ text: "harbour", sort: "latest", offset: 0, limit: 10 });
    expect([latest.total, latest.more, latest.hits[0]?.id]).toEqual([4, undefined, titled.id]);
    // a query under the cap is exact with the small cap too
    const rare = await index.search({ text: "three", sort: "relevance", offset: 0, limit: 10 });
    expect([rare.total, rare.more]).toEqual([3, undefined]);
  });

  test("field matches of a common query: at most fieldCap of them", async () => {
    const index = createPgSearchIndex(db(), { rowCap: 1, fieldCap: 2 });
    await index.clear();
    const docs = [1, 2, 3, 4].map((n) => indexedDocument({ title: `harbour ${n}`, pageTexts: [] }));
    await index.upsert(docs);
    const found = await index.search({ text: "harbour", sort: "relevance", offset: 0, limit: 10 });
    expect(found.more).toBe(true);
    expect(found.total).toBe(2);
    expect(found.hits).toHaveLength(2);
  });
});

describe("PostgreSQL search index: which text-only matches the cap ranks, and the exact phrase", () => {
  test("a short document with the phrase is ranked before a long one with the words on many pages", async () => {
    const index = createPgSearchIndex(db(), { rankCap: 1 });
    await index.clear();
    const long = indexedDocument({
      title: "a",
      pages: 12,
      pageTexts: Array.from({ length: 12 }, (_, i) => (i < 4 ? "harbour far from any charts" : "filler")),
      viewCount: 500,
    });
    const short = indexedDocument({ title: "b", pages: 2, pageTexts: ["the harbour charts", "harbour and charts"] });
    await index.upsert([long, short]);
    const found = await index.search({ text: "harbour charts", sort: "relevance", offset: 0, limit: 10 });
    // most matching pages (4 of 12) would rank the long one; the share of matching pages (2 of 2) picks the short one
    expect(found.hits.map((h) => [h.id, h.rank > 0])).toEqual([
      [short.id, true],
      [long.id, false],
    ]);
  });

  test("of two pages with the words side by side, the one in the query's order ranks first", async () => {
    const index = createPgSearchIndex(db());
    await index.clear();
    // the same cover density (adjacent words); more views would put the reversed one first on a tie
    const reversed = indexedDocument({ title: "a", pageTexts: ["the charts harbour office"], viewCount: 900 });
    const exact = indexedDocument({ title: "b", pageTexts: ["the harbour charts office"] });
    await index.upsert([reversed, exact]);
    const found = await index.search({ text: "harbour charts", sort: "relevance", offset: 0, limit: 10 });
    expect(found.hits.map((h) => h.id)).toEqual([exact.id, reversed.id]);
    expect((found.hits[0]?.rank ?? 0) - (found.hits[1]?.rank ?? 0)).toBeCloseTo(0.1, 5);
  });
});

describe("the text search configurations (migration 0010)", () => {
  test("ENGLISH_STOP_WORDS is what PostgreSQL's english configuration drops; wenku_search keeps them and stems", async () => {
    const [r] = await db().$queryRaw<Array<{ dropped: number; kept: number; stemmed: string }>>`
      SELECT count(*) FILTER (WHERE length(to_tsvector('english', w)) = 0)::int AS dropped,
             count(*) FILTER (WHERE length(to_tsvector('wenku_search', w)) = 1)::int AS kept,
             (SELECT to_tsvector('wenku_search', 'running systems')::text) AS stemmed
        FROM unnest(${[...ENGLISH_STOP_WORDS]}::text[]) AS w`;
    const n = ENGLISH_STOP_WORDS.size;
    expect(r).toEqual({ dropped: n, kept: n, stemmed: "'run':1 'system':2" });
  });
});

describe("PostgreSQL search index: live counts (LiveCounts)", () => {
  test("the sorts read the counts of the relations given, the indexed copies where they have no row", async () => {
    const doc = (viewCount: number) => indexedDocument({ title: "lighthouse", viewCount });
    const [a, b, c] = [doc(1), doc(5), doc(3)];
    const [x, y] = [
      indexedArticle({ title: "lighthouse", viewCount: 1 }),
      indexedArticle({ title: "lighthouse", viewCount: 5 }),
    ];
    const liveCounts = {
      documents: sql`(SELECT ${a.id}::bigint AS id, 9 AS view_count, 0 AS download_count, 0 AS score)`,
      articles: sql`(SELECT ${x.id}::bigint AS id, 9 AS view_count)`,
    };
    const index = createPgSearchIndex(db(), { liveCounts });
    await Promise.all([index.clear(), index.articles.clear()]);
    await index.upsert([a, b, c]);
    await index.articles.upsert([x, y]);

    const q = { text: "lighthouse", sort: "views", offset: 0, limit: 10 } as const;
    expect((await index.search(q)).hits.map((h) => h.id)).toEqual([a.id, b.id, c.id]);
    expect((await index.articles.search(q)).hits.map((h) => h.id)).toEqual([x.id, y.id]);
    const copies = createPgSearchIndex(db());
    expect((await copies.search(q)).hits.map((h) => h.id)).toEqual([b.id, c.id, a.id]);
    expect((await copies.articles.search(q)).hits.map((h) => h.id)).toEqual([y.id, x.id]);
  });
});

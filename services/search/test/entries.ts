// What the two contract suites (search.contract.ts: documents; search.articles.contract.ts: articles)
// build their entries and queries from.
import type { IndexedArticle, IndexedDocument } from "../src/search.index.js";

let nextId = 1000n;

/** The fields a document and an article both have, blank, under an id no other entry of the run has. */
export function blankEntry(): Pick<IndexedDocument & IndexedArticle, keyof IndexedDocument & keyof IndexedArticle> {
  nextId += 1n;
  return {
    id: nextId,
    version: 1n,
    title: "untitled",
    keywords: "",
    description: "",
    categoryNames: [],
    categoryIds: [],
    userId: 1n,
    viewCount: 0,
    createdAt: new Date("2026-01-01T00:00:00Z"),
  };
}

/** A query for `text`: by relevance, the first 10, as changed by `over`. */
export function queryFor<Q extends { text: string; sort: string; offset: number; limit: number }>(
  text: string,
  over: Partial<Q> = {},
): Q {
  return { text, sort: "relevance", offset: 0, limit: 10, ...over } as Q;
}

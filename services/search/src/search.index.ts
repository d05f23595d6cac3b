// The search index behind one interface, whatever holds it: PostgreSQL full-text search (the default,
// postgres/) or Elasticsearch (elasticsearch/). The indexer (search.indexer.ts) decides what is in it:
// only documents a visitor may see. Every backend passes the same contract suite (test/search.contract.ts).

import { setImmediate as yieldToLoop } from "node:timers/promises";
import { wordEndAt } from "@wenku/kit";
import { tokenText } from "./tokens.js";

/** What the index holds of one document: its fields and the text of each page. */
export interface IndexedDocument {
  id: bigint;
  /** documents.search_version when it was read: the index is current when the two agree. */
  version: bigint;
  title: string;
  keywords: string;
  description: string;
  /** Names of its categories (its whole path). */
  categoryNames: string[];
  categoryIds: bigint[];
  uploader: string;
  userId: bigint;
  languageId: bigint | null;
  /** ".pdf", ".docx"… */
  ext: string;
  /** The spec's document type of ext: pdf, word, ppt, excel, text, other. */
  type: string;
  pages: number;
  /** Pages visitors may read (1..preview); 0: all of them. Snippets come from these pages only. */
  preview: number;
  viewCount: number;
  downloadCount: number;
  score: number;
  createdAt: Date;
  /** Text of page n at index n-1 (empty strings for pages without text). */
  pageTexts: string[];
}

export type SearchSort = "relevance" | "latest" | "views" | "downloads" | "pages" | "score";

export interface SearchQuery {
  /** What was asked, as it was typed (the backend tokenizes it with searchTokens). */
  text: string;
  categoryIds?: bigint[];
  /** Of any of these types ("pdf", "word" …) or extensions (".pdf" …). */
  kinds?: { types: readonly string[]; exts: readonly string[] };
  languageIds?: bigint[];
  userId?: bigint;
  createdFrom?: Date;
  createdTo?: Date;
  sort: SearchSort;
  offset: number;
  limit: number;
}

export interface SearchHit {
  id: bigint;
  /** Backend-specific relevance (higher is better); 0 for documents matched by their fields only. */
  rank: number;
  /** Pages whose own text holds every term, best first (at most MAX_PAGE_HITS). */
  pages: number[];
  /** The start of each of those pages' text that visitors may read (inside the preview limit). */
  excerpts: PageExcerpt[];
}

export interface PageExcerpt {
  page: number;
  text: string;
}

/** Characters of a page's text kept for snippets. */
export const EXCERPT_CHARS = 2_000;

export interface SearchResult {
  total: number;
  /** total is a lower bound: the query matches more documents than were counted (a common word). */
  more?: boolean;
  hits: SearchHit[];
}

export const MAX_PAGE_HITS = 5;

/** Tokens read from one page's text: a page is never more work than this, whatever its size. */
export const MAX_PAGE_TOKENS = 20_000;
/** Tokens read from one field (title, description…). */
export const MAX_FIELD_TOKENS = 2_000;
/** Tokens of a query: the rest of a pasted paragraph is not searched for. */
export const MAX_QUERY_TOKENS = 32;

/** What a rebuild of the documents' index writes into: the live index itself, or a new one beside it. */
export type SearchIndexTarget = IndexBuild<IndexedDocument>["target"];

/** A rebuild of the documents' index under way (SearchIndex.startRebuild). */
export type SearchIndexBuild = IndexBuild<IndexedDocument>;

/** Counts a search sorts by, changed since an entry was indexed (reads, downloads, rating). */
export interface IndexedCounts {
  id: bigint;
  viewCount: number;
  downloadCount: number;
  score: number;
}

/** The documents' index. */
export interface SearchIndex extends EntryIndex<IndexedDocument, SearchQuery, SearchResult> {
  /** Which backend answers ("postgres", "elasticsearch"), for the admin's status line. */
  readonly backend: string;
  /** The articles' index of the same backend (search.pg.articles.ts, search.es.articles.ts). */
  readonly articles: ArticleIndex;
}

/** What the index holds of one article a visitor may read. */
export interface IndexedArticle {
  id: bigint;
  /** articles.search_version when it was read. */
  version: bigint;
  title: string;
  keywords: string;
  description: string;
  /** Names of its categories (its whole path). */
  categoryNames: string[];
  categoryIds: bigint[];
  /** The author shown (the article's author, else the publisher's username). */
  author: string;
  userId: bigint;
  /** The article's text: its sanitised HTML as plain text. */
  text: string;
  viewCount: number;
  createdAt: Date;
}

export type ArticleSort = "relevance" | "latest" | "views";

export interface ArticleQuery {
  text: string;
  categoryIds?: bigint[];
  sort: ArticleSort;
  offset: number;
  limit: number;
}

export interface ArticleResult {
  total: number;
  /** Best first; rank as SearchHit's. Snippets are cut from the live article by the caller. */
  hits: Array<{ id: bigint; rank: number }>;
}

/** The articles' index: the documents' contract with one text an article instead of pages. */
export interface ArticleIndex extends EntryIndex<IndexedArticle, ArticleQuery, ArticleResult> {}

/** A rebuild of either index. */
export interface IndexBuild<T> {
  /** Where the rebuild writes: the live index itself, or a new one filled beside it. */
  target: Pick<IndexTarget<T>, "upsert" | "remove" | "versions">;
  /** Puts what was written in place of the live index, in one step; searches never see it half done. */
  commit(): Promise<void>;
  /** Gives up: what was written is dropped, the live index stays as it was. */
  abort(): Promise<void>;
}

/** What the indexer keeps equal to its source: the documents' index or the articles'. */
export interface IndexTarget<T> {
  /**
   * Adds or replaces these entries (each whole: a document's pages too). Idempotent; an entry whose
   * indexed version is newer than the one given is left as it is.
   */
  upsert(items: readonly T[]): Promise<void>;
  /** Removes these entries; unknown ids are ignored. */
  remove(ids: readonly bigint[]): Promise<void>;
  /** The version of every indexed entry (what the indexer compares with the source at start). */
  versions(): Promise<Map<bigint, bigint>>;
  /** How many entries the index holds. */
  count(): Promise<number>;
  /**
   * Updates the counts an indexed entry sorts by, leaving the rest as it is (unknown ids are ignored).
   * Only a backend that copies the counts into its index has it: PostgreSQL's sorts read the live
   * counts beside its index (articles: viewCount only).
   */
  updateCounts?(counts: readonly IndexedCounts[]): Promise<void>;
  /**
   * Starts a rebuild. PostgreSQL rewrites its rows in place (target: itself; commit and abort do
   * nothing); Elasticsearch fills a new index while the old one answers and swaps its alias at commit.
   */
  startRebuild(): Promise<IndexBuild<T>>;
}

/** Either index as its callers use it: kept by the indexer, searched with Q, answering R. */
export interface EntryIndex<T, Q, R> extends IndexTarget<T> {
  search(q: Q): Promise<R>;
  /** Removes every entry (a rebuild from scratch). */
  clear(): Promise<void>;
}

/** A document as every backend indexes it: the same tokens of each field, of each page, and excerpts. */
export interface PreparedDocument {
  /** searchTokens() of each field, space-separated. */
  title: string;
  keywords: string;
  /** Category names and the uploader. */
  others: string;
  description: string;
  /** Pages with any text, in order: their tokens and excerpt ("" beyond the preview limit). */
  pages: Array<{ page: number; text: string; excerpt: string }>;
}

/**
 * The start of a page's text, whitespace folded, at most EXCERPT_CHARS characters, ending at a word
 * boundary (never in a word, nor half a surrogate pair).
 */
export function excerptOf(text: string): string {
  const folded = text.replace(/\s+/g, " ").trim();
  if (folded.length <= EXCERPT_CHARS) return folded;
  const head = Array.from(folded.slice(0, EXCERPT_CHARS + 1))
    .slice(0, EXCERPT_CHARS)
    .join("");
  return folded.slice(0, wordEndAt(folded, head.length) || head.length).trimEnd();
}

export async function prepareDocument(d: IndexedDocument): Promise<PreparedDocument> {
  const pages: PreparedDocument["pages"] = [];
  const readable = d.preview > 0 ? d.preview : d.pageTexts.length;
  for (let i = 0; i < d.pageTexts.length; i++) {
    const raw = d.pageTexts[i] ?? "";
    const text = tokenText(raw, MAX_PAGE_TOKENS);
    if (text) pages.push({ page: i + 1, text, excerpt: i < readable ? excerptOf(raw) : "" });
    if (i % 50 === 49) await yieldToLoop(); // a 2,000-page document does not hold the event loop
  }
  return {
    title: tokenText(d.title, MAX_FIELD_TOKENS),
    keywords: tokenText(d.keywords, MAX_FIELD_TOKENS),
    others: tokenText([...d.categoryNames, d.uploader].join(" "), MAX_FIELD_TOKENS),
    description: tokenText(d.description, MAX_FIELD_TOKENS),
    pages,
  };
}

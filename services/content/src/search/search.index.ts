// The search index behind one interface, whatever holds it: PostgreSQL full-text search (the default,
// search.pg.ts) or Elasticsearch. The indexer (search.indexer.ts) decides what is in it: only documents
// a visitor may see. Every backend passes the same contract suite (search.contract.ts).

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
  hits: SearchHit[];
}

export const MAX_PAGE_HITS = 5;

export interface SearchIndex {
  /** Which backend answers ("postgres", "elasticsearch"), for the admin's status line. */
  readonly backend: string;
  /**
   * Adds or replaces these documents (each whole: its pages too). Idempotent; a document whose indexed
   * version is newer than the one given is left as it is.
   */
  upsert(docs: readonly IndexedDocument[]): Promise<void>;
  /** Removes these documents; unknown ids are ignored. */
  remove(ids: readonly bigint[]): Promise<void>;
  /** How many documents the index holds. */
  count(): Promise<number>;
  /** The version of every indexed document (what the indexer compares with the source at start). */
  versions(): Promise<Map<bigint, bigint>>;
  search(q: SearchQuery): Promise<SearchResult>;
  /** Removes every document (a rebuild from scratch). */
  clear(): Promise<void>;
}

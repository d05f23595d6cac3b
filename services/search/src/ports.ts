// What the search package needs from the service that composes it, as interfaces: the content service
// implements them over its own tables (its *.repository.ts files hold the SQL) and hands them in.
import type { Sql } from "@prisma/client/runtime/client";
import type { IndexedCounts, IndexedDocument } from "./search.index.js";

export interface VersionedId {
  id: bigint;
  version: bigint;
}

/** Counts as they are now, with the counts_version of their last change. */
export type VersionedCounts = IndexedCounts & { version: bigint };

/** What the indexer keeps its index equal to: the documents (or articles) a visitor may see. */
export interface SearchSource<T = IndexedDocument> {
  /** Every visible item's current search_version. */
  visibleVersions(): Promise<Map<bigint, bigint>>;
  /** Items (visible or not) whose search_version is above `mark`, oldest change first. */
  changedSince(mark: bigint, limit: number): Promise<VersionedId[]>;
  /** The highest search_version handed out so far (0 when none). */
  highWater(): Promise<bigint>;
  /** Those of `ids` a visitor may see, whole; the others are left out (the indexer removes them). */
  load(ids: readonly bigint[]): Promise<T[]>;
  /** Counts changed after `mark` (counts_version), oldest change first. */
  countsChangedSince(mark: bigint, limit: number): Promise<VersionedCounts[]>;
  /** The highest counts_version handed out so far (0 when none). */
  countsHighWater(): Promise<bigint>;
}

/** Raw SQL on one connection or transaction: the part of a Prisma client the PostgreSQL backend uses. */
export interface SqlRunner {
  $executeRaw(query: TemplateStringsArray | Sql, ...values: unknown[]): Promise<number>;
  $queryRaw<T = unknown>(query: TemplateStringsArray | Sql, ...values: unknown[]): Promise<T>;
}

/**
 * The database holding the PostgreSQL backend's tables (search_documents, search_pages,
 * search_articles): the content service's, whose migrations create them, through its Prisma client.
 */
export interface SearchDb extends SqlRunner {
  $transaction<R>(run: (tx: SqlRunner) => Promise<R>, options?: { maxWait?: number; timeout?: number }): Promise<R>;
}

/**
 * Where the PostgreSQL backend's sorts read the counts live: reads, downloads and ratings change all
 * the time without re-indexing an item. Relations (a table's name will do) of (id, view_count,
 * download_count, score) for documents and (id, view_count) for articles; without them the counts
 * copied when an item was indexed serve.
 */
export interface LiveCounts {
  documents: Sql;
  articles: Sql;
}

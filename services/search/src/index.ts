// @wenku/search — the search index as a library the content service composes: one interface over
// PostgreSQL full-text search (the default) and Elasticsearch, the indexer that keeps it equal to what
// visitors may see, and the snippets cut from its hits. What it indexes and the database its
// PostgreSQL tables live in come through ports.ts. A library, not a deployable: the index writer
// follows the content service's documents table (search_version) and has no load of its own to
// scale apart; the RPCs that search stay content's, which reads the hits back from its live rows.

export { UNAVAILABLE } from "./elasticsearch/search.es.bulk.js";
export { createEsClient, createEsSearchIndex, withoutCredentials } from "./elasticsearch/search.es.js";
export type { EsSearchIndex } from "./elasticsearch/search.es.types.js";
export type { LiveCounts, SearchDb, SearchSource, VersionedId } from "./ports.js";
export { createPgSearchIndex } from "./postgres/search.pg.js";
export type {
  ArticleIndex,
  ArticleQuery,
  ArticleSort,
  IndexedArticle,
  IndexedDocument,
  SearchIndex,
  SearchQuery,
  SearchSort,
} from "./search.index.js";
export type { IndexerProgress, SearchIndexer, SiteIndexer } from "./search.indexer.js";
export { combineIndexers, createSearchIndexer } from "./search.indexer.js";
export { matchesOf, type Snippet, snippetAround, snippetOf } from "./snippet.js";

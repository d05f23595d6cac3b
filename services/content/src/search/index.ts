// @wenku/content/search — the search index outside the service (bench/search): its interface, the
// PostgreSQL backend and the tokenizer both sides of it share.
export type { IndexedDocument, SearchHit, SearchIndex, SearchQuery, SearchResult } from "./search.index.js";
// the bench's bulk load writes the indexer's rows from the indexer's tokens
export { prepareDocument } from "./search.index.js";
export { createPgSearchIndex } from "./search.pg.js";
export { searchTokens, tokenText } from "./tokens.js";

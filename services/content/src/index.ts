// @wenku/content — documents, categories, languages, articles, comments, search, conversion.
export { createDb, type Db } from "./db.js";
// the search bench queries the PostgreSQL index as the service does
export { searchLiveCounts } from "./search/search.source.repository.js";
export { service } from "./service.js";

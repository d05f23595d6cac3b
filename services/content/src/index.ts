// @wenku/content — documents, categories, languages, articles, comments, search, conversion.
export { createDb, type Db } from "./db.js";
export { service } from "./service.js";

// @wenku/content — documents, categories, languages, articles, comments, search, conversion.
export { createDb } from "./db.js";
export { service } from "./service.js";

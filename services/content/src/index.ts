// @wenku/content — documents, categories, languages, articles, comments, search, conversion.
export { createCategoryRepository } from "./categories/category.repository.js";
export { CONTENT_SCHEMA, createDb, type Db } from "./db.js";
export { service } from "./service.js";

// @wenku/content — documents, categories, languages, articles, comments, search, conversion.
export {
  type CategoryRepository,
  COUNTED_DOCUMENT_STATUSES,
  createCategoryRepository,
} from "./categories/category.repository.js";
export { contentConfigSchema, loadContentConfig } from "./config.js";
export { CONTENT_SCHEMA, createDb, type Db } from "./db.js";
export { buildServer, type ContentServerDeps } from "./server.js";
export { migrationsDir, service } from "./service.js";

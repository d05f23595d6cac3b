// @wenku/content
export { contentConfigSchema, loadContentConfig } from "./config.js";
export { buildServer, type ContentServerDeps } from "./server.js";
export { service } from "./service.js";

// @wenku/spider
export { spiderConfigSchema, loadSpiderConfig } from "./config.js";
export { buildServer, type SpiderServerDeps } from "./server.js";
export { service } from "./service.js";

// @wenku/spider
export { loadSpiderConfig, spiderConfigSchema } from "./config.js";
export { buildServer, type SpiderServerDeps } from "./server.js";
export { service } from "./service.js";

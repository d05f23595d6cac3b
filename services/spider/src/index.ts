// @wenku/spider
export { loadSpiderConfig, spiderConfigSchema } from "./config.js";
export { service } from "./service.js";

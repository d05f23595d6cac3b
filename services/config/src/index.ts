// @wenku/config
export { configConfigSchema, loadConfigConfig } from "./config.js";
export { buildServer, type ConfigServerDeps } from "./server.js";
export { service } from "./service.js";

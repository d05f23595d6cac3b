// @wenku/config — settings, navigation, banners, friend links, ads.
export { configConfigSchema, loadConfigConfig } from "./config.js";
export { CONFIG_SCHEMA, createDb, type Db } from "./db.js";
export { buildServer, type ConfigServerDeps, createConfigDomain } from "./server.js";
export { migrationsDir, service } from "./service.js";
export { catalog, SECRET_MASK } from "./settings/catalog.js";

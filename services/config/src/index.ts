// @wenku/config
export { buildServer, type ConfigServerDeps } from "./server.js";

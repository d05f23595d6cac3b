// @wenku/spider
export { buildServer, type SpiderServerDeps } from "./server.js";

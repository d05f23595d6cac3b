// @wenku/content
export { buildServer, type ContentServerDeps } from "./server.js";

// @wenku/order
export { buildServer, type OrderServerDeps } from "./server.js";

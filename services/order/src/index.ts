// @wenku/order
export { loadOrderConfig, orderConfigSchema } from "./config.js";
export { buildServer, type OrderServerDeps } from "./server.js";
export { service } from "./service.js";

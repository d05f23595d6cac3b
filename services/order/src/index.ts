// @wenku/order — the credits ledger (orders, payment and VIP to come).
export { loadOrderConfig, orderConfigSchema } from "./config.js";
export { createDb, type Db, ORDER_SCHEMA } from "./db.js";
export { buildServer, type OrderServerDeps } from "./server.js";
export { migrationsDir, service } from "./service.js";

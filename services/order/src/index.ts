// @wenku/order — the credits ledger, orders and payment (sandbox provider; Alipay and WeChat Pay), VIP.
export { createUserDirectory } from "./clients.js";
export { loadOrderConfig, orderConfigSchema } from "./config.js";
export { createDb, type Db, ORDER_SCHEMA } from "./db.js";
export { buildServer, type OrderServerDeps } from "./server.js";
export { migrationsDir, service } from "./service.js";
export { createVip } from "./vip/vip.module.js";

// @wenku/order — the credits ledger, orders and payment (sandbox provider; Alipay and WeChat Pay), VIP.
export { createUserDirectory } from "./clients.js";
export { createDb } from "./db.js";
export { service } from "./service.js";
export { createVip } from "./vip/vip.module.js";

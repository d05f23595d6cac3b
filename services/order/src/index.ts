// @wenku/order — the credits ledger, orders and payment (sandbox provider; Alipay and WeChat Pay), VIP.
export { createDb } from "./db.js";
export { service } from "./service.js";

// @wenku/order
export { loadOrderConfig, orderConfigSchema } from "./config.js";
export { service } from "./service.js";

// @wenku/gateway — the one public HTTP origin.

export { gatewayConfigSchema, gatewayShape, loadGatewayConfig } from "./config.js";
export { toRestJson } from "./rest/json.js";
export { buildRestRoutes } from "./rest/routes.js";
export { createGateway, type GatewayOptions } from "./server.js";

// @wenku/gateway — the one public HTTP origin.

export { createClientIpResolver } from "./clientip.js";
export {
  gatewayConfigSchema,
  gatewayShape,
  type ListenConfig,
  listenConfigSchema,
  loadGatewayConfig,
} from "./config.js";
export { gatewayListenOptions } from "./listen.js";
export { toRestJson } from "./rest/json.js";
export { buildRestRoutes, type RestRoute } from "./rest/routes.js";
export { createGateway, type GatewayOptions } from "./server.js";

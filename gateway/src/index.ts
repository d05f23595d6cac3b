// @wenku/gateway — the one public HTTP origin.

export { createClientIpResolver } from "./clientip.js";
export { gatewayShape, listenConfigSchema } from "./config.js";
export { gatewayListenOptions } from "./listen.js";
export { buildRestRoutes, type RestRoute } from "./rest/routes.js";
export { createGateway } from "./server.js";

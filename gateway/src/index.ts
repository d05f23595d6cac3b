// @wenku/gateway — the one public HTTP origin.

export { gatewayShape, listenConfigSchema, sourceConfigSchema } from "./config.js";
export { gatewayListenOptions } from "./listen.js";
export { createGateway } from "./server.js";

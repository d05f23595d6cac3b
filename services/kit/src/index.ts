// @wenku/kit — shared plumbing for every service. No domain code lives here.
export * from "./access.js";
export * from "./authorizer.js";
export * from "./config.js";
export * from "./define.js";
export * from "./errors.js";
export * from "./health.js";
export * from "./identity.js";
export * from "./interceptors.js";
export * from "./listen.js";
export * from "./logger.js";
export * from "./metrics.js";
export * from "./migrate.js";
export * from "./module.js";
export * from "./registry.js";
export * from "./server.js";
export * from "./settings.js";
export * from "./transports.js";

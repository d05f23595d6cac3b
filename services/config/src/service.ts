import type { ServiceModule } from "@wenku/kit";
import { loadConfigConfig } from "./config.js";
import { buildServer } from "./server.js";

/** The config service as every runner (one process, its own process, Kubernetes) starts it. */
export const service: ServiceModule = {
  name: "config",
  migrations: [],
  async start(ctx) {
    loadConfigConfig(ctx.env);
    const definition = buildServer({
      authorizer: ctx.authorizer,
      internalToken: ctx.internalToken,
      log: ctx.log,
      siteGate: ctx.siteGate,
    });
    return { definition, close: async () => {} };
  },
};

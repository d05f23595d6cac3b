import type { ServiceModule } from "@wenku/kit";
import { loadSpiderConfig } from "./config.js";
import { buildServer } from "./server.js";

/** The spider service as every runner (one process, its own process, Kubernetes) starts it. */
export const service: ServiceModule = {
  name: "spider",
  migrations: [],
  async start(ctx) {
    loadSpiderConfig(ctx.env);
    const definition = buildServer({
      authorizer: ctx.authorizer,
      internalToken: ctx.internalToken,
      log: ctx.log,
      siteGate: ctx.siteGate,
    });
    return { definition, close: async () => {} };
  },
};

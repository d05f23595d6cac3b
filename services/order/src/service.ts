import type { ServiceModule } from "@wenku/kit";
import { loadOrderConfig } from "./config.js";
import { buildServer } from "./server.js";

/** The order service as every runner (one process, its own process, Kubernetes) starts it. */
export const service: ServiceModule = {
  name: "order",
  migrations: [],
  async start(ctx) {
    loadOrderConfig(ctx.env);
    const definition = buildServer({
      authorizer: ctx.authorizer,
      internalToken: ctx.internalToken,
      log: ctx.log,
      siteGate: ctx.siteGate,
    });
    return { definition, close: async () => {} };
  },
};

import type { ServiceModule } from "@wenku/kit";
import { loadContentConfig } from "./config.js";
import { buildServer } from "./server.js";

/** The content service as every runner (one process, its own process, Kubernetes) starts it. */
export const service: ServiceModule = {
  name: "content",
  migrations: [],
  async start(ctx) {
    loadContentConfig(ctx.env);
    const definition = buildServer({
      authorizer: ctx.authorizer,
      internalToken: ctx.internalToken,
      log: ctx.log,
      siteGate: ctx.siteGate,
    });
    return { definition, close: async () => {} };
  },
};

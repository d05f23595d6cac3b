import type { ServiceModule } from "@wenku/kit";
import { loadOrderConfig } from "./config.js";
import { createDb, ORDER_SCHEMA } from "./db.js";
import { buildServer } from "./server.js";
import { createVipUsers } from "./vip/users.client.js";

export const migrationsDir = new URL("../prisma/migrations", import.meta.url).pathname;

/**
 * The order service as every runner (one process, its own process, Kubernetes) starts it: its
 * schema migrated, then the RPC definition. Its contract services are all registered (see
 * api.v1.deployable); the RPCs of slices not built yet answer Unimplemented after the access
 * policy ran.
 */
export const service: ServiceModule = {
  name: "order",
  migrations: [{ schema: ORDER_SCHEMA, dir: migrationsDir }],
  async start(ctx) {
    loadOrderConfig(ctx.env);
    const db = createDb(ctx.databaseUrl);
    try {
      const definition = buildServer({
        db,
        log: ctx.log,
        authorizer: ctx.authorizer,
        internalToken: ctx.internalToken,
        siteGate: ctx.siteGate,
        settings: ctx.settings,
        vipUsers: createVipUsers(ctx.transports.user, ctx.internalToken),
      });
      return { definition, close: () => db.$disconnect() };
    } catch (err) {
      await db.$disconnect();
      throw err;
    }
  },
};

import { CONFIG_CHANGED_SUBJECT, type ServiceModule, userCountsChanges } from "@wenku/kit";
import { createDocumentProducts, createPaySettingsSource, createUserDirectory } from "./clients.js";
import { loadOrderConfig } from "./config.js";
import { createDb, ORDER_SCHEMA } from "./db.js";
import type { OrderCore } from "./orders/order.core.js";
import { buildServer } from "./server.js";

export const migrationsDir = new URL("../prisma/migrations", import.meta.url).pathname;

/** How often expired PENDING orders are closed and undelivered PAID ones delivered again. */
const SWEEP_MS = 60_000;

/**
 * The order service as every runner (one process, its own process, Kubernetes) starts it: its
 * schema migrated, then the RPC definition, then the order sweep (one timer for all orders: no
 * timer per order; reads also close an expired order lazily).
 */
export const service: ServiceModule = {
  name: "order",
  migrations: [{ schema: ORDER_SCHEMA, dir: migrationsDir }],
  async start(ctx) {
    const cfg = loadOrderConfig(ctx.env);
    const db = createDb(ctx.databaseUrl);
    try {
      let core: OrderCore | undefined;
      const definition = buildServer(
        {
          db,
          log: ctx.log,
          authorizer: ctx.authorizer,
          internalToken: ctx.internalToken,
          siteGate: ctx.siteGate,
          settings: ctx.settings,
          paySettings: createPaySettingsSource(ctx.transports.config, ctx.internalToken, ctx.settings),
          documents: createDocumentProducts(ctx.transports.content, ctx.internalToken),
          users: createUserDirectory(ctx.transports.user, ctx.internalToken),
          clock: ctx.clock,
          timeZone: cfg.SITE_TIME_ZONE,
          // the user service keeps credit_count per user: told after each booking
          userCounts: userCountsChanges(ctx.bus, ctx.log.child({ module: "user-counts" })),
          // settings.vip shows the cards on sale (the config service asks for them): a card write is a
          // settings change, heard by the config service and the gateway before the reply leaves
          async cardsChanged() {
            ctx.settings.invalidate();
            try {
              await ctx.bus.broadcast(CONFIG_CHANGED_SUBJECT, new Uint8Array());
            } catch (err) {
              // The card is saved: the settings' copies expire instead (their TTL).
              ctx.log.error({ err }, "vip cards: settings change broadcast failed");
            }
          },
        },
        (c) => {
          core = c;
        },
      );
      let sweeping: Promise<unknown> = Promise.resolve();
      const timer = setInterval(() => {
        sweeping = (core?.sweep() ?? Promise.resolve()).catch((err: unknown) =>
          ctx.log.error({ err }, "order sweep failed"),
        );
      }, SWEEP_MS);
      timer.unref();
      return {
        definition,
        async close() {
          clearInterval(timer);
          await sweeping;
          await db.$disconnect();
        },
      };
    } catch (err) {
      await db.$disconnect();
      throw err;
    }
  },
};

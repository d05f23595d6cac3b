import { readFileSync } from "node:fs";
import type { ServiceModule } from "@wenku/kit";
import { createVisitorLists } from "./cache.js";
import {
  createConverterHost,
  createEnabledLanguages,
  createSearchIndexAdmin,
  createSitemapAdmin,
  createStatsSources,
  createVipCardsOnSale,
  createVipCheck,
  createWechatPayCheck,
} from "./clients.js";
import { loadConfigConfig } from "./config.js";
import { CONFIG_SCHEMA, createDb } from "./db.js";
import { buildServer, createConfigDomain } from "./server.js";
import { startSitemapSchedule } from "./sitemap/sitemap.schedule.js";

export const migrationsDir = new URL("../prisma/migrations", import.meta.url).pathname;

const { version, license } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
  license: string;
};

/**
 * The config service as every runner starts it: every configuration key seeded (missing keys
 * inserted with their defaults, stored values untouched), then the RPC definition and the sitemap's
 * schedule; the visitors' lists (banners, friend links, ads) listen for other replicas' changes.
 */
export const service: ServiceModule = {
  name: "config",
  migrations: [{ schema: CONFIG_SCHEMA, dir: migrationsDir }],
  async start(ctx) {
    const config = loadConfigConfig(ctx.env);
    const db = createDb(ctx.databaseUrl);
    try {
      const { content, user, order, converter } = ctx.transports;
      const sitemap = createSitemapAdmin(content, ctx.internalToken);
      const deps = {
        db,
        bus: ctx.bus,
        authorizer: ctx.authorizer,
        internalToken: ctx.internalToken,
        log: ctx.log,
        languages: createEnabledLanguages(content, ctx.internalToken, ctx.log),
        vipCards: createVipCardsOnSale(order, ctx.internalToken, ctx.log),
        counters: createStatsSources({ user, content }, ctx.internalToken),
        searchIndex: createSearchIndexAdmin(content, ctx.internalToken),
        sitemap,
        host: createConverterHost(converter, content, ctx.internalToken),
        vip: createVipCheck(user, ctx.internalToken),
        wechatpay: createWechatPayCheck(order, ctx.internalToken),
        version,
        license,
        build: { hash: config.WENKU_BUILD_HASH, at: config.WENKU_BUILD_AT },
        siteGate: ctx.siteGate,
        settings: ctx.settings,
      };
      const configs = createConfigDomain(deps);
      const added = await configs.seed();
      if (added) ctx.log.info({ added }, "config keys seeded");
      const lists = createVisitorLists(ctx.bus);
      const stopLists = await lists.listen();
      const definition = buildServer(deps, configs, lists);
      const schedule = startSitemapSchedule({
        sitemap,
        async settings() {
          const v = await configs.values();
          return {
            autoUpdate: v.bool("sitemap", "auto_update"),
            intervalHours: v.int("sitemap", "update_interval_hours"),
          };
        },
        log: ctx.log.child({ module: "sitemap" }),
      });
      return {
        definition,
        async close() {
          await schedule.stop();
          stopLists();
          await db.$disconnect();
        },
      };
    } catch (err) {
      await db.$disconnect();
      throw err;
    }
  },
};

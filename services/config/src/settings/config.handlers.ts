import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import { type ConfigAPI, ConfigsSchema } from "@wenku/proto/api/v1/config_pb.js";
import type { SearchIndexAdmin, SitemapAdmin } from "../ports.js";
import type { StatsService } from "../stats/stats.service.js";
import type { ConfigService } from "./config.service.js";
import { toConfig, toRechargeSettings, toVipSettings } from "./settings.mapper.js";
import type { SettingsSnapshot } from "./settings.snapshot.js";

export interface ConfigHandlerDeps {
  configs: ConfigService;
  /** GetSettings' answers, kept until the settings (or the enabled languages) change. */
  settings: SettingsSnapshot;
  stats: StatsService;
  searchIndex: SearchIndexAdmin;
  sitemap: SitemapAdmin;
}

/** Thin RPC edge of ConfigAPI's settings RPCs. */
export function createConfigHandlers(deps: ConfigHandlerDeps): Partial<ServiceImpl<typeof ConfigAPI>> {
  const { configs } = deps;
  return {
    getSettings(_req, ctx) {
      // The services (internal credential) enforce the throttles; nobody else is told them.
      return actor(ctx).internal ? deps.settings.full() : deps.settings.public();
    },
    async listConfig(req) {
      return create(ConfigsSchema, { config: (await configs.list(req.category)).map(toConfig) });
    },
    async updateConfig(req) {
      await configs.update(req.config);
      return {};
    },
    async getVipSettings() {
      return toVipSettings(await configs.values());
    },
    async getStats(_req, ctx) {
      return deps.stats.stats(actor(ctx));
    },
    async getStatsTrend(req) {
      return deps.stats.trend(req);
    },
    async getRechargeSettings() {
      return toRechargeSettings(await configs.values());
    },
    async renewDocumentIndex() {
      await deps.searchIndex.rebuild();
      return {};
    },
    async getDocumentIndexStatus() {
      return deps.searchIndex.status();
    },
    async updateSitemap() {
      await deps.sitemap.rebuild();
      return {};
    },
  };
}

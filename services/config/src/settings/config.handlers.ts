import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import { type ConfigAPI, ConfigsSchema, type SettingsLanguage } from "@wenku/proto/api/v1/config_pb.js";
import type { SearchIndexAdmin, SitemapAdmin } from "../ports.js";
import type { StatsService } from "../stats/stats.service.js";
import type { ConfigService } from "./config.service.js";
import { publicSettings, toConfig, toRechargeSettings, toSettings, toVipSettings } from "./settings.mapper.js";

export interface ConfigHandlerDeps {
  configs: ConfigService;
  /** Enabled document languages (the content service owns them). */
  languages: () => Promise<SettingsLanguage[]>;
  version: string;
  stats: StatsService;
  searchIndex: SearchIndexAdmin;
  sitemap: SitemapAdmin;
}

/** Thin RPC edge of ConfigAPI's settings RPCs. */
export function createConfigHandlers(deps: ConfigHandlerDeps): Partial<ServiceImpl<typeof ConfigAPI>> {
  const { configs } = deps;
  return {
    async getSettings(_req, ctx) {
      const [values, languages] = await Promise.all([configs.values(), deps.languages()]);
      const full = toSettings(values, languages, deps.version);
      // The services (internal credential) enforce the throttles; nobody else is told them.
      return actor(ctx).internal ? full : publicSettings(full);
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

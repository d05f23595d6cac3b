import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import { type ConfigAPI, ConfigsSchema } from "@wenku/proto/api/v1/config_pb.js";
import type { ConverterHost, SearchIndexAdmin, SitemapAdmin, WechatPayCheck } from "../ports.js";
import type { StatsService } from "../stats/stats.service.js";
import { type ProgramInfo, toLicense } from "../system/license.js";
import type { ReleaseService } from "../system/release.service.js";
import type { ConfigService } from "./config.service.js";
import { toConfig, toRechargeSettings, toVipSettings } from "./settings.mapper.js";
import type { SettingsSnapshot } from "./settings.snapshot.js";

/** The services ConfigAPI's methods call. */
export interface ConfigDomain {
  configs: ConfigService;
  /** GetSettings' answers, kept until the settings (or the enabled languages) change. */
  settings: SettingsSnapshot;
  stats: StatsService;
  searchIndex: SearchIndexAdmin;
  sitemap: SitemapAdmin;
  /** The converter's environment and the host's resources, asked where documents are converted. */
  host: ConverterHost;
  releases: ReleaseService;
  program: ProgramInfo;
  /** GetWechatPayCert: asked from the order service, which holds the WeChat Pay provider. */
  wechatpay: WechatPayCheck;
}

/**
 * Thin RPC edge of ConfigAPI: the settings, the statistics, the search index and sitemap (the content
 * service's), and the system RPCs (environment, host, licence, releases, the WeChat Pay check).
 */
export function createConfigHandlers(deps: ConfigDomain): ServiceImpl<typeof ConfigAPI> {
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
      return toVipSettings((await deps.settings.public()).vip);
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
    // moredoc's button sets MySQL's sql_mode; PostgreSQL has none to set: accepted, nothing to do.
    setSQLMode: () => ({}),
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
    getEnvs: () => deps.host.envs(),
    getDeviceInfo: () => deps.host.device(),
    async getLicense() {
      return toLicense(await configs.values(), deps.program);
    },
    getWechatPayCert: (_req, ctx) => deps.wechatpay(ctx.signal),
    getLatestRelease: (_req, ctx) => deps.releases.latest(actor(ctx)),
    // Nothing to fetch: this build never asks the network (the reply's note says so).
    refreshLatestRelease: (_req, ctx) => deps.releases.latest(actor(ctx)),
    async ignoreRelease(req, ctx) {
      await deps.releases.ignore(actor(ctx), req.tagName);
      return {};
    },
    async setReleaseSource(req, ctx) {
      await deps.releases.setSource(actor(ctx), req.source);
      return {};
    },
  };
}

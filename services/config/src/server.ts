import {
  type Authorizer,
  type Broadcaster,
  CONFIG_CHANGED_SUBJECT,
  defineService,
  type Logger,
  type ServiceDefinition,
  type SettingsReader,
  type SiteGate,
} from "@wenku/kit";
import { createSmtpMailer } from "@wenku/kit/mail";
import { AdvertisementAPI } from "@wenku/proto/api/v1/advertisement_pb.js";
import { BannerAPI } from "@wenku/proto/api/v1/banner_pb.js";
import { ConfigInternalAPI } from "@wenku/proto/api/v1/config_internal_pb.js";
import { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { FriendlinkAPI } from "@wenku/proto/api/v1/friendlink_pb.js";
import { HealthAPI } from "@wenku/proto/api/v1/health_pb.js";
import { NavigationAPI } from "@wenku/proto/api/v1/navigation_pb.js";
import { createAdvertisementHandlers } from "./advertisement/advertisement.handlers.js";
import { createAdvertisementRepository } from "./advertisement/advertisement.repository.js";
import { createAdvertisementService } from "./advertisement/advertisement.service.js";
import { createBannerHandlers } from "./banner/banner.handlers.js";
import { createBannerRepository } from "./banner/banner.repository.js";
import { createBannerService } from "./banner/banner.service.js";
import type { VisitorLists } from "./cache.js";
import type { Db } from "./db.js";
import { createFriendlinkHandlers } from "./friendlink/friendlink.handlers.js";
import { createFriendlinkRepository } from "./friendlink/friendlink.repository.js";
import { createFriendlinkService } from "./friendlink/friendlink.service.js";
import { createHealthHandlers } from "./health/health.handlers.js";
import { createNavigationHandlers } from "./navigation/navigation.handlers.js";
import { createNavigationRepository } from "./navigation/navigation.repository.js";
import { createNavigationService } from "./navigation/navigation.service.js";
import type {
  ConverterHost,
  EnabledLanguages,
  SearchIndexAdmin,
  SitemapAdmin,
  StatsSources,
  VipCardsOnSale,
  VipCheck,
  WechatPayCheck,
} from "./ports.js";
import { createConfigHandlers } from "./settings/config.handlers.js";
import { createConfigInternalHandlers } from "./settings/config.internal.handlers.js";
import { createConfigRepository } from "./settings/config.repository.js";
import { type ConfigService, createConfigService } from "./settings/config.service.js";
import { createSettingsSnapshot } from "./settings/settings.snapshot.js";
import { createLocalCounts } from "./stats/stats.repository.js";
import { createStatsService } from "./stats/stats.service.js";
import { createReleaseService } from "./system/release.service.js";

export interface ConfigServerDeps {
  db: Db;
  bus: Broadcaster;
  authorizer: Authorizer;
  internalToken: string;
  log: Logger;
  /** The content service's enabled document languages, for the public settings. */
  languages: EnabledLanguages;
  /** The order service's VIP cards on sale, for the public settings (settings.vip). */
  vipCards: VipCardsOnSale;
  /** The user and content services' counters, for the statistics. */
  counters: StatsSources;
  /** The content service's search index, rebuilt from the config API. */
  searchIndex: SearchIndexAdmin;
  /** The content service's sitemap, rebuilt from the config API. */
  sitemap: SitemapAdmin;
  /** The content service's host: the converter's tools and the machine, for the system pages. */
  host: ConverterHost;
  /** The user service's VIP state: VIP users see no ads. */
  vip: VipCheck;
  /** The order service's WeChat Pay check (it holds the payment providers). */
  wechatpay: WechatPayCheck;
  /** Program version shown in the public settings. */
  version: string;
  /** The program's licence (SPDX id from package.json), for GetLicense. */
  license: string;
  /** Build details shown to staff in the statistics. */
  build?: { hash?: string; at?: Date };
  siteGate?: SiteGate;
  /**
   * This process's settings reader: a save drops it directly, before the broadcast comes round. Its
   * change signal (this process's saves and every CONFIG_CHANGED_SUBJECT broadcast: other replicas'
   * saves, the content service's language changes) drops GetSettings' kept answers.
   */
  settings: Pick<SettingsReader, "invalidate" | "onChange">;
}

/** Each step of the test mail's SMTP conversation; the whole stays within the gateway's 30 s deadline. */
const MAIL_TIMEOUT_MS = 8_000;

/** The config service's domain, for start-up seeding and for buildServer. */
export function createConfigDomain(deps: Pick<ConfigServerDeps, "db" | "bus" | "settings">): ConfigService {
  return createConfigService({
    repo: createConfigRepository(deps.db),
    async onChanged() {
      deps.settings.invalidate();
      await deps.bus.broadcast(CONFIG_CHANGED_SUBJECT, new Uint8Array());
    },
    sendMail: (smtp, mail) => createSmtpMailer(smtp, { timeoutMs: MAIL_TIMEOUT_MS }).send(mail),
  });
}

/**
 * The config service: settings, navigation, banners, friend links and advertisements. Wired
 * repositories → domain services → handlers; the other services are reached through the ports of
 * ports.ts. `configs` (seeded) and `lists` (listening) come from service.ts, which starts them first.
 */
export function buildServer(deps: ConfigServerDeps, configs: ConfigService, lists: VisitorLists): ServiceDefinition {
  const settings = createSettingsSnapshot({
    values: configs.values,
    languages: deps.languages,
    vipCards: deps.vipCards,
    version: deps.version,
    changes: deps.settings,
  });
  const stats = createStatsService({
    sources: deps.counters,
    local: createLocalCounts(deps.db),
    searchIndex: deps.searchIndex,
    version: deps.version,
    build: deps.build,
  });
  const navigation = createNavigationService(createNavigationRepository(deps.db));
  const banners = createBannerService({ repo: createBannerRepository(deps.db), lists });
  const friendlinks = createFriendlinkService({ repo: createFriendlinkRepository(deps.db), lists });
  const ads = createAdvertisementService({
    repo: createAdvertisementRepository(deps.db),
    lists,
    vip: deps.vip,
  });
  return defineService({
    name: "config",
    log: deps.log,
    authorizer: deps.authorizer,
    internalToken: deps.internalToken,
    siteGate: deps.siteGate,
    readiness: [async () => void (await deps.db.$queryRaw`SELECT 1`)],
    impls: [
      [
        ConfigAPI,
        createConfigHandlers({
          configs,
          settings,
          stats,
          searchIndex: deps.searchIndex,
          sitemap: deps.sitemap,
          host: deps.host,
          releases: createReleaseService({ configs, version: deps.version }),
          program: { version: deps.version, license: deps.license },
          wechatpay: deps.wechatpay,
        }),
      ],
      [ConfigInternalAPI, createConfigInternalHandlers(configs)],
      [NavigationAPI, createNavigationHandlers(navigation)],
      [BannerAPI, createBannerHandlers(banners)],
      [FriendlinkAPI, createFriendlinkHandlers(friendlinks)],
      [AdvertisementAPI, createAdvertisementHandlers(ads)],
      [HealthAPI, createHealthHandlers()],
    ],
  });
}

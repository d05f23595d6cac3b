import type { DailyCount } from "@wenku/kit";
import type { DeviceInfo, Envs, SettingsLanguage, WechatPayCert } from "@wenku/proto/api/v1/config_pb.js";
import type { ContentStats } from "@wenku/proto/api/v1/content_internal_pb.js";
import type { SearchIndexStatus } from "@wenku/proto/api/v1/search_pb.js";
import type { VipCard } from "@wenku/proto/api/v1/vip_pb.js";

// What the config service needs from the other services, as interfaces: the domain depends on these,
// service.ts wires the implementations (Connect clients over the service transports, clients.ts) in.

/** ContentInternalAPI.GetContentStats: the contract's counters, as plain data. */
export type ContentCounters = Omit<ContentStats, "$typeName" | "$unknown">;

/** The counters the site statistics gather from the services that own the records. */
export interface StatsSources {
  userCount(): Promise<number>;
  contentCounters(): Promise<ContentCounters>;
  /** Users registered per day (UserInternalAPI.GetUserDailyCounts). */
  userDaily(days: number, timeZone: string): Promise<DailyCount[]>;
  /** Documents, conversions and downloads per day (ContentInternalAPI.GetContentDailyCounts). */
  contentDaily(days: number, timeZone: string): Promise<ContentDaily>;
}

export interface ContentDaily {
  documents: DailyCount[];
  conversions: DailyCount[];
  conversionFailures: DailyCount[];
  downloads: DailyCount[];
}

/**
 * The enabled document languages (the content service owns them, and broadcasts a settings change
 * when they change); null when it cannot answer (the cause logged).
 */
export type EnabledLanguages = () => Promise<SettingsLanguage[] | null>;

/**
 * The VIP cards on sale, in /joinvip's order (the order service owns them, and broadcasts a settings
 * change when one is written): settings.vip shows their figures. null when it cannot answer (logged).
 */
export type VipCardsOnSale = () => Promise<VipCard[] | null>;

/** The content service's search index, administered from the config API (it owns the work). */
export interface SearchIndexAdmin {
  /** Starts a rebuild (or joins the one under way); answers the status at once. */
  rebuild(): Promise<SearchIndexStatus>;
  status(): Promise<SearchIndexStatus>;
}

/** The content service's sitemap (it owns the rows listed), rebuilt from the config API and its schedule. */
export interface SitemapAdmin {
  /**
   * Writes the sitemap and resolves when it is written; with `maxAgeSeconds` > 0 one younger than
   * that is left alone. Resolves to whether this call wrote it. `signal` stops waiting (not the build).
   */
  rebuild(maxAgeSeconds?: number, signal?: AbortSignal): Promise<boolean>;
}

/** The host the content service runs on, where documents are converted and files kept. */
export interface ConverterHost {
  /** The converter's tools and fonts, probed now by a converter (ConverterInternalAPI). */
  envs(): Promise<Envs>;
  /** CPU, memory and the disks of the file storage and the conversions' work. */
  device(): Promise<DeviceInfo>;
}

/** Whether a user is VIP now (the user service keeps the membership's end): VIP users see no ads. */
export type VipCheck = (userId: bigint) => Promise<boolean>;

/**
 * The operator's "check WeChat Pay" (OrderInternalAPI.CheckWechatPay): the order service holds the
 * provider and downloads the platform certificates now; its refusals pass through as they are.
 */
export type WechatPayCheck = (signal?: AbortSignal) => Promise<WechatPayCert>;

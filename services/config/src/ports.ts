import type { SettingsLanguage } from "@wenku/proto/api/v1/config_pb.js";

// What the config service needs from the other services, as interfaces: the domain depends on these,
// server.ts wires the implementations (Connect clients over the service transports, clients.ts) in.

/** ContentInternalAPI.GetContentStats, in the domain's words. */
export interface ContentCounters {
  documentCount: number;
  categoryCount: number;
  articleCount: number;
  commentCount: number;
  reportCount: number;
  documentPendingReviewCount: number;
  documentConvertFailedCount: number;
  documentConvertingCount: number;
}

/** The counters the site statistics gather from the services that own the records. */
export interface StatsSources {
  userCount(): Promise<number>;
  contentCounters(): Promise<ContentCounters>;
}

/** The enabled document languages (the content service owns them); empty when it cannot answer. */
export type EnabledLanguages = () => Promise<SettingsLanguage[]>;

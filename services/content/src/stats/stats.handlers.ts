// The counters other services ask the content service for: ContentInternalAPI (site statistics) and
// DocumentInternalAPI (each user's doc_count).
import type { ServiceImpl } from "@connectrpc/connect";
import type { ContentInternalAPI, DocumentInternalAPI } from "@wenku/proto/api/v1/internal_pb.js";
import type { StatsService } from "./stats.service.js";

export function createContentInternalHandlers(
  stats: StatsService,
): Pick<ServiceImpl<typeof ContentInternalAPI>, "getContentStats" | "getContentDailyCounts"> {
  return {
    async getContentStats() {
      return stats.contentStats();
    },
    async getContentDailyCounts(req) {
      const d = await stats.daily(req.days, req.timeZone);
      return {
        documents: d.documents,
        conversions: d.conversions,
        conversionFailures: d.failures,
        downloads: d.downloads,
      };
    },
  };
}

export function createDocumentInternalHandlers(stats: StatsService): ServiceImpl<typeof DocumentInternalAPI> {
  return {
    async countUserDocuments(req) {
      const perUser = await stats.documentsPerUser(req.userId);
      return { count: [...perUser].map(([userId, docCount]) => ({ userId, docCount })) };
    },
  };
}

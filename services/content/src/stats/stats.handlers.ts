// The counters other services ask the content service for: ContentInternalAPI (site statistics) and
// DocumentInternalAPI (each user's doc_count, article_count and favorite_count).
import type { ServiceImpl } from "@connectrpc/connect";
import type { ContentInternalAPI, DocumentInternalAPI } from "@wenku/proto/api/v1/content_internal_pb.js";
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

/** Counts the user service shows on profiles: documents and articles (stats), favorites (the favorites slice). */
export function createDocumentInternalHandlers(
  stats: StatsService,
  favorites: { perUser(ids: readonly bigint[]): Promise<Map<bigint, number>> },
): Pick<ServiceImpl<typeof DocumentInternalAPI>, "countUserDocuments"> {
  return {
    async countUserDocuments(req) {
      // public_only: a profile shown to others counts what everyone may see
      const documents = await stats.documentsPerUser(req.userId, req.publicOnly); // refuses too many users first
      const ids = [...new Set(req.userId)].filter((id) => id > 0n);
      const [articles, favorited] = await Promise.all([
        stats.articlesPerUser(ids, req.publicOnly),
        favorites.perUser(ids),
      ]);
      const users = new Set([...documents.keys(), ...articles.keys(), ...favorited.keys()]);
      return {
        count: [...users].map((userId) => ({
          userId,
          docCount: documents.get(userId) ?? 0,
          articleCount: articles.get(userId) ?? 0,
          favoriteCount: favorited.get(userId) ?? 0,
        })),
      };
    },
  };
}

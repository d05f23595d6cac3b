// The content service's counters for other services: the site statistics (ConfigAPI.GetStats asks
// through ContentInternalAPI: which statuses count as pending review, failed and still converting)
// and each user's doc_count, article_count and favorite_count (the user service asks through
// DocumentInternalAPI).
import { DomainError } from "@wenku/kit";
import type { ContentStats as ContentStatsMessage } from "@wenku/proto/api/v1/content_internal_pb.js";
import { DocStatus } from "../documents/visibility.js";
import type { StatsRepository } from "./stats.repository.js";

/** The counters ContentInternalAPI.GetContentStats answers (the contract's message, as plain data). */
export type ContentStats = Omit<ContentStatsMessage, "$typeName" | "$unknown">;

/** The longest trend a service counts (ConfigAPI.GetStatsTrend asks for at most 90 days). */
export const MAX_TREND_DAYS = 366;

/** CountUserDocuments answers at most this many users per call. */
export const MAX_COUNTED_USERS = 1000;

/** The users of a CountUserDocuments request: positive, deduplicated, at most MAX_COUNTED_USERS. */
function countedUsers(ids: readonly bigint[]): bigint[] {
  if (ids.length > MAX_COUNTED_USERS)
    throw new DomainError("invalid_argument", `一次最多统计 ${MAX_COUNTED_USERS} 个用户`);
  return [...new Set(ids)].filter((id) => id > 0n);
}

/** The favorites slice's count per user (favorites whose document or article is not in the recycle bin). */
export interface FavoriteCounts {
  perUser(ids: readonly bigint[]): Promise<Map<bigint, number>>;
}

/** One user's counts as CountUserDocuments answers them. */
export interface UserDocumentCount {
  userId: bigint;
  docCount: number;
  articleCount: number;
  favoriteCount: number;
}

export function createStatsService(repo: StatsRepository, favorites: FavoriteCounts) {
  const documentsPerUser = async (ids: readonly bigint[], publicOnly = false): Promise<Map<bigint, number>> =>
    repo.liveDocumentsPerUser(countedUsers(ids), publicOnly);
  const articlesPerUser = async (ids: readonly bigint[], publicOnly = false): Promise<Map<bigint, number>> =>
    repo.liveArticlesPerUser(countedUsers(ids), publicOnly);
  return {
    /**
     * Live documents (not in the recycle bin; any status, or with `publicOnly` those everyone may see)
     * per user; users without any are absent.
     */
    documentsPerUser,

    /** Live articles (any review status, or approved only with `publicOnly`) per user; users without any are absent. */
    articlesPerUser,

    /**
     * CountUserDocuments: each user's documents, articles (with `publicOnly` what everyone may see: a
     * profile shown to others) and favorites; users without any of them are absent.
     */
    async userCounts(ids: readonly bigint[], publicOnly: boolean): Promise<UserDocumentCount[]> {
      const documents = await documentsPerUser(ids, publicOnly); // refuses too many users first
      const users = countedUsers(ids);
      const [articles, favorited] = await Promise.all([articlesPerUser(users, publicOnly), favorites.perUser(users)]);
      const counted = new Set([...documents.keys(), ...articles.keys(), ...favorited.keys()]);
      return [...counted].map((userId) => ({
        userId,
        docCount: documents.get(userId) ?? 0,
        articleCount: articles.get(userId) ?? 0,
        favoriteCount: favorited.get(userId) ?? 0,
      }));
    },

    /** Per-day series for the dashboard's trend; `days` and `timeZone` were checked by the config service. */
    async daily(days: number, timeZone: string) {
      if (!Number.isInteger(days) || days < 1 || days > MAX_TREND_DAYS)
        throw new DomainError("invalid_argument", `统计天数须在 1 到 ${MAX_TREND_DAYS} 之间`);
      return repo.daily(days, timeZone || "UTC");
    },

    async contentStats(): Promise<ContentStats> {
      const [
        byStatus,
        categoryCount,
        articleCount,
        commentCount,
        reportCount,
        publicDocumentCount,
        publicCategoryCount,
        publicArticleCount,
        publicCommentCount,
      ] = await Promise.all([
        repo.liveDocumentsByStatus(),
        repo.categoryCount(),
        repo.liveArticleCount(),
        repo.commentCount(),
        repo.reportCount(),
        repo.publicDocumentCount(),
        repo.publicCategoryCount(),
        repo.publicArticleCount(),
        repo.publicCommentCount(),
      ]);
      const count = (...statuses: number[]) => statuses.reduce((n, s) => n + (byStatus.get(s) ?? 0), 0);
      return {
        documentCount: [...byStatus.values()].reduce((n, c) => n + c, 0),
        categoryCount,
        articleCount,
        commentCount,
        reportCount,
        documentPendingReviewCount: count(DocStatus.pendingReview),
        documentConvertFailedCount: count(DocStatus.failed),
        documentConvertingCount: count(DocStatus.pending, DocStatus.converting, DocStatus.reconvert),
        publicDocumentCount,
        publicCategoryCount,
        publicArticleCount,
        publicCommentCount,
      };
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;

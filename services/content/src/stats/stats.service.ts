// The content service's counters for the site statistics (ConfigAPI.GetStats asks through
// ContentInternalAPI): which statuses count as pending review, failed and still converting.
import { DocStatus } from "../documents/visibility.js";
import type { StatsRepository } from "./stats.repository.js";

export interface ContentStats {
  documentCount: number;
  categoryCount: number;
  articleCount: number;
  commentCount: number;
  reportCount: number;
  documentPendingReviewCount: number;
  documentConvertFailedCount: number;
  documentConvertingCount: number;
}

export function createStatsService(repo: Pick<StatsRepository, "liveDocumentsByStatus" | "categoryCount">) {
  return {
    async contentStats(): Promise<ContentStats> {
      const [byStatus, categoryCount] = await Promise.all([repo.liveDocumentsByStatus(), repo.categoryCount()]);
      const count = (...statuses: number[]) => statuses.reduce((n, s) => n + (byStatus.get(s) ?? 0), 0);
      return {
        documentCount: [...byStatus.values()].reduce((n, c) => n + c, 0),
        categoryCount,
        // Articles, comments and reports are not built yet: there are none to count.
        articleCount: 0,
        commentCount: 0,
        reportCount: 0,
        documentPendingReviewCount: count(DocStatus.pendingReview),
        documentConvertFailedCount: count(DocStatus.failed),
        documentConvertingCount: count(DocStatus.pending, DocStatus.converting, DocStatus.reconvert),
      };
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;

// ContentInternalAPI: counters of the content service's records for the site statistics.
import type { ServiceImpl } from "@connectrpc/connect";
import type { ContentInternalAPI } from "@wenku/proto/api/v1/internal_pb.js";
import type { Db } from "../db.js";
import { DocStatus } from "../documents/visibility.js";

export function createContentInternalHandlers(db: Db): ServiceImpl<typeof ContentInternalAPI> {
  return {
    async getContentStats() {
      const [byStatus, categoryCount] = await Promise.all([
        db.document.groupBy({ by: ["status"], where: { deletedAt: null }, _count: { _all: true } }),
        db.category.count(),
      ]);
      const count = (...statuses: number[]) =>
        byStatus.filter((r) => statuses.includes(r.status)).reduce((n, r) => n + r._count._all, 0);
      return {
        documentCount: byStatus.reduce((n, r) => n + r._count._all, 0),
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

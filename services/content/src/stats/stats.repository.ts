// The only module that touches Prisma for the counters other services ask for: counts, nothing else.
import { countPerDay, type DailyCount, visibleTreeRows } from "@wenku/kit";
import { Prisma } from "../../gen/prisma/client.js";
import { ArticleStatus } from "../articles/article.rules.js";
import { CommentStatus } from "../comments/comment.rules.js";
import type { Db } from "../db.js";
import { PUBLIC_STATUSES } from "../documents/visibility.js";

/** Category.type of document categories (1: articles). The counters name document categories only. */
const DOCUMENT_CATEGORY = 0;

export function createStatsRepository(db: Db) {
  return {
    /** Documents outside the recycle bin, counted per status. */
    async liveDocumentsByStatus(): Promise<Map<number, number>> {
      const rows = await db.document.groupBy({ by: ["status"], where: { deletedAt: null }, _count: { _all: true } });
      return new Map(rows.map((r) => [r.status, r._count._all]));
    },

    /** Document categories (article categories are the articles' business, not the library's). */
    categoryCount: async (): Promise<number> => db.category.count({ where: { type: DOCUMENT_CATEGORY } }),

    /** Documents everyone may see (visibility.ts): out of the recycle bin, in a public status. */
    publicDocumentCount: async (): Promise<number> =>
      db.document.count({ where: { deletedAt: null, status: { in: [...PUBLIC_STATUSES] } } }),

    /** Document categories visitors are shown: enabled, under enabled ancestors (the kit's tree rule). */
    async publicCategoryCount(): Promise<number> {
      const rows = await db.category.findMany({
        where: { type: DOCUMENT_CATEGORY },
        select: { id: true, parentId: true, title: true, enable: true },
      });
      return visibleTreeRows(rows).length;
    },

    /** Approved articles out of the recycle bin. */
    publicArticleCount: async (): Promise<number> =>
      db.article.count({ where: { deletedAt: null, status: ArticleStatus.approved } }),

    /** Approved comments on documents and articles everyone may see. */
    async publicCommentCount(): Promise<number> {
      const [row] = await db.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM comments c
        LEFT JOIN documents d ON d.id = c.document_id
        LEFT JOIN articles a ON a.id = c.article_id
        WHERE c.status = ${CommentStatus.approved}
          AND ((d.id IS NOT NULL AND d.deleted_at IS NULL AND d.status IN (${Prisma.join([...PUBLIC_STATUSES])}))
            OR (a.id IS NOT NULL AND a.deleted_at IS NULL AND a.status = ${ArticleStatus.approved}))`;
      return row?.n ?? 0;
    },

    /** Articles outside the recycle bin (any review status). */
    liveArticleCount: async (): Promise<number> => db.article.count({ where: { deletedAt: null } }),

    /** Every comment on documents and articles, in any review status. */
    commentCount: async (): Promise<number> => db.comment.count(),

    /** Every report, open or handled. */
    reportCount: async (): Promise<number> => db.report.count(),

    /** Per local day: documents uploaded (the recycle bin's too), conversions ended ok or failed, download links. */
    async daily(
      days: number,
      timeZone: string,
    ): Promise<Record<"documents" | "conversions" | "failures" | "downloads", DailyCount[]>> {
      const [documents, conversions, failures, downloads] = await Promise.all([
        countPerDay(db, { table: "documents", column: "created_at" }, days, timeZone),
        countPerDay(db, { table: "conversion_log", column: "finished_at", where: "t.ok" }, days, timeZone),
        countPerDay(db, { table: "conversion_log", column: "finished_at", where: "NOT t.ok" }, days, timeZone),
        countPerDay(db, { table: "downloads", column: "created_at" }, days, timeZone),
      ]);
      return { documents, conversions, failures, downloads };
    },

    /**
     * Live documents (outside the recycle bin, any status; public statuses only with `publicOnly`) per
     * user among `userIds`; users without any are absent.
     */
    async liveDocumentsPerUser(userIds: readonly bigint[], publicOnly = false): Promise<Map<bigint, number>> {
      if (!userIds.length) return new Map();
      const rows = await db.document.groupBy({
        by: ["userId"],
        where: {
          userId: { in: [...userIds] },
          deletedAt: null,
          ...(publicOnly ? { status: { in: [...PUBLIC_STATUSES] } } : {}),
        },
        _count: { _all: true },
      });
      return new Map(rows.map((r) => [r.userId, r._count._all]));
    },

    /** Live articles (outside the recycle bin, any review status; approved only with `publicOnly`) per user. */
    async liveArticlesPerUser(userIds: readonly bigint[], publicOnly = false): Promise<Map<bigint, number>> {
      if (!userIds.length) return new Map();
      const rows = await db.article.groupBy({
        by: ["userId"],
        where: {
          userId: { in: [...userIds] },
          deletedAt: null,
          ...(publicOnly ? { status: ArticleStatus.approved } : {}),
        },
        _count: { _all: true },
      });
      return new Map(rows.map((r) => [r.userId, r._count._all]));
    },
  };
}
export type StatsRepository = ReturnType<typeof createStatsRepository>;

import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { keepFields } from "@wenku/kit";
import { type Article, ArticleSchema, ArticleUserSchema } from "@wenku/proto/api/v1/article_pb.js";
import type { ReviewStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { toCategory } from "../categories/category.mapper.js";
import type { UserBrief } from "../ports.js";
import type { ArticleRow } from "./article.repository.js";

export interface ArticleExtras {
  users?: ReadonlyMap<bigint, UserBrief>;
  /** The review's reason: for the author and staff only (lists of others' articles never carry it). */
  showReason?: boolean;
}

/** Shown as the publisher of an article whose account is gone (deleted, or never known). */
export const GONE_PUBLISHER = "已注销用户";

/**
 * The article as clients read it: `user` always set (moredoc clients read article.user.username), a
 * placeholder with the row's user_id when the user service does not know the publisher.
 */
export function toArticle(row: ArticleRow, extras: ArticleExtras = {}): Article {
  const publisher = extras.users?.get(row.userId) ?? { id: row.userId, username: GONE_PUBLISHER, avatar: "" };
  const categories = row.categories.map((l) => l.category).sort((a, b) => Number(a.id - b.id));
  return create(ArticleSchema, {
    id: row.id,
    identifier: row.identifier,
    author: row.author,
    viewCount: row.viewCount,
    title: row.title,
    keywords: row.keywords,
    description: row.description,
    content: row.content,
    createdAt: timestampFromDate(row.createdAt),
    updatedAt: timestampFromDate(row.updatedAt),
    deletedAt: row.deletedAt ? timestampFromDate(row.deletedAt) : undefined,
    categoryId: categories.map((c) => c.id),
    category: categories.map(toCategory),
    favoriteCount: row.favoriteCount,
    commentCount: row.commentCount,
    recommendAt: row.recommendAt ? timestampFromDate(row.recommendAt) : undefined,
    isRecommend: row.recommendAt !== null,
    noticeAt: row.noticeAt ? timestampFromDate(row.noticeAt) : undefined,
    isNotice: row.noticeAt !== null,
    userId: row.userId,
    user: create(ArticleUserSchema, { id: publisher.id, username: publisher.username, avatar: publisher.avatar }),
    status: row.status as ReviewStatus,
    rejectReason: extras.showReason ? row.rejectReason : "",
    source: row.source,
    sourceUrl: row.sourceUrl,
    username: publisher.username,
  });
}

/** Kept whatever fields are asked for: clients build links from these. */
const ALWAYS_KEPT = new Set(["id", "identifier"]);

/** moredoc's `field` rule (kit keepFields): only the requested fields, id and identifier always. */
export const pickArticleFields = (a: Article, fields: readonly string[]): Article =>
  keepFields(ArticleSchema, a, fields, ALWAYS_KEPT);

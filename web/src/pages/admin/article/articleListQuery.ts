import type { MessageInitShape } from "@bufbuild/protobuf";
import { type Article, ArticleAPI, type ListArticleRequestSchema } from "@wenku/proto/api/v1/article_pb.js";
import type { ReviewStatus } from "@wenku/proto/api/v1/enums_pb.js";
import type { ColumnType } from "antd/es/table";
import type { ListQuery } from "../../../components/admin/list/useAdminList.js";
import { idKey } from "../../../components/common/format.js";
import { REVIEW_STATUSES } from "../../../components/common/ReviewStatusTag.js";
import type { Translate } from "../../../i18n/I18nProvider.js";

export const ARTICLE_API = "/api.v1.ArticleAPI";

/** Every article change shows in both lists (the articles and the bin live in one service). */
export const ARTICLE_SERVICES = [ArticleAPI] as const;

const numericId = (value: string | undefined) => (value && /^\d+$/.test(value) ? BigInt(value) : undefined);

/** The review statuses named by the URL's `status=0,2` (unknown values dropped). */
export const statusesOf = (raw: string | undefined): ReviewStatus[] =>
  (raw ?? "")
    .split(",")
    .filter((v) => /^\d+$/.test(v))
    .map(Number)
    .filter((v): v is ReviewStatus => REVIEW_STATUSES.includes(v as ReviewStatus));

/**
 * The URL's list query as ListArticle's request (`?status=0&categoryId=3&recommend=1&wd=…`), newest
 * first; the recycle bin takes the same.
 */
export function articleListRequest({
  page,
  size,
  wd,
  filters,
}: ListQuery): MessageInitShape<typeof ListArticleRequestSchema> {
  const categoryId = numericId(filters.categoryId);
  return {
    page: BigInt(page),
    size: BigInt(size),
    wd: wd.trim(),
    status: statusesOf(filters.status),
    categoryId: categoryId ? [categoryId] : [],
    isRecommend: filters.recommend === "1" ? [true] : filters.recommend === "0" ? [false] : [],
  };
}

/** Who published the article (wide screens only). */
export const publisherColumn = (t: Translate): ColumnType<Article> => ({
  title: t("adm.article.publisher"),
  key: "user",
  responsive: ["lg"],
  render: (_, a) => a.username || a.user?.username || `#${idKey(a.userId)}`,
});

/** The article's public address: its identifier when it has one, else its id. */
export const articlePath = (a: Pick<Article, "id" | "identifier">): string =>
  `/article/${encodeURIComponent(a.identifier || String(a.id))}`;

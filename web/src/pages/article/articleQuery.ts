// The article pages' addresses and requests, as plain functions (unit-tested): where an article lives
// (/article/<identifier or id>), how /article/:id names it for GetArticle, and which ListArticle
// request the /article list's query (?category_id=&sort=&page=) asks.
import type { Article } from "@wenku/proto/api/v1/article_pb.js";

/** Articles per page of the /article list. */
export const ARTICLE_PAGE_SIZE = 15;

/** The list's orders: the server's named sorts (ListArticleRequest.sort). */
export const ARTICLE_SORTS = ["latest", "recommend", "popular"] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];

/** Columns a list needs (never the HTML body). */
export const LIST_FIELDS = [
  "id",
  "identifier",
  "title",
  "description",
  "author",
  "user_id",
  "username",
  "view_count",
  "created_at",
  "category_id",
  "is_recommend",
  "status",
  "reject_reason",
];

/** An article's reader page: its identifier when it has one (readable URLs), else its id. */
export const articlePath = (a: Pick<Article, "id" | "identifier">): string =>
  `/article/${encodeURIComponent(a.identifier || String(a.id))}`;

/** /post?id=N: the editor opened on an article. */
export const editPath = (a: Pick<Article, "id">): string => `/post?id=${a.id}`;

/** What /article/:id names: digits are an id (identifiers are never digits only), anything else an identifier. */
export function articleRef(param: string | undefined): { id: bigint; identifier: string } | null {
  const value = (param ?? "").trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) {
    const id = value.length <= 19 ? BigInt(value) : 0n;
    return id > 0n && id <= 9_223_372_036_854_775_807n ? { id, identifier: "" } : null;
  }
  return /^[A-Za-z0-9_-]{1,64}$/.test(value) ? { id: 0n, identifier: value } : null;
}

export interface ArticleListState {
  categoryId: bigint | null;
  sort: ArticleSort;
  page: number;
}

/** The list's state from its query string; anything malformed falls back to the default. */
export function readListState(params: URLSearchParams): ArticleListState {
  const rawCategory = params.get("category_id") ?? "";
  const categoryId = /^\d{1,18}$/.test(rawCategory) && BigInt(rawCategory) > 0n ? BigInt(rawCategory) : null;
  const rawSort = params.get("sort") ?? "";
  const sort = (ARTICLE_SORTS as readonly string[]).includes(rawSort) ? (rawSort as ArticleSort) : "latest";
  const rawPage = Number(params.get("page"));
  const page = Number.isInteger(rawPage) && rawPage > 1 && rawPage <= 10_000 ? rawPage : 1;
  return { categoryId, sort, page };
}

/** The query string of a list state: defaults left out, so the plain /article is the first page. */
export function listSearch(state: ArticleListState): string {
  const q = new URLSearchParams();
  if (state.categoryId !== null) q.set("category_id", String(state.categoryId));
  if (state.sort !== "latest") q.set("sort", state.sort);
  if (state.page > 1) q.set("page", String(state.page));
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** The ListArticle request of a list state ("recommend" lists the recommended articles only). */
export function listRequest(state: ArticleListState, size = ARTICLE_PAGE_SIZE) {
  return {
    page: BigInt(state.page),
    size: BigInt(size),
    sort: state.sort,
    field: LIST_FIELDS,
    categoryId: state.categoryId === null ? [] : [state.categoryId],
    isRecommend: state.sort === "recommend" ? [true] : [],
  };
}

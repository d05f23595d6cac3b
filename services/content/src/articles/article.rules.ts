// Who sees which article, the article fields' rules and ListArticle's query.
import { type CallContext, cleanName, cleanText, DomainError, paging } from "@wenku/kit";
import {
  DEFAULT_SIZE,
  PRIVILEGED_MAX_SIZE,
  PUBLIC_MAX_SIZE,
  parseDate,
  parseOrderBy,
} from "../documents/document.filters.js";
import { bad } from "../documents/document.rules.js";
import type { ArticleFilter, ArticleSort, ArticleSortColumn } from "./article.repository.js";

/** api.v1.ReviewStatus as stored in articles.status. */
export const ArticleStatus = { pending: 0, approved: 1, rejected: 2 } as const;
const STATUSES: readonly number[] = Object.values(ArticleStatus);

export const notFound = () => new DomainError("not_found", "文章不存在");

const IDENTIFIER = /^[A-Za-z0-9_-]{1,64}$/;
/** The HTML of one article, after sanitising, at most this many characters. */
export const CONTENT_MAX = 1_000_000;
const AUTHOR_MAX = 64;
const REASON_MAX = 255;

export interface ArticleVisibility {
  userId: bigint;
  status: number;
  deletedAt: Date | null;
}

export const isPublic = (a: Pick<ArticleVisibility, "status" | "deletedAt">) =>
  a.deletedAt === null && a.status === ArticleStatus.approved;

export const isAuthor = (a: Pick<ArticleVisibility, "userId">, call: CallContext) =>
  call.identity !== null && call.identity.userId === a.userId;

/**
 * Approved articles for everyone; any other live article for its author and for staff granted the
 * (elevated) RPC being served; articles in the recycle bin for staff only.
 */
export function canSee(a: ArticleVisibility, call: CallContext): boolean {
  if (isPublic(a)) return true;
  if (call.identity?.granted) return true;
  return a.deletedAt === null && isAuthor(a, call);
}

/** An identifier as URLs carry it (/article/about): letters, digits, - and _; never digits only (ids). */
export function checkIdentifier(raw: string): string {
  const id = raw.trim();
  if (!IDENTIFIER.test(id)) throw bad("文章标识只能包含字母、数字、- 和 _，且不超过64个字符");
  if (/^\d+$/.test(id)) throw bad("文章标识不能全是数字");
  return id;
}

export function checkAuthor(raw: string): string {
  const author = cleanName(raw);
  if ([...author].length > AUTHOR_MAX) throw bad(`作者不能超过${AUTHOR_MAX}个字符`);
  return author;
}

export function checkStatus(status: number): number {
  if (!STATUSES.includes(status)) throw bad("文章状态不正确");
  return status;
}

export function checkReason(raw: string): string {
  const reason = cleanText(raw);
  if ([...reason].length > REASON_MAX) throw bad(`审核原因不能超过${REASON_MAX}个字符`);
  return reason;
}

/** Article ids from a request: positive, deduplicated; none at all is refused. */
export function articleIds(raw: readonly bigint[]): bigint[] {
  const ids = [...new Set(raw.filter((id) => id > 0n))];
  if (!ids.length) throw bad("请选择文章");
  return ids;
}

export interface ArticleListInput {
  page: bigint;
  size: bigint;
  wd: string;
  order: string;
  sort: string;
  categoryId: readonly bigint[];
  userId: readonly bigint[];
  status: readonly number[];
  isRecommend: readonly boolean[];
  isNotice: readonly boolean[];
  createdAt: readonly string[];
}

// A Map, not an object: `order=__proto__` must not find a prototype member.
const ORDER_COLUMNS = new Map<string, ArticleSortColumn>([
  ["id", "id"],
  ["created_at", "createdAt"],
  ["updated_at", "updatedAt"],
  ["view_count", "viewCount"],
  ["recommend_at", "recommendAt"],
  ["notice_at", "noticeAt"],
]);
export const NEWEST_FIRST: readonly ArticleSort[] = [
  { column: "createdAt", dir: "desc" },
  { column: "id", dir: "desc" },
];
/** `sort`: named orders of the article pages (moredoc's "latest" and friends). */
const NAMED_SORTS = new Map<string, string>([
  ["latest", "created_at"],
  ["popular", "view_count"],
  ["recommend", "recommend_at"],
  ["notice", "notice_at"],
]);

/**
 * Staff granted ListArticle see every status and may filter by status and wd; a user whose only
 * user_id filter is themself sees their own articles in any status (and may use wd); everyone else
 * sees approved news only (no footer single page). The recycle bin is never listed here.
 */
export function articleListQuery(call: CallContext, req: ArticleListInput) {
  const me = call.identity?.userId;
  const users = [...new Set(req.userId.filter((id) => id > 0n))];
  const own = me !== undefined && users.length === 1 && users[0] === me;
  const privileged = (call.identity?.granted ?? false) || own;

  const where: ArticleFilter = { deleted: false };
  const statuses = [...new Set(req.status)];
  if (privileged) {
    if (statuses.length) where.statuses = statuses;
    const wd = req.wd.trim();
    if (wd) where.wd = wd;
  } else {
    where.statuses = [ArticleStatus.approved];
    // the footer's single pages are not news: listed to staff (who edit them) and their publisher only
    where.singlePage = false;
  }
  if (users.length) where.userIds = users;
  const categories = [...new Set(req.categoryId.filter((id) => id > 0n))];
  if (categories.length) where.categoryIds = categories;
  const recommended = [...new Set(req.isRecommend)];
  if (recommended.length === 1) where.recommended = recommended[0];
  const notice = [...new Set(req.isNotice)];
  if (notice.length === 1) where.notice = notice[0];
  const from = parseDate(req.createdAt[0]);
  const to = parseDate(req.createdAt[1]);
  if (from) where.createdFrom = from;
  if (to) where.createdTo = to;

  const sort = req.sort.trim().toLowerCase();
  const named = sort ? NAMED_SORTS.get(sort) : "";
  if (named === undefined) throw bad(`不支持的排序方式：${req.sort}`);
  const orderBy = parseOrderBy(req.order.trim() || named, ORDER_COLUMNS, NEWEST_FIRST);
  const { skip, take } = paging(req.page, req.size, {
    max: privileged ? PRIVILEGED_MAX_SIZE : PUBLIC_MAX_SIZE,
    fallback: DEFAULT_SIZE,
  });
  return { where, orderBy, skip, take };
}

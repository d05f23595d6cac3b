// Comment fields, who sees which comment and ListComment's query.
import { type CallContext, cleanText, DomainError, paging } from "@wenku/kit";
import { DEFAULT_SIZE, PRIVILEGED_MAX_SIZE, PUBLIC_MAX_SIZE, parseOrderBy } from "../documents/document.filters.js";
import { bad } from "../documents/document.rules.js";
import type { CommentFilter, CommentSort, CommentSortColumn, TargetKind } from "./comment.repository.js";

/** api.v1.ReviewStatus as stored in comments.status. */
export const CommentStatus = { pending: 0, approved: 1, rejected: 2 } as const;
const STATUSES: readonly number[] = Object.values(CommentStatus);

/** A comment's text, after trimming, at most this many characters. */
export const COMMENT_MAX = 1000;

export const notFound = () => new DomainError("not_found", "评论不存在");
export const targetNotFound = (kind: TargetKind) =>
  new DomainError("not_found", kind === "article" ? "文章不存在" : "文档不存在");

/**
 * The text as stored: plain text (never HTML: clients escape it), line breaks kept as \n, control, bidi and
 * other invisible characters dropped (kit cleanText), trimmed; not empty, at most COMMENT_MAX characters.
 */
export function checkContent(raw: string): string {
  const text = cleanText(raw);
  if (!text) throw bad("评论内容不能为空");
  if ([...text].length > COMMENT_MAX) throw bad(`评论内容不能超过${COMMENT_MAX}个字符`);
  return text;
}

export function checkStatus(status: number): number {
  if (!STATUSES.includes(status)) throw bad("评论状态不正确");
  return status;
}

/** Comment ids from a request: positive, deduplicated; none at all is refused. */
export function commentIds(raw: readonly bigint[]): bigint[] {
  const ids = [...new Set(raw.filter((id) => id > 0n))];
  if (!ids.length) throw bad("请选择评论");
  return ids;
}

/** The caller wrote it. */
export const isAuthor = (c: { userId: bigint }, call: CallContext) =>
  call.identity !== null && call.identity.userId === c.userId;

/** Approved comments for everyone; any other for its author. */
export const canSeeComment = (c: { userId: bigint; status: number }, call: CallContext) =>
  c.status === CommentStatus.approved || isAuthor(c, call);

/** Too soon after the user's last comment: how long to wait, said in whole seconds. */
export const tooSoon = (seconds: number) =>
  new DomainError("resource_exhausted", `评论太频繁了，请${seconds}秒后再发表评论`, seconds);

export interface CommentListInput {
  page: bigint;
  size: bigint;
  wd: string;
  order: string;
  status: readonly number[];
  documentId: bigint;
  userId: bigint;
  parentId: readonly bigint[];
  type: readonly number[];
}

const ORDER_COLUMNS = new Map<string, CommentSortColumn>([
  ["id", "id"],
  ["created_at", "createdAt"],
  ["updated_at", "updatedAt"],
]);
export const NEWEST_FIRST: readonly CommentSort[] = [
  { column: "createdAt", dir: "desc" },
  { column: "id", dir: "desc" },
];
export const OLDEST_FIRST: readonly CommentSort[] = [
  { column: "createdAt", dir: "asc" },
  { column: "id", dir: "asc" },
];

/** ContentKind → the target's table; DOCUMENT (0) when none or several are named but document only. */
export function kindOf(types: readonly number[]): TargetKind {
  const kinds = new Set(types);
  if (kinds.size > 1) throw bad("请选择一种评论对象");
  return kinds.has(1) ? "article" : "document";
}

/**
 * A target's thread: document_id (or article with type ARTICLE) and nothing else naming rows. The public
 * pages ask this way; they get the page's top-level comments and their replies.
 */
export const isThread = (req: CommentListInput) =>
  req.documentId > 0n && !req.parentId.length && req.userId <= 0n && !req.wd.trim();

/**
 * Staff granted ListComment see every status and may filter by status and wd; a user asking for their
 * own comments (user_id = themself) sees them in any status; everyone else sees approved comments and
 * their own. `thread`: top-level comments only (replies come with them).
 */
export function commentListQuery(call: CallContext, req: CommentListInput, thread: boolean) {
  const me = call.identity?.userId;
  const staff = call.identity?.granted ?? false;
  const own = me !== undefined && req.userId === me;
  const where: CommentFilter = {};
  const statuses = [...new Set(req.status)];
  for (const s of statuses) checkStatus(s);
  if (staff || own) {
    if (statuses.length) where.statuses = statuses;
  } else {
    where.visibleTo = me ?? 0n;
    if (statuses.length) where.statuses = statuses;
  }
  const wd = req.wd.trim();
  if (wd && staff) where.wd = wd;
  if (req.userId > 0n) where.userId = req.userId;
  if (req.type.length) where.kind = kindOf(req.type);
  if (req.documentId > 0n) {
    where.kind ??= "document";
    where.targetId = req.documentId;
  }
  const parents = [...new Set(req.parentId.filter((id) => id > 0n))];
  if (parents.length) where.parentIds = parents;
  if (thread) where.topLevel = true;
  const orderBy = parseOrderBy(req.order.trim(), ORDER_COLUMNS, NEWEST_FIRST);
  const { skip, take } = paging(req.page, req.size, {
    max: staff || own ? PRIVILEGED_MAX_SIZE : PUBLIC_MAX_SIZE,
    fallback: DEFAULT_SIZE,
  });
  return { where, orderBy, skip, take };
}

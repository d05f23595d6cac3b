// ListDocument's query: who sees which statuses, the filters, the order whitelist and the page.

import { normalizeExtension } from "@wenku/converter/contract";
import { type CallContext, paging } from "@wenku/kit";
import { bad } from "./document.rules.js";
import type { DocumentFilter, DocumentSort, DocumentSortColumn } from "./document.types.js";
import { PUBLIC_STATUSES } from "./visibility.js";

/** Visitors (and users browsing others' documents) get at most this many documents per page. */
export const PUBLIC_MAX_SIZE = 50;
/** Staff and owners listing their own documents. */
export const PRIVILEGED_MAX_SIZE = 1000;
export const DEFAULT_SIZE = 10;

export interface ListInput {
  page: bigint;
  size: bigint;
  limit: bigint;
  wd: string;
  order: string;
  categoryId: readonly bigint[];
  userId: readonly bigint[];
  status: readonly number[];
  isRecommend: readonly boolean[];
  ext: readonly string[];
  createdAt: readonly string[];
  feeType: string;
  language: readonly string[];
  languageId: readonly bigint[];
  isVip: readonly boolean[];
}

// A Map, not an object: `order=__proto__` or `constructor` must not find a prototype member.
const ORDER_COLUMNS = new Map<string, DocumentSortColumn>([
  ["id", "id"],
  ["created_at", "createdAt"],
  ["updated_at", "updatedAt"],
  ["view_count", "viewCount"],
  ["download_count", "downloadCount"],
  ["favorite_count", "favoriteCount"],
  ["comment_count", "commentCount"],
  ["pages", "pages"],
  ["score", "score"],
  ["price", "price"],
  ["size", "size"],
  ["recommend_at", "recommendAt"],
]);

/** The default order: newest first, the id breaking ties. */
export const NEWEST_FIRST: readonly DocumentSort[] = [
  { column: "createdAt", dir: "desc" },
  { column: "id", dir: "desc" },
];

/**
 * `order`: comma-separated "column [asc|desc]" from the whitelist (a bare column is descending, as
 * in moredoc); empty is newest first. Anything else is refused. The id breaks ties.
 */
export function parseOrder(raw: string): DocumentSort[] {
  return parseOrderBy(raw, ORDER_COLUMNS, NEWEST_FIRST);
}

/** The same rule over another whitelist of columns (articles' lists). */
export function parseOrderBy<C extends string>(
  raw: string,
  columns: ReadonlyMap<string, C | "id">,
  fallback: readonly { column: C | "id"; dir: "asc" | "desc" }[],
): { column: C | "id"; dir: "asc" | "desc" }[] {
  const parts = raw
    .split(",")
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  const out: { column: C | "id"; dir: "asc" | "desc" }[] = [];
  for (const part of parts) {
    const [name = "", dir = "desc", ...rest] = part.split(/\s+/);
    const column = columns.get(name);
    if (!column || rest.length || (dir !== "asc" && dir !== "desc")) throw bad(`不支持的排序方式：${part}`);
    out.push({ column, dir });
  }
  if (!parts.length) return [...fallback];
  if (!out.some((o) => o.column === "id")) out.push({ column: "id", dir: "desc" });
  return out;
}

export function parseDate(raw: string | undefined): Date | undefined {
  const s = raw?.trim();
  if (!s) return undefined;
  const d = new Date(s);
  if (Number.isNaN(d.getTime())) throw bad("创建时间格式不正确，请使用 RFC 3339 格式");
  return d;
}

const oneBool = (values: readonly boolean[]): boolean | undefined => {
  const set = [...new Set(values)];
  return set.length === 1 ? set[0] : undefined;
};

export interface ListQuery {
  where: DocumentFilter;
  orderBy: DocumentSort[];
  skip: number;
  take: number;
  /** The caller lists their own documents or is staff: errors may be shown. */
  privileged: boolean;
}

/**
 * Staff granted ListDocument see every status and may filter by status and wd; a user whose only
 * user_id filter is themself sees their own documents in any status (and may use wd too); everyone
 * else sees public documents only. The recycle bin is never listed here.
 */
export function listQuery(call: CallContext, req: ListInput, languageIds: readonly bigint[]): ListQuery {
  const me = call.identity?.userId;
  const staff = call.identity?.granted ?? false;
  const users = [...new Set(req.userId.filter((id) => id > 0n))];
  const own = me !== undefined && users.length === 1 && users[0] === me;
  const privileged = staff || own;

  const where: DocumentFilter = { deleted: false };
  const statuses = [...new Set(req.status)];
  if (privileged) {
    if (statuses.length) where.statuses = statuses;
    const wd = req.wd.trim();
    if (wd) where.text = { wd, keywords: true };
  } else {
    where.statuses = statuses.length ? statuses.filter((s) => PUBLIC_STATUSES.includes(s)) : [...PUBLIC_STATUSES];
  }
  if (users.length) where.userIds = users;

  const categories = [...new Set(req.categoryId.filter((id) => id > 0n))];
  if (categories.length) where.categoryIds = categories;

  const exts = req.ext.map((e) => normalizeExtension(e)).filter(Boolean);
  // moredoc's front end filters by type ("word", "ppt" …); an extension ("docx") works as well
  if (exts.length) where.kinds = { types: exts, exts: exts.map((e) => `.${e}`) };

  if (req.language.some((c) => c.trim()) || req.languageId.some((id) => id > 0n))
    where.languageIds = [...languageIds, ...req.languageId.filter((id) => id > 0n)];

  const fee = req.feeType.trim().toLowerCase();
  if (fee === "free") where.price = "free";
  else if (fee === "charge") where.price = "charged";
  else if (fee) throw bad("fee_type 只能是 free 或 charge");

  const recommended = oneBool(req.isRecommend);
  if (recommended !== undefined) where.recommended = recommended;
  const vip = oneBool(req.isVip);
  if (vip !== undefined) where.vip = vip;

  const from = parseDate(req.createdAt[0]);
  const to = parseDate(req.createdAt[1]);
  if (from) where.createdFrom = from;
  if (to) where.createdTo = to;

  const cap = privileged ? PRIVILEGED_MAX_SIZE : PUBLIC_MAX_SIZE;
  let { skip, take } = paging(req.page, req.size, { max: cap, fallback: DEFAULT_SIZE });
  if (req.limit > 0n) [take, skip] = [paging(1n, req.limit, { max: cap }).take, 0];
  return { where, orderBy: parseOrder(req.order), skip, take, privileged };
}

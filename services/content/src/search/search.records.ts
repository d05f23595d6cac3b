// Search records as staff read them (SearchRecordAPI: list, delete) and as everyone sees them summed
// up (SearchAPI.ListPopularSearch: the keywords the most people searched lately, counted by distinct
// searchers so one client repeating a query cannot push it up; searches that found nothing are left
// out, and so are keywords fewer than POPULAR_MIN_SEARCHERS searched or staff hid). The records
// themselves are written by search.recorder.ts.
import { type ChangeSignal, DomainError, paging } from "@wenku/kit";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import type { UserBrief, UserDirectory } from "../ports.js";
import type {
  PopularSearchRow,
  SearchRecordRepository,
  SearchRecordRow,
  SearchRecordSortColumn,
} from "./search.record.repository.js";
import { normalizeKeywords } from "./search.recorder.js";

export const RECORDS_MAX_SIZE = 100;
/** Popular searches look this far back (records are kept search_record_retention_days at most). */
export const POPULAR_DAYS = 30;
export const POPULAR_MAX = 50;
const POPULAR_DEFAULT = 10;
/** Keywords become popular once this many distinct searchers (users, or visitors' addresses) found something. */
export const POPULAR_MIN_SEARCHERS = 3;
/** Longest keywords kept (search_records.normalized and popular_search_hidden.normalized: VARCHAR(100)). */
const KEYWORDS_MAX = 100;
/** A public, aggregating query: computed at most this often, whoever asks. */
const POPULAR_CACHE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Broadcast when staff hide or show a popular keyword: every replica drops its popular cache. */
export const POPULAR_SEARCH_CHANGED_SUBJECT = "wenku.content.popular.changed";
/** At most this many records are deleted a call. */
export const MAX_DELETE = 1_000;

export interface ListSearchRecordInput {
  page: bigint;
  size: bigint;
  keywords: string;
  userId: readonly bigint[];
  ip: string;
  type: readonly ContentKind[];
  order: string;
}

export interface SearchRecordList {
  total: number;
  rows: SearchRecordRow[];
  users: ReadonlyMap<bigint, UserBrief>;
}

const bad = (message: string) => new DomainError("invalid_argument", message);

/**
 * moredoc's order names (and ours) for the list; one column, newest first when none is given. A Map: the
 * name is the client's, and a plain object would answer `__proto__` or `constructor` from its prototype.
 */
const ORDER = new Map<string, SearchRecordSortColumn>([
  ["id", "id"],
  ["created_at", "createdAt"],
  ["total", "total"],
  ["spend_time", "spendMs"],
]);

function parseOrder(raw: string): { column: SearchRecordSortColumn; dir: "asc" | "desc" } {
  const parts = raw.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!parts.length) return { column: "id", dir: "desc" };
  const [name = "", dir = "desc", ...rest] = parts;
  const column = ORDER.get(name);
  if (!column || rest.length || (dir !== "asc" && dir !== "desc")) throw bad(`不支持的排序方式：${raw.trim()}`);
  return { column, dir };
}

export interface SearchRecordServiceDeps {
  repo: Pick<SearchRecordRepository, "list" | "deleteMany" | "popular" | "setPopularHidden" | "popularHidden">;
  users: Pick<UserDirectory, "users">;
  /**
   * Staff hid or showed a keyword: every replica drops its popular cache at once (absent: this process
   * only, the others after POPULAR_CACHE_MS).
   */
  hiddenChanges?: Pick<ChangeSignal, "changed" | "onChange">;
  clock?: () => Date;
}

export function createSearchRecordService(deps: SearchRecordServiceDeps) {
  const now = deps.clock ?? (() => new Date());
  const { repo } = deps;
  let popularCache: { at: number; rows: Promise<PopularSearchRow[]> } | null = null;
  deps.hiddenChanges?.onChange(() => {
    popularCache = null;
  });

  return {
    /** Newest first unless ordered otherwise; filters: part of the keywords, users, an address (or its start), types. */
    async list(req: ListSearchRecordInput): Promise<SearchRecordList> {
      const { skip, take } = paging(req.page, req.size, { max: RECORDS_MAX_SIZE, fallback: 10 });
      const ip = req.ip.trim();
      if (ip.length > 64) throw bad("IP 地址不正确");
      const { total, rows } = await repo.list(
        {
          wd: normalizeKeywords(req.keywords),
          userIds: [...new Set(req.userId.filter((id) => id >= 0n))],
          ip,
          types: [...new Set(req.type)],
        },
        parseOrder(req.order),
        skip,
        take,
      );
      const ids = [...new Set(rows.map((r) => r.userId).filter((id) => id > 0n))];
      return { total, rows, users: ids.length ? await deps.users.users(ids) : new Map() };
    },

    async delete(raw: readonly bigint[]): Promise<void> {
      const ids = [...new Set(raw.filter((id) => id > 0n))];
      if (!ids.length) throw bad("请选择要删除的搜索记录");
      if (ids.length > MAX_DELETE) throw bad(`一次最多删除 ${MAX_DELETE} 条搜索记录`);
      await repo.deleteMany(ids);
    },

    /** The `limit` (at most POPULAR_MAX, 10 when 0) document keywords most searchers searched in POPULAR_DAYS. */
    async popular(limit: number): Promise<PopularSearchRow[]> {
      if (limit < 0) throw bad("数量不能为负数");
      const want = Math.min(limit || POPULAR_DEFAULT, POPULAR_MAX);
      const at = now().getTime();
      if (!popularCache || at - popularCache.at >= POPULAR_CACHE_MS || at < popularCache.at) {
        const since = new Date(at - POPULAR_DAYS * DAY_MS);
        const rows = repo.popular(ContentKind.DOCUMENT, since, POPULAR_MAX, POPULAR_MIN_SEARCHERS);
        const entry = { at, rows };
        popularCache = entry;
        // a failed query is not kept: the next caller asks again
        rows.catch(() => {
          if (popularCache === entry) popularCache = null;
        });
      }
      return (await popularCache.rows).slice(0, want);
    },

    /** Staff hide keywords from the popular searches (or show them again); applies at once in every replica. */
    async setPopularHidden(raw: string, hidden: boolean, by: bigint): Promise<void> {
      if ([...raw.trim()].length > KEYWORDS_MAX)
        throw new DomainError("invalid_argument", `关键词不能超过 ${KEYWORDS_MAX} 个字符`, undefined, "keywords");
      const normalized = normalizeKeywords(raw);
      if (!normalized) throw new DomainError("invalid_argument", "请输入关键词", undefined, "keywords");
      await repo.setPopularHidden(normalized, hidden, by);
      popularCache = null;
      await deps.hiddenChanges?.changed();
    },

    popularHidden: () => repo.popularHidden(),
  };
}
export type SearchRecordService = ReturnType<typeof createSearchRecordService>;

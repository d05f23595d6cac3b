// Searching documents (DocumentAPI.SearchDocument, SearchAPI.Search): the request in moredoc's terms
// turned into a SearchQuery, the index asked, the hits read back from the documents table (so a
// document hidden a moment ago is never shown, even before the indexer removed it) and a snippet cut
// from a readable page of each.
import { performance } from "node:perf_hooks";
import { normalizeExtension } from "@wenku/converter/contract";
import { type CallContext, DomainError, type Logger, paging, type SettingsReader } from "@wenku/kit";
import type {
  ArticleQuery,
  ArticleSort,
  IndexerProgress,
  SearchIndex,
  SearchQuery,
  SearchSort,
  SiteIndexer,
} from "@wenku/search";
import { type Snippet, snippetOf, UNAVAILABLE } from "@wenku/search";
import type { ArticleRepository, ArticleRow } from "../articles/article.repository.js";
import { ArticleStatus } from "../articles/article.rules.js";
import { articleText } from "../articles/article.text.js";
import { DEFAULT_SIZE, PUBLIC_MAX_SIZE, parseDate } from "../documents/document.filters.js";
import type { DocumentRepository } from "../documents/document.repository.js";
import { bad } from "../documents/document.rules.js";
import type { DocumentRow } from "../documents/document.types.js";
import { PUBLIC_STATUSES } from "../documents/visibility.js";
import type { UserBrief } from "../ports.js";

/** A query longer than this is cut (the backend reads its first tokens only anyway). */
export const MAX_QUERY_CHARS = 100;

export interface DocumentSearchInput {
  page: bigint;
  size: bigint;
  wd: string;
  categoryId: readonly bigint[];
  sort: string;
  ext: string;
  userId: bigint;
  createdAt: readonly string[];
  language: readonly string[];
  languageId: readonly bigint[];
}

export interface DocumentSearchHit {
  documentId: bigint;
  pages: number[];
  snippet: Snippet | null;
}

export interface DocumentSearchResult {
  total: number;
  /** total is at least this many: the index stopped counting (a very common word). */
  lowerBound: boolean;
  /** Seconds the search took. */
  spend: number;
  rows: DocumentRow[];
  hits: DocumentSearchHit[];
  users: ReadonlyMap<bigint, UserBrief>;
}

/** moredoc's sort words and ours; "" is relevance. A Map: the word is the client's (never a prototype key). */
const SORTS = new Map<string, SearchSort>(
  Object.entries({
    "": "relevance",
    default: "relevance",
    relevance: "relevance",
    latest: "latest",
    new: "latest",
    created_at: "latest",
    views: "views",
    view_count: "views",
    popular: "views",
    downloads: "downloads",
    download_count: "downloads",
    pages: "pages",
    score: "score",
  }),
);

/** The articles' sort words: the documents' for what an article has (no downloads, pages or rating). */
const ARTICLE_SORTS = new Map(
  [...SORTS].filter((e): e is [string, ArticleSort] => e[1] === "relevance" || e[1] === "latest" || e[1] === "views"),
);

/** SetDocumentIndex takes at most this many documents a call. */
export const MAX_REINDEX = 1000;

export interface IndexStatus extends IndexerProgress {
  backend: string;
  indexed: number;
  articles: number;
  /** The backend did not answer the counts (Elasticsearch down; error says so). */
  unreachable: boolean;
}

/** The status's error when the backend does not answer (the admin page shows it). */
export const UNREACHABLE = "搜索后端无法连接";

/** A reason shown to staff is cut to this many characters. */
const REASON_CHARS = 300;

/**
 * Why the backend did not answer, for the admin page: the cause the backend's error carries (what the
 * cluster said, or that it could not be reached), the credentials of any URL in it left out.
 */
export function reasonOf(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const text = cause instanceof Error ? cause.message : String(cause);
  return Array.from(text.replace(/\/\/[^/\s@]*@/g, "//"))
    .slice(0, REASON_CHARS)
    .join("");
}

export interface ArticleSearchInput {
  page: bigint;
  size: bigint;
  wd: string;
  categoryId: readonly bigint[];
  sort: string;
}

export interface ArticleSearchHit {
  articleId: bigint;
  snippet: Snippet | null;
}

export interface ArticleSearchResult {
  total: number;
  spend: number;
  rows: ArticleRow[];
  hits: ArticleSearchHit[];
  users: ReadonlyMap<bigint, UserBrief>;
}

export interface SearchServiceDeps {
  index: SearchIndex;
  indexer: Pick<SiteIndexer, "reindex" | "rebuild" | "progress" | "articles">;
  log: Logger;
  repo: Pick<DocumentRepository, "find" | "languagesByCode">;
  usersOf: (rows: readonly DocumentRow[]) => Promise<ReadonlyMap<bigint, UserBrief>>;
  settings: Pick<SettingsReader, "current">;
  articleRepo: Pick<ArticleRepository, "find">;
  articleUsersOf: (rows: readonly ArticleRow[]) => Promise<ReadonlyMap<bigint, UserBrief>>;
}

export function createSearchService(deps: SearchServiceDeps) {
  const { index, repo } = deps;

  async function toQuery(req: DocumentSearchInput, text: string): Promise<Omit<SearchQuery, "offset" | "limit">> {
    const sort = SORTS.get(req.sort.trim().toLowerCase());
    if (!sort) throw bad("不支持的排序方式");
    const q: Omit<SearchQuery, "offset" | "limit"> = { text, sort };
    const categories = [...new Set(req.categoryId.filter((id) => id > 0n))];
    if (categories.length) q.categoryIds = categories;
    const ext = normalizeExtension(req.ext);
    // a type ("word") or an extension ("docx"), as the document list takes it
    if (ext) q.kinds = { types: [ext], exts: [`.${ext}`] };
    const codes = [...new Set(req.language.map((c) => c.trim()).filter(Boolean))];
    const languageIds = [
      ...(codes.length ? (await repo.languagesByCode(codes)).map((l) => l.id) : []),
      ...req.languageId.filter((id) => id > 0n),
    ];
    if (codes.length || req.languageId.some((id) => id > 0n)) q.languageIds = languageIds;
    if (req.userId > 0n) q.userId = req.userId;
    const from = parseDate(req.createdAt[0]);
    const to = parseDate(req.createdAt[1]);
    if (from) q.createdFrom = from;
    if (to) q.createdTo = to;
    return q;
  }

  /** Never fails for a backend that does not answer: the status says so (the admin page shows it). */
  async function status(): Promise<IndexStatus> {
    const progress = deps.indexer.progress();
    try {
      const [indexed, articles] = await Promise.all([index.count(), index.articles.count()]);
      return { backend: index.backend, indexed, articles, unreachable: false, ...progress };
    } catch (err) {
      deps.log.warn({ err }, "search index status: the backend did not answer");
      const error = [`${UNREACHABLE}：${reasonOf(err)}`, progress.error].filter(Boolean).join("; ");
      return { backend: index.backend, indexed: 0, articles: 0, ...progress, unreachable: true, error };
    }
  }

  /** The text of the query as searched: trimmed, at most MAX_QUERY_CHARS characters. */
  const queryText = (wd: string) => Array.from(wd.trim()).slice(0, MAX_QUERY_CHARS).join("");

  async function checkPage(page: number): Promise<number> {
    const maxPages = (await deps.settings.current()).display?.maxSearchPages ?? 0;
    if (maxPages > 0 && page > maxPages) throw bad(`搜索结果最多显示 ${maxPages} 页`);
    return maxPages;
  }

  return {
    status,

    /**
     * Starts a rebuild in the background (or joins the one under way) and answers the status at once;
     * refused (unavailable) while the backend does not answer: it could only fail.
     */
    async rebuild(): Promise<IndexStatus> {
      if ((await status()).unreachable) throw new DomainError("unavailable", UNAVAILABLE);
      deps.indexer.rebuild().catch((err: unknown) => deps.log.error({ err }, "search index rebuild failed"));
      return status();
    },

    /**
     * Writes these documents into the index again now, whatever their version (staff repairing an
     * entry); ids of documents visitors may not see are taken out of it. Returns when done.
     */
    async reindex(raw: readonly bigint[]): Promise<void> {
      const ids = [...new Set(raw.filter((id) => id > 0n))];
      if (!ids.length) throw bad("请选择要重建索引的文档");
      if (ids.length > MAX_REINDEX) throw bad(`一次最多重建 ${MAX_REINDEX} 个文档的索引`);
      await deps.indexer.reindex(ids);
    },

    /** SetArticleIndex: as reindex, for articles (those visitors may not read are taken out). */
    async reindexArticles(raw: readonly bigint[]): Promise<void> {
      const ids = [...new Set(raw.filter((id) => id > 0n))];
      if (!ids.length) throw bad("请选择要重建索引的文章");
      if (ids.length > MAX_REINDEX) throw bad(`一次最多重建 ${MAX_REINDEX} 篇文章的索引`);
      await deps.indexer.articles.reindex(ids);
    },

    /** Approved articles outside the recycle bin only, whoever asks. */
    async articles(_call: CallContext, req: ArticleSearchInput): Promise<ArticleSearchResult> {
      const started = performance.now();
      const spend = () => (performance.now() - started) / 1000;
      const text = queryText(req.wd);
      const sort = ARTICLE_SORTS.get(req.sort.trim().toLowerCase());
      if (!sort) throw bad("不支持的排序方式");
      if (!text) return { total: 0, spend: spend(), rows: [], hits: [], users: new Map() };
      const { skip, take, page } = paging(req.page, req.size, { max: PUBLIC_MAX_SIZE, fallback: DEFAULT_SIZE });
      const maxPages = await checkPage(page);
      const q: ArticleQuery = { text, sort, offset: skip, limit: take };
      const categories = [...new Set(req.categoryId.filter((id) => id > 0n))];
      if (categories.length) q.categoryIds = categories;

      const found = await index.articles.search(q);
      const ids = found.hits.map((h) => h.id);
      const live = ids.length
        ? await deps.articleRepo.find({ ids, deleted: false, statuses: [ArticleStatus.approved] })
        : [];
      const byId = new Map(live.map((r) => [r.id, r]));
      const rows: ArticleRow[] = [];
      const hits: ArticleSearchHit[] = [];
      for (const h of found.hits) {
        const row = byId.get(h.id);
        if (!row) continue; // hidden since it was indexed: the indexer is about to remove it
        rows.push(row);
        const body = articleText(row.content).replace(/\s+/g, " ");
        hits.push({ articleId: row.id, snippet: body ? snippetOf({ page: 1, text: body }, text) : null });
      }
      const total = Math.max(0, found.total - (found.hits.length - rows.length));
      const shown = maxPages > 0 ? Math.min(total, maxPages * take) : total;
      return { total: shown, spend: spend(), rows, hits, users: await deps.articleUsersOf(rows) };
    },

    /** Public documents only, whoever asks (a search never shows an owner's private documents). */
    async documents(_call: CallContext, req: DocumentSearchInput): Promise<DocumentSearchResult> {
      const started = performance.now();
      const text = queryText(req.wd);
      const q = await toQuery(req, text);
      const spend = () => (performance.now() - started) / 1000;
      if (!text) return { total: 0, lowerBound: false, spend: spend(), rows: [], hits: [], users: new Map() };
      const { skip, take, page } = paging(req.page, req.size, { max: PUBLIC_MAX_SIZE, fallback: DEFAULT_SIZE });
      const maxPages = await checkPage(page);

      const found = await index.search({ ...q, offset: skip, limit: take });
      const ids = found.hits.map((h) => h.id);
      const live = ids.length
        ? await repo.find({ ids, deleted: false, statuses: [...PUBLIC_STATUSES] }, [], ids.length)
        : [];
      const byId = new Map(live.map((r) => [r.id, r]));
      const rows: DocumentRow[] = [];
      const hits: DocumentSearchHit[] = [];
      for (const h of found.hits) {
        const row = byId.get(h.id);
        if (!row) continue; // hidden since it was indexed: the indexer is about to remove it
        rows.push(row);
        const first = h.excerpts[0];
        hits.push({ documentId: h.id, pages: h.pages, snippet: first ? snippetOf(first, text) : null });
      }
      const hidden = found.hits.length - rows.length;
      const total = Math.max(0, found.total - hidden);
      const shown = maxPages > 0 ? Math.min(total, maxPages * take) : total;
      const lowerBound = Boolean(found.more) && shown === total;
      return { total: shown, lowerBound, spend: spend(), rows, hits, users: await deps.usersOf(rows) };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;

// What the crawler-readable pages show, asked of the services and kept briefly: every page view of
// /, /document/{id}, /category/{id} and /article/{id} goes through here, so a burst of views (or a crawler's sweep)
// costs one call per item and TTL, never one per view. Each wait is time-boxed: past the budget the
// caller serves the plain app page and the answer, when it comes, fills the cache for the next view.
// Everything here is what any visitor sees (no caller's token is ever used), so it is shared.
import { Code, ConnectError, createClient, type Transport } from "@connectrpc/connect";
import { createSettingsReader, headers, type Logger, type SettingsReader } from "@wenku/kit";
import { type Category, CategoryAPI } from "@wenku/proto/api/v1/category_pb.js";
import type { Settings } from "@wenku/proto/api/v1/config_pb.js";
import {
  ContentInternalAPI,
  type CrawlerArticle,
  type CrawlerDocument,
} from "@wenku/proto/api/v1/content_internal_pb.js";
import { type Document, DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { LRUCache } from "lru-cache";

/** Text of this many first preview pages, at most this many bytes of it, goes into a document's page. */
export const CRAWLER_PAGES = 3;
export const CRAWLER_TEXT_BYTES = 12 * 1024;
/** At most this many bytes of an article's text go into its page. */
export const CRAWLER_ARTICLE_BYTES = 32 * 1024;
/** Documents of a category page. */
export const CATEGORY_DOCUMENTS = 30;

export interface SeoDataDeps {
  content: Transport;
  config: Transport;
  internalToken: string;
  log: Logger;
  /** The longest a page view waits for its data (each call's deadline too). */
  budgetMs: number;
  /** How long answers are reused. */
  ttlMs?: { document?: number; missing?: number; categories?: number; categoryDocuments?: number; settings?: number };
  now?: () => number;
}

/** A looked-up item: found, definitely not there (404), or not known in time (serve the plain page). */
export type Lookup<T> = { found: T } | "missing" | "unknown";

/** The visible document categories; `complete` false when the list was cut (it cannot prove absence). */
export interface CategoryList {
  list: Category[];
  complete: boolean;
}

type DocEntry = { doc: CrawlerDocument } | { missing: true };
type ArticleEntry = { article: CrawlerArticle } | { missing: true };

export interface SeoData {
  document(id: bigint): Promise<Lookup<CrawlerDocument>>;
  /** By id (digits) or identifier, as the article's URL names it. */
  article(ref: string): Promise<Lookup<CrawlerArticle>>;
  categories(): Promise<CategoryList | null>;
  categoryDocuments(id: bigint): Promise<Document[] | null>;
  settings(): Promise<Settings | null>;
  /**
   * Something changed through this gateway: documents, articles, categories and the settings are asked
   * again; also called on the config service's change signal (GatewayOptions.onConfigChanged). Documents
   * changed behind the gateway's back reach it when their copy expires.
   */
  forget(): void;
  close(): void;
}

export function createSeoData(deps: SeoDataDeps): SeoData {
  // Settings changed anywhere drop these copies through forget() (the config change signal); without
  // that signal a changed setting (the domain, the site closed) applies once its copy expires.
  const ttl = {
    document: 10_000,
    missing: 5_000,
    categories: 5_000,
    categoryDocuments: 30_000,
    settings: 5_000,
    ...deps.ttlMs,
  };
  const internal = { headers: { [headers.internal]: deps.internalToken }, timeoutMs: deps.budgetMs };
  // Public RPCs as a visitor, vouched for by the gateway: the site's gates (closed, login required) apply.
  const visitor = { headers: { [headers.edge]: deps.internalToken }, timeoutMs: deps.budgetMs };
  const contentInternal = createClient(ContentInternalAPI, deps.content);
  const categoriesApi = createClient(CategoryAPI, deps.content);
  const documentsApi = createClient(DocumentAPI, deps.content);
  const perf = { now: deps.now ?? (() => performance.now()) };

  const documents = new LRUCache<string, DocEntry>({
    max: 2_000,
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (e) => ("doc" in e ? 1_024 + e.doc.pageText.reduce((n, t) => n + t.length * 2, 0) : 64),
    ttl: ttl.document,
    perf,
    fetchMethod: async (key, _stale, { options }) => {
      try {
        const doc = await contentInternal.getCrawlerDocument(
          { id: BigInt(key), maxPages: CRAWLER_PAGES, maxTextBytes: CRAWLER_TEXT_BYTES },
          internal,
        );
        return { doc };
      } catch (err) {
        if (ConnectError.from(err).code !== Code.NotFound) throw err;
        options.ttl = ttl.missing;
        return { missing: true };
      }
    },
  });

  const articles = new LRUCache<string, ArticleEntry>({
    max: 2_000,
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (e) => ("article" in e ? 1_024 + e.article.text.length * 2 : 64),
    ttl: ttl.document,
    perf,
    fetchMethod: async (key, _stale, { options }) => {
      try {
        const ref = /^[0-9]+$/.test(key) ? { id: BigInt(key) } : { identifier: key };
        const article = await contentInternal.getCrawlerArticle(
          { ...ref, maxTextBytes: CRAWLER_ARTICLE_BYTES },
          internal,
        );
        return { article };
      } catch (err) {
        if (ConnectError.from(err).code !== Code.NotFound) throw err;
        options.ttl = ttl.missing;
        return { missing: true };
      }
    },
  });

  const categoryLists = new LRUCache<"all", CategoryList>({
    max: 1,
    ttl: ttl.categories,
    perf,
    fetchMethod: async () => {
      const r = await categoriesApi.listCategory(
        { page: 1n, size: 10_000n, type: [CategoryType.DOCUMENT], enable: [true] },
        visitor,
      );
      return { list: r.category, complete: BigInt(r.category.length) >= r.total };
    },
  });

  const categoryDocs = new LRUCache<string, Document[]>({
    max: 500,
    ttl: ttl.categoryDocuments,
    perf,
    fetchMethod: async (key) =>
      (
        await documentsApi.listDocument(
          {
            page: 1n,
            size: BigInt(CATEGORY_DOCUMENTS),
            categoryId: [BigInt(key)],
            field: ["id", "title", "description"],
          },
          visitor,
        )
      ).document,
  });

  const noBroadcasts = { onBroadcast: async () => () => undefined };
  const reader: Promise<SettingsReader> = createSettingsReader({
    transport: deps.config,
    internalToken: deps.internalToken,
    bus: noBroadcasts,
    log: deps.log,
    ttlMs: ttl.settings,
    timeoutMs: deps.budgetMs,
  });

  /** `work`'s value, or undefined when it fails or takes longer than the budget (it goes on: the cache keeps it). */
  async function within<T>(what: string, work: Promise<T | undefined>): Promise<T | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), deps.budgetMs);
    });
    try {
      return await Promise.race([work, late]);
    } catch (err) {
      deps.log.debug({ err, what }, "crawler page: data not available, the plain page answers");
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async document(id) {
      const e = await within("document", documents.fetch(id.toString()));
      if (!e) return "unknown";
      return "doc" in e ? { found: e.doc } : "missing";
    },
    async article(ref) {
      const e = await within("article", articles.fetch(ref));
      if (!e) return "unknown";
      return "article" in e ? { found: e.article } : "missing";
    },
    async categories() {
      return (await within("categories", categoryLists.fetch("all"))) ?? null;
    },
    async categoryDocuments(id) {
      return (await within("category documents", categoryDocs.fetch(id.toString()))) ?? null;
    },
    async settings() {
      return (
        (await within(
          "settings",
          reader.then((r) => r.current()),
        )) ?? null
      );
    },
    forget() {
      for (const cache of [documents, articles, categoryLists, categoryDocs]) cache.clear();
      void reader.then((r) => r.invalidate());
    },
    close() {
      void reader.then((r) => r.close());
    },
  };
}

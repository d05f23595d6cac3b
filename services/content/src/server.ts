import {
  type Authorizer,
  type ChangeSignal,
  DomainError,
  defineService,
  type Logger,
  noUserCountsChanges,
  type ServiceDefinition,
  type SettingsReader,
  type SiteGate,
  type UserCountsChanges,
} from "@wenku/kit";
import type { AllowHosts } from "@wenku/kit/net";
import type { RateLimitStore } from "@wenku/kit/ratelimit";
import type { Storage } from "@wenku/kit/storage";
import { ArticleAPI } from "@wenku/proto/api/v1/article_pb.js";
import { AttachmentAPI } from "@wenku/proto/api/v1/attachment_pb.js";
import { CategoryAPI } from "@wenku/proto/api/v1/category_pb.js";
import { CommentAPI } from "@wenku/proto/api/v1/comment_pb.js";
import { ContentInternalAPI, DocumentInternalAPI } from "@wenku/proto/api/v1/content_internal_pb.js";
import { ConversionReportAPI } from "@wenku/proto/api/v1/converter_internal_pb.js";
import { DocumentAPI, RecycleAPI } from "@wenku/proto/api/v1/document_pb.js";
import { FavoriteAPI } from "@wenku/proto/api/v1/favorite_pb.js";
import { LanguageAPI } from "@wenku/proto/api/v1/language_pb.js";
import { ReadingAPI } from "@wenku/proto/api/v1/reading_pb.js";
import { ReportAPI } from "@wenku/proto/api/v1/report_pb.js";
import { SearchAPI } from "@wenku/proto/api/v1/search_pb.js";
import { SearchRecordAPI } from "@wenku/proto/api/v1/searchrecord_pb.js";
import type { SearchIndex, SiteIndexer } from "@wenku/search";
import { createArticleAdminService } from "./articles/article.admin.js";
import { createArticleCrawler } from "./articles/article.crawl.js";
import { createArticleHandlers } from "./articles/article.handlers.js";
import { createArticleImages } from "./articles/article.images.js";
import { createArticleRepository } from "./articles/article.repository.js";
import { createArticleService } from "./articles/article.service.js";
import { createCategoryHandlers } from "./categories/category.handlers.js";
import { createCategoryRepository } from "./categories/category.repository.js";
import { createCategoryService } from "./categories/category.service.js";
import { createCommentHandlers } from "./comments/comment.handlers.js";
import { createCommentRepository } from "./comments/comment.repository.js";
import { createCommentService } from "./comments/comment.service.js";
import { createConversionReportHandlers } from "./conversion/conversion.handlers.js";
import { createDocumentSink } from "./conversion/sink.js";
import type { CreditRewards } from "./credits/credit.rewards.js";
import type { Db } from "./db.js";
import { createDocumentAdminService } from "./documents/document.admin.js";
import { createDocumentEffects } from "./documents/document.effects.js";
import type { DocumentEvents } from "./documents/document.events.js";
import { createDocumentHandlers } from "./documents/document.handlers.js";
import { createDocumentImport } from "./documents/document.import.js";
import { createDocumentQuery } from "./documents/document.query.js";
import { createDocumentRepository } from "./documents/document.repository.js";
import { createDocumentService } from "./documents/document.service.js";
import { createDocumentTextSearch } from "./documents/document.text-search.js";
import { createReadingRule } from "./documents/reading.js";
import { createRecycleHandlers } from "./documents/recycle.handlers.js";
import { createRecycleService } from "./documents/recycle.service.js";
import { createFavoriteHandlers } from "./favorites/favorite.handlers.js";
import { createFavoriteRepository } from "./favorites/favorite.repository.js";
import { createFavoriteService } from "./favorites/favorite.service.js";
import { createAttachmentHandlers } from "./files/attachment.handlers.js";
import { createAttachmentRepository } from "./files/attachment.repository.js";
import { createAttachmentService } from "./files/attachment.service.js";
import { createDownloadService } from "./files/download.service.js";
import { createFileRepository } from "./files/file.repository.js";
import { createImageService } from "./files/image.service.js";
import { createPageCache } from "./files/page.cache.js";
import { createPageRerender } from "./files/page.rerender.js";
import { createPageService } from "./files/page.service.js";
import { createRemoteImages } from "./files/remote.images.js";
import { createUploadQuota } from "./files/upload.quota.js";
import { createUploadService } from "./files/upload.service.js";
import { createHistoryHandlers } from "./history/history.handlers.js";
import { createHistoryRepository } from "./history/history.repository.js";
import { createHistoryService } from "./history/history.service.js";
import { createContentInternalHandlers } from "./internal/content.internal.handlers.js";
import { createDocumentInternalHandlers } from "./internal/document.internal.handlers.js";
import { createLanguageHandlers } from "./languages/language.handlers.js";
import { createLanguageRepository } from "./languages/language.repository.js";
import { createLanguageService } from "./languages/language.service.js";
import type { ConversionQueue, ConverterAvailability, OrderDesk, UserDirectory } from "./ports.js";
import { createReportHandlers } from "./reports/report.handlers.js";
import { createReportRepository } from "./reports/report.repository.js";
import { createReportService } from "./reports/report.service.js";
import { createScoreRepository } from "./scores/score.repository.js";
import { createScoreService } from "./scores/score.service.js";
import { createSearchHandlers } from "./search/search.handlers.js";
import { createSearchRecordHandlers } from "./search/search.record.handlers.js";
import { createSearchRecordRepository } from "./search/search.record.repository.js";
import type { SearchRecorder } from "./search/search.recorder.js";
import { recordingSearches } from "./search/search.recorder.js";
import { createSearchRecordService } from "./search/search.records.js";
import { createSearchService } from "./search/search.service.js";
import { createCrawlerArticles } from "./sitemap/crawler.article.js";
import { createCrawlerDocuments } from "./sitemap/crawler.document.js";
import { createSitemapBuilder } from "./sitemap/sitemap.builder.js";
import type { SitemapFollower } from "./sitemap/sitemap.follow.js";
import { createSitemapFollower, touchingWrites } from "./sitemap/sitemap.follow.js";
import { sitemapLock } from "./sitemap/sitemap.lock.js";
import { articleSection, categorySection, documentSection } from "./sitemap/sitemap.source.repository.js";
import { createStatsRepository } from "./stats/stats.repository.js";
import { createStatsService } from "./stats/stats.service.js";
import type { WatchedDir } from "./system/device.js";
import { countingWrites } from "./users.counts.js";

/** What the content service is built from: the composition root (service.ts) makes them, tests pass their own. */
export interface ContentServerDeps {
  db: Db;
  /** Originals, page images, covers. */
  storage: Storage;
  authorizer: Authorizer;
  /** Also the root of the download-link signing key (never a configurable default like moredoc's). */
  internalToken: string;
  log: Logger;
  /** The public site settings (display, security upload limits, converter preview limits, download). */
  settings: SettingsReader;
  siteGate?: SiteGate;
  users: UserDirectory;
  /** Priced downloads are charged here (the order service); absent: priced documents cannot be downloaded. */
  orders?: OrderDesk;
  conversions: ConversionQueue;
  /** Changes of documents' visibility and pages: announced by the writers, heard by the page cache. */
  documents: DocumentEvents;
  /** The user service keeps doc_count, article_count and favorite_count: told when they change; absent: nobody. */
  userCounts?: UserCountsChanges;
  /** Shared counters of the per-user upload quotas (PostgreSQL). */
  rateLimits: RateLimitStore;
  /** The search index (PostgreSQL or Elasticsearch) the indexer keeps. */
  search: SearchIndex;
  /**
   * Re-indexes documents (SetDocumentIndex) and articles (SetArticleIndex) on demand and rebuilds the
   * index (RenewDocumentIndex).
   */
  indexer: Pick<SiteIndexer, "reindex" | "rebuild" | "progress" | "articles">;
  /**
   * After a document language was written: the public settings list the enabled languages, so every
   * process's copy of the settings (and GetSettings' kept answers) is dropped. Absent: nobody is told.
   */
  languagesChanged?: () => Promise<void>;
  /** Staff hid or showed a popular search keyword: heard by every replica's popular cache. */
  popularSearchChanges?: ChangeSignal;
  /** Takes each search once it answered and writes it in the background (the owner flushes it at close). */
  searchRecorder: Pick<SearchRecorder, "record">;
  /** Which formats this process can convert (LibreOffice found?); unset: all of them. */
  converters?: ConverterAvailability;
  /** Directories whose disks GetDeviceInfo reports (the file storage when local, the conversions' temp dir). */
  dirs?: readonly WatchedDir[];
  /** Download-link expiry, review times (ServiceContext.clock); the wall clock when unset. */
  clock?: () => Date;
  /** SITE_TIME_ZONE: the day the download limits count from (Asia/Shanghai when unset). */
  timeZone?: string;
  /** The score config's content rules booked in the credits ledger (credits/); absent: none. */
  rewards?: CreditRewards;
  /**
   * What the guarded fetcher (an article's pasted images) may reach although private: the operator's
   * FETCH_ALLOW_HOSTS. Absent: public addresses only.
   */
  fetchAllow?: AllowHosts;
  /**
   * Rebuild the sitemap `debounceMs` after what it lists changed (SITEMAP_DEBOUNCE_SEC); `started`
   * gets the follower, for the owner to stop at close. Absent: only schedule and staff rebuild it.
   */
  followSitemap?: { debounceMs: number; started(follower: SitemapFollower): void };
}

/**
 * The content service: categories, languages, documents (with their recycle bin), uploaded files
 * and page images, document search and its records, the sitemap and crawler pages, articles (with
 * their recycle bin), comments, wired repositories → domain services → handlers. RPCs of slices not
 * built yet answer Unimplemented after the access policy ran.
 */
export function buildServer(deps: ContentServerDeps): ServiceDefinition {
  const { db, storage, settings, users, documents: events } = deps;

  // Repositories: the only code that touches Prisma.
  const categoryRepo = createCategoryRepository(db);
  const documentRepo = createDocumentRepository(db);
  const fileRepo = createFileRepository(db);

  // Domain services.
  const languages = createLanguageService({ repo: createLanguageRepository(db), onChanged: deps.languagesChanged });
  const documentLog = deps.log.child({ module: "documents" });
  const effects = createDocumentEffects({
    repo: documentRepo,
    categories: categoryRepo,
    conversions: deps.conversions,
    log: documentLog,
  });
  const documentService = createDocumentService({
    repo: documentRepo,
    categories: categoryRepo,
    settings,
    users,
    effects,
    events,
    rewards: deps.rewards,
    counts: deps.userCounts,
  });
  const documentAdmin = createDocumentAdminService({
    repo: documentRepo,
    categories: categoryRepo,
    effects,
    events,
    clock: deps.clock,
  });
  const reading = createReadingRule(fileRepo.hasDownloaded);
  const query = createDocumentQuery({
    repo: documentRepo,
    reading,
    categories: categoryRepo,
    settings,
    users,
    log: documentLog,
  });
  const recycle = createRecycleService({ repo: documentRepo, categories: categoryRepo, users, events });
  const uploads = createUploadService({
    repo: fileRepo,
    storage,
    settings,
    users,
    quota: createUploadQuota(deps.rateLimits),
    ...(deps.converters ? { converters: deps.converters } : {}),
    log: deps.log.child({ module: "upload" }),
  });
  const pages = createPageService({
    cache: createPageCache({
      load: fileRepo.findPageDocument,
      loadByHash: fileRepo.findPageDocumentsByHash,
      storage,
      events,
    }),
    storage,
    reading,
    rerender: createPageRerender({
      repo: fileRepo,
      conversions: deps.conversions,
      log: deps.log.child({ module: "pages" }),
    }),
  });
  const downloads = createDownloadService({
    repo: fileRepo,
    storage,
    settings,
    orders: deps.orders,
    internalToken: deps.internalToken,
    clock: deps.clock,
    timeZone: deps.timeZone ?? "Asia/Shanghai",
  });
  const attachments = createAttachmentService(createAttachmentRepository(db), users);
  const images = createImageService({ repo: fileRepo, storage, users, log: deps.log.child({ module: "image" }) });
  // images given by URL (an article's pasted ones, a category's icon and cover) are fetched once and stored here
  const remoteImages = createRemoteImages({ images, allow: deps.fetchAllow });
  const categories = createCategoryService(categoryRepo, settings, remoteImages);
  const searchRecords = createSearchRecordService({
    repo: createSearchRecordRepository(db),
    users,
    hiddenChanges: deps.popularSearchChanges,
    clock: deps.clock,
  });
  const searchService = createSearchService({
    index: deps.search,
    indexer: deps.indexer,
    repo: documentRepo,
    usersOf: query.usersOf,
    settings,
    log: deps.log.child({ module: "search" }),
    articleRepo: createArticleRepository(db),
    articleUsersOf: (rows) => articles.usersOf(rows),
  });
  const search = recordingSearches(searchService, deps.searchRecorder);
  const sitemapLog = deps.log.child({ module: "sitemap" });
  const sitemap = createSitemapBuilder({
    storage,
    sections: [documentSection(db), articleSection(db), categorySection(db, categories)],
    siteGate: deps.siteGate,
    log: sitemapLog,
    clock: deps.clock,
  });
  // The sitemap follows documents (the events search follows), articles and categories.
  const follower = deps.followSitemap
    ? createSitemapFollower({
        build: () => sitemap.rebuild(),
        builtFrom: () => sitemap.builtFrom(),
        exclusive: sitemapLock(db),
        debounceMs: deps.followSitemap.debounceMs,
        log: sitemapLog,
      })
    : undefined;
  if (follower) {
    deps.documents.onChanged(() => follower.touch());
    settings.onChange(() => follower.touch()); // display.hide_category_without_document decides categories
    deps.followSitemap?.started(follower);
  }
  const listed = <T extends object>(impl: T): T => (follower ? touchingWrites(impl, () => follower.touch()) : impl);
  const articleRepo = createArticleRepository(db);
  const articleImages = createArticleImages(remoteImages);
  const articles = createArticleService({
    repo: articleRepo,
    categories: categoryRepo,
    users,
    images: articleImages,
    log: deps.log.child({ module: "articles" }),
    clock: deps.clock,
  });
  const articleAdmin = createArticleAdminService({
    repo: articleRepo,
    categories: categoryRepo,
    usersOf: articles.usersOf,
    clock: deps.clock,
  });
  const comments = createCommentService({
    repo: createCommentRepository(db),
    settings,
    users,
    rewards: deps.rewards,
  });
  const crawler = createCrawlerDocuments({
    repo: documentRepo,
    users,
    storage,
    siteGate: deps.siteGate,
    log: sitemapLog,
  });
  // The social side of documents and articles: favorites, ratings, reports, reading progress.
  const favorites = createFavoriteService({
    repo: createFavoriteRepository(db),
    users,
    rewards: deps.rewards,
    counts: deps.userCounts,
  });
  const scores = createScoreService(createScoreRepository(db));
  const reports = createReportService({ repo: createReportRepository(db), users });
  const history = createHistoryService(createHistoryRepository(db));
  const stats = createStatsService(createStatsRepository(db), favorites);
  const textSearch = createDocumentTextSearch({
    repo: documentRepo,
    reading,
    storage,
    log: deps.log.child({ module: "text-search" }),
  });

  return defineService({
    name: "content",
    log: deps.log,
    authorizer: deps.authorizer,
    internalToken: deps.internalToken,
    siteGate: deps.siteGate,
    readiness: [async () => void (await db.$queryRaw`SELECT 1`)],
    impls: [
      [CategoryAPI, listed(createCategoryHandlers(categories))],
      [LanguageAPI, createLanguageHandlers(languages)],
      [
        DocumentAPI,
        createDocumentHandlers({
          documents: documentService,
          admin: documentAdmin,
          query,
          uploads,
          pages,
          downloads,
          search,
          textSearch,
          scores,
        }),
      ],
      [SearchAPI, createSearchHandlers(search, searchRecords)],
      [SearchRecordAPI, createSearchRecordHandlers(searchRecords)],
      [RecycleAPI, createRecycleHandlers(recycle)],
      [
        ArticleAPI,
        // an article's status or existence changes its owner's article_count and others' favorite_count
        countingWrites(
          listed(
            createArticleHandlers(
              articles,
              articleAdmin,
              search,
              createArticleCrawler({
                articles,
                images: articleImages,
                ...(deps.fetchAllow ? { allow: deps.fetchAllow } : {}),
                log: deps.log.child({ module: "article-crawl" }),
              }),
            ),
          ),
          deps.userCounts ?? noUserCountsChanges,
        ),
      ],
      [CommentAPI, createCommentHandlers(comments)],
      [AttachmentAPI, createAttachmentHandlers(attachments, images)],
      [FavoriteAPI, createFavoriteHandlers(favorites)],
      [ReportAPI, createReportHandlers(reports)],
      [ReadingAPI, createHistoryHandlers(history)],
      [
        ConversionReportAPI,
        createConversionReportHandlers(
          createDocumentSink({ db, storage, log: deps.log.child({ module: "conversion" }), events }),
        ),
      ],
      [
        ContentInternalAPI,
        createContentInternalHandlers({
          stats,
          search,
          sitemap,
          crawler,
          crawlerArticles: createCrawlerArticles({
            repo: articleRepo,
            users,
            siteGate: deps.siteGate,
            log: sitemapLog,
          }),
          // Without a converter (tests, tools) the old environment RPC says there is none.
          converter: deps.converters ?? {
            envs: () => Promise.reject(new DomainError("unavailable", "no converter is reachable")),
          },
          dirs: deps.dirs ?? [],
        }),
      ],
      [
        DocumentInternalAPI,
        createDocumentInternalHandlers({
          stats,
          downloads,
          imports: createDocumentImport({ documents: documentService, uploads, users }),
        }),
      ],
    ],
  });
}

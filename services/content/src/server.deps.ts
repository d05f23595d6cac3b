// What the content service is built from (buildServer's dependencies): the composition root
// (service.ts) makes them, tests pass their own.
import type { Authorizer, ChangeSignal, Logger, SettingsReader, SiteGate, UserCountsChanges } from "@wenku/kit";
import type { RateLimitStore } from "@wenku/kit/ratelimit";
import type { Storage } from "@wenku/kit/storage";
import type { SearchIndex, SiteIndexer } from "@wenku/search";
import type { CreditRewards } from "./credits/credit.rewards.js";
import type { Db } from "./db.js";
import type { DocumentEvents } from "./documents/document.events.js";
import type { ConversionQueue, ConverterAvailability, OrderDesk, UserDirectory } from "./ports.js";
import type { SearchRecorder } from "./search/search.recorder.js";
import type { SitemapFollower } from "./sitemap/sitemap.follow.js";
import type { WatchedDir } from "./system/device.js";

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
   * Private addresses the guarded fetcher may reach (an article's pasted images): TEST_FETCH_ALLOW, for
   * tests whose "remote" site is a local server; empty in production.
   */
  fetchAllow?: readonly string[];
  /**
   * Rebuild the sitemap `debounceMs` after what it lists changed (SITEMAP_DEBOUNCE_SEC); `started`
   * gets the follower, for the owner to stop at close. Absent: only schedule and staff rebuild it.
   */
  followSitemap?: { debounceMs: number; started(follower: SitemapFollower): void };
}

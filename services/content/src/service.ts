import { tmpdir } from "node:os";
import { resolve } from "node:path";
import { conversionChannel } from "@wenku/converter/contract";
import {
  type ChangeSignal,
  CONFIG_CHANGED_SUBJECT,
  createChangeSignal,
  repeatEvery,
  type ServiceModule,
  USER_BRIEFS_CHANGED_SUBJECT,
  userCountsChanges,
} from "@wenku/kit";
import { createRateLimitStore } from "@wenku/kit/ratelimit";
import { createStorage } from "@wenku/kit/storage";
import type { EsSearchIndex } from "@wenku/search";
import {
  combineIndexers,
  createEsClient,
  createEsSearchIndex,
  createPgSearchIndex,
  createSearchIndexer,
  withoutCredentials,
} from "@wenku/search";
import { createArticleRepository } from "./articles/article.repository.js";
import { footerPages } from "./articles/article.seed.js";
import { createConverterAvailability, createCreditLedger, createOrderDesk, createUserDirectory } from "./clients.js";
import { loadContentConfig } from "./config.js";
import { createConversionRepository } from "./conversion/conversion.repository.js";
import { createConversionQueue } from "./conversion/queue.js";
import { createContentCreditOutbox } from "./credits/credit.outbox.js";
import { createCreditRewards } from "./credits/credit.rewards.js";
import { CONTENT_SCHEMA, createDb } from "./db.js";
import { createDocumentEvents, type DocumentEventsHandle } from "./documents/document.events.js";
import { createLanguageRepository } from "./languages/language.repository.js";
import { defaultLanguages } from "./languages/language.seed.js";
import { createArticleSearchSource } from "./search/search.articles.repository.js";
import { createSearchRecordRepository } from "./search/search.record.repository.js";
import { createSearchRecorder, type SearchRecorder } from "./search/search.recorder.js";
import { POPULAR_SEARCH_CHANGED_SUBJECT } from "./search/search.records.js";
import { createSearchSource, searchLiveCounts } from "./search/search.source.repository.js";
import { buildServer } from "./server.js";
import type { SitemapFollower } from "./sitemap/sitemap.follow.js";
import { countingUsers } from "./users.counts.js";
import { type ContentWorkers, startContentWorkers } from "./workers.js";

/** How often owed credit bookings are retried (each row also backs off on its own, up to an hour). */
const OUTBOX_SWEEP_MS = 15_000;

export const migrationsDir = new URL("../prisma/migrations", import.meta.url).pathname;

/**
 * The content service as every runner (one process, its own process, Kubernetes) starts it: the
 * document languages seeded on first start, storage opened, the RPC definition built (server.ts),
 * then the background work started (workers.ts: the conversion requeue, the upload sweeper, the
 * search indexer). Documents are converted by the converter deployable, which reports back here
 * (ConversionReportAPI).
 */
export const service: ServiceModule = {
  name: "content",
  migrations: [{ schema: CONTENT_SCHEMA, dir: migrationsDir }],
  async start(ctx) {
    const config = loadContentConfig(ctx.env);
    const db = createDb(ctx.databaseUrl);
    const rateLimits = createRateLimitStore({
      connectionString: ctx.databaseUrl,
      schema: CONTENT_SCHEMA,
      log: ctx.log.child({ module: "ratelimit" }),
    });
    let workers: ContentWorkers | undefined;
    let documents: DocumentEventsHandle | undefined;
    let popularSearches: ChangeSignal | undefined;
    let userBriefs: ChangeSignal | undefined;
    let follower: SitemapFollower | undefined;
    let recorder: SearchRecorder | undefined;
    let es: EsSearchIndex | undefined;
    const creditOutbox = createContentCreditOutbox({
      db,
      ledger: createCreditLedger(ctx.transports.order, ctx.internalToken),
      log: ctx.log.child({ module: "credit-outbox" }),
    });
    // Rewards and penalties the order service could not book at once (down or slow), retried until booked.
    const outboxSweep = repeatEvery(() => creditOutbox.sweep(), {
      everyMs: OUTBOX_SWEEP_MS,
      onError: (err) => ctx.log.warn({ err }, "credit outbox sweep failed"),
    });
    try {
      const seeded = await createLanguageRepository(db).seed(defaultLanguages);
      if (seeded) ctx.log.info({ seeded }, "document languages seeded");
      const pages = await createArticleRepository(db).seed(footerPages);
      if (pages) ctx.log.info({ pages }, "footer pages seeded");
      const storage = await createStorage(config);
      // Published after the caller's transaction committed, with the converter settings of the moment.
      const channel = conversionChannel(config.CONVERSION_QUEUE);
      const conversions = createConversionRepository(db);
      const queue = createConversionQueue({
        bus: ctx.bus,
        settings: ctx.settings,
        languages: (ids) => conversions.languagesOf(ids),
        log: ctx.log.child({ module: "conversion" }),
        ...channel,
      });
      // The user service keeps users' doc_count, article_count and favorite_count: told when they change.
      const userCounts = userCountsChanges(ctx.bus, ctx.log.child({ module: "user-counts" }));
      documents = countingUsers(
        await createDocumentEvents(ctx.bus, ctx.log.child({ module: "documents" })),
        userCounts,
      );
      popularSearches = await createChangeSignal(ctx.bus, POPULAR_SEARCH_CHANGED_SUBJECT, ctx.log);
      // The authors on lists are kept until the user service says names or avatars changed.
      userBriefs = await createChangeSignal(ctx.bus, USER_BRIEFS_CHANGED_SUBJECT, ctx.log);
      const users = createUserDirectory(ctx.transports.user, ctx.internalToken, ctx.log.child({ module: "users" }), {
        changes: userBriefs,
      });
      const searchLog = ctx.log.child({ module: "search" });
      if (config.ELASTICSEARCH_URL) {
        const client = createEsClient({
          url: config.ELASTICSEARCH_URL,
          apiKey: config.ELASTICSEARCH_API_KEY,
          timeoutMs: config.ELASTICSEARCH_TIMEOUT_SEC * 1000,
        });
        es = createEsSearchIndex({ client, prefix: config.ELASTICSEARCH_INDEX, log: searchLog });
        searchLog.info(
          { url: withoutCredentials(config.ELASTICSEARCH_URL), alias: es.alias },
          "search index: Elasticsearch",
        );
      }
      const search = es ?? createPgSearchIndex(db, { liveCounts: searchLiveCounts });
      const indexer = combineIndexers(
        createSearchIndexer({
          index: search,
          source: createSearchSource({ db, storage, users, log: searchLog }),
          log: searchLog,
          pollMs: config.SEARCH_POLL_SEC * 1000,
        }),
        createSearchIndexer({
          index: search.articles,
          source: createArticleSearchSource({ db, users }),
          log: searchLog.child({ index: "articles" }),
          pollMs: config.SEARCH_POLL_SEC * 1000,
        }),
      );
      recorder = createSearchRecorder({
        repo: createSearchRecordRepository(db),
        settings: ctx.settings,
        log: searchLog,
        clock: ctx.clock,
      });
      const definition = buildServer({
        db,
        storage,
        authorizer: ctx.authorizer,
        internalToken: ctx.internalToken,
        log: ctx.log,
        settings: ctx.settings,
        siteGate: ctx.siteGate,
        users,
        orders: createOrderDesk(ctx.transports.order, ctx.internalToken),
        conversions: queue,
        documents,
        userCounts,
        search,
        indexer,
        searchRecorder: recorder,
        popularSearchChanges: popularSearches,
        async languagesChanged() {
          ctx.settings.invalidate(); // this process at once, the others through the broadcast
          try {
            await ctx.bus.broadcast(CONFIG_CHANGED_SUBJECT, new Uint8Array());
          } catch (err) {
            // The language is saved: the other processes' copies expire instead (settings reader TTL).
            ctx.log.error({ err }, "languages: settings change broadcast failed");
          }
        },
        rateLimits,
        // Which formats uploads may take: the converter says (LibreOffice found or not).
        converters: createConverterAvailability(
          ctx.transports.converter,
          ctx.internalToken,
          ctx.log.child({ module: "converter" }),
        ),
        // Local storage's disk (S3 keeps the files elsewhere) and the one conversions work in.
        dirs: [
          ...(config.S3_ENDPOINT ? [] : [{ name: "storage", path: resolve(config.STORAGE_DIR) }]),
          { name: "tmp", path: tmpdir() },
        ],
        clock: ctx.clock,
        timeZone: config.SITE_TIME_ZONE,
        fetchAllow: config.FETCH_ALLOW_HOSTS,
        followSitemap: {
          debounceMs: config.SITEMAP_DEBOUNCE_SEC * 1000,
          started: (f) => {
            follower = f;
          },
        },
        rewards: createCreditRewards({
          outbox: creditOutbox,
          settings: ctx.settings,
          timeZone: config.SITE_TIME_ZONE,
          clock: ctx.clock,
        }),
      });
      workers = await startContentWorkers({
        db,
        storage,
        bus: ctx.bus,
        settings: ctx.settings,
        log: ctx.log,
        queue,
        documents,
        indexer,
        clock: ctx.clock,
      });
      const [started, events, records, elastic, popular, briefs] = [
        workers,
        documents,
        recorder,
        es,
        popularSearches,
        userBriefs,
      ];
      return {
        definition,
        async close() {
          // The workers first: jobs in flight are handed back to the queue before the database goes.
          await started.stop();
          await follower?.stop();
          await outboxSweep.stop();
          await records.flush(); // searches answered before the close are written
          await elastic?.close();
          events.close();
          popular.close();
          briefs.close();
          await rateLimits.close();
          await db.$disconnect();
        },
      };
    } catch (err) {
      await workers?.stop();
      await follower?.stop();
      await outboxSweep.stop();
      await recorder?.flush();
      await es?.close();
      documents?.close();
      popularSearches?.close();
      userBriefs?.close();
      await rateLimits.close();
      await db.$disconnect();
      throw err;
    }
  },
};

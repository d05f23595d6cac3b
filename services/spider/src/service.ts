import { isAllowedExtension } from "@wenku/converter/contract";
import type { ServiceModule } from "@wenku/kit";
import { createStorage } from "@wenku/kit/storage";
import { createDocumentImporter, settingsFrom } from "./clients.js";
import { capsOf, loadSpiderConfig } from "./config.js";
import { createHostGate } from "./crawl/host-gate.js";
import { createPoliteFetcher } from "./crawl/polite.js";
import { createDb, SPIDER_SCHEMA } from "./db.js";
import { createDocRepository } from "./documents/document.repository.js";
import { createSpiderJobs, spiderChannel } from "./jobs/queue.js";
import { startSpiderWorkers } from "./jobs/workers.js";
import type { DocumentImporter } from "./ports.js";
import { buildServer } from "./server.js";
import { createUrlRepository } from "./urls/url.repository.js";

export const migrationsDir = new URL("../prisma/migrations", import.meta.url).pathname;

/** Our name in requests and the name robots.txt rules match. */
export const SPIDER_AGENT = "WenkuSpider/1.0";

/**
 * The spider service as every runner starts it: its tables migrated, storage opened, the RPCs of
 * SpiderUrlAPI and SpiderDocumentAPI, and the workers of its crawl, download and publish jobs (a start
 * sweeps for work a previous process left, so a restarted spider resumes).
 */
export const service: ServiceModule = {
  name: "spider",
  migrations: [{ schema: SPIDER_SCHEMA, dir: migrationsDir }],
  async start(ctx) {
    const cfg = loadSpiderConfig(ctx.env);
    const caps = capsOf(cfg);
    const db = createDb(ctx.databaseUrl);
    try {
      const log = ctx.log.child({ module: "spider" });
      const storage = await createStorage(cfg);
      const channel = spiderChannel(cfg.SPIDER_QUEUE);
      const jobs = createSpiderJobs({ bus: ctx.bus, channel, log });
      const settings = settingsFrom(ctx.settings);
      const polite = createPoliteFetcher({
        gate: createHostGate(),
        allow: cfg.SPIDER_ALLOW_HOSTS,
        timeoutMs: cfg.SPIDER_REQUEST_TIMEOUT_SEC * 1000,
        userAgent: async () => {
          const site = await settings.siteUrl().catch(() => "");
          return site ? `${SPIDER_AGENT} (+${site})` : SPIDER_AGENT;
        },
      });
      const importer: DocumentImporter = createDocumentImporter(ctx.transports.content, ctx.internalToken);
      const workers = await startSpiderWorkers({
        bus: ctx.bus,
        channel,
        jobs,
        storage,
        importer,
        polite,
        urls: createUrlRepository(db),
        docs: createDocRepository(db),
        fileFilter: async () => {
          const allowed = await settings.allowedExt();
          return (ext: string) => isAllowedExtension(ext, allowed);
        },
        pageMaxBytes: caps.pageMaxBytes,
        fileMaxBytes: caps.fileMaxBytes,
        maxPages: cfg.SPIDER_MAX_PAGES,
        log,
      });
      // work a previous process left (the in-process bus forgets its queue on a restart)
      void workers.sweep().catch((err: unknown) => log.warn({ err }, "spider: start-up sweep failed"));
      const definition = buildServer({
        db,
        jobs,
        storage,
        log: ctx.log,
        authorizer: ctx.authorizer,
        internalToken: ctx.internalToken,
        siteGate: ctx.siteGate,
      });
      return {
        definition,
        close: async () => {
          await workers.stop();
          await db.$disconnect();
        },
      };
    } catch (err) {
      await db.$disconnect();
      throw err;
    }
  },
};

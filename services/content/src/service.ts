import type { ServiceModule } from "@wenku/kit";
import { createStorage } from "@wenku/kit/storage/index.js";
import { loadContentConfig } from "./config.js";
import { conversionChannel } from "./conversion/job.js";
import { createConversionQueue } from "./conversion/queue.js";
import { type ConversionRunner, startConversionRunner } from "./conversion/runner.js";
import { CONTENT_SCHEMA, createDb } from "./db.js";
import { createDocumentEvents, type DocumentEventsHandle } from "./documents/document.events.js";
import { createLanguageRepository } from "./languages/language.repository.js";
import { defaultLanguages } from "./languages/language.seed.js";
import { buildServer } from "./server.js";
import { createUserDirectory } from "./users.client.js";

export const migrationsDir = new URL("../prisma/migrations", import.meta.url).pathname;

/**
 * The content service as every runner (one process, its own process, Kubernetes) starts it: the
 * document languages seeded on first start, storage opened, then the RPC definition.
 */
export const service: ServiceModule = {
  name: "content",
  migrations: [{ schema: CONTENT_SCHEMA, dir: migrationsDir }],
  async start(ctx) {
    const config = loadContentConfig(ctx.env);
    const db = createDb(ctx.databaseUrl);
    let runner: ConversionRunner | undefined;
    let documents: DocumentEventsHandle | undefined;
    try {
      const seeded = await createLanguageRepository(db).seed(defaultLanguages);
      if (seeded) ctx.log.info({ seeded }, "document languages seeded");
      const storage = await createStorage(config);
      const conversionLog = ctx.log.child({ module: "conversion" });
      // Published after the caller's transaction committed, with the converter settings of the moment.
      const channel = conversionChannel(config.CONVERSION_QUEUE);
      const queue = createConversionQueue({ bus: ctx.bus, settings: ctx.settings, log: conversionLog, ...channel });
      documents = await createDocumentEvents(ctx.bus, ctx.log.child({ module: "documents" }));
      const definition = buildServer({
        db,
        storage,
        authorizer: ctx.authorizer,
        internalToken: ctx.internalToken,
        log: ctx.log,
        settings: ctx.settings,
        siteGate: ctx.siteGate,
        users: createUserDirectory(ctx.transports.user, ctx.internalToken),
        conversions: queue,
        documents,
      });
      if (config.CONVERTER_CONCURRENCY > 0) {
        runner = await startConversionRunner({
          db,
          storage,
          bus: ctx.bus,
          queue,
          log: conversionLog,
          documents,
          concurrency: config.CONVERTER_CONCURRENCY,
          ...channel,
          worker: channel.durable ? { durable: channel.durable } : undefined,
        });
      } else {
        conversionLog.info({}, "conversion: CONVERTER_CONCURRENCY=0, this process converts nothing");
      }
      const started = runner;
      const events = documents;
      return {
        definition,
        async close() {
          // The worker first: jobs in flight are handed back to the queue before the database goes.
          await started?.stop();
          events.close();
          await db.$disconnect();
        },
      };
    } catch (err) {
      await runner?.stop();
      documents?.close();
      await db.$disconnect();
      throw err;
    }
  },
};

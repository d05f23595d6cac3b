import type { ServiceModule } from "@wenku/kit";
import { createRateLimitStore } from "@wenku/kit/ratelimit.js";
import { createStorage } from "@wenku/kit/storage/index.js";
import { type ContentConfig, loadContentConfig } from "./config.js";
import { type ConverterOptions, createConverter } from "./conversion/converter.js";
import { officeExtensions } from "./conversion/formats.js";
import { conversionChannel } from "./conversion/job.js";
import { createConversionQueue } from "./conversion/queue.js";
import { type ConversionRunner, startConversionRunner } from "./conversion/runner.js";
import { converterAvailability, describeTools, probeTools } from "./conversion/tools.js";
import { CONTENT_SCHEMA, createDb } from "./db.js";
import { createDocumentEvents, type DocumentEventsHandle } from "./documents/document.events.js";
import { createAttachmentSweep, startAttachmentSweeper } from "./files/attachment.sweep.js";
import { createLanguageRepository } from "./languages/language.repository.js";
import { defaultLanguages } from "./languages/language.seed.js";
import { buildServer } from "./server.js";
import { createUserDirectory } from "./users.client.js";

export const migrationsDir = new URL("../prisma/migrations", import.meta.url).pathname;

/**
 * The conversion lanes of CONVERTER_CONCURRENCY: office documents get CONVERTER_OFFICE_CONCURRENCY
 * slots, everything else the rest and at least one; each slot holds a MuPDF render thread.
 */
export function conversionLanes(c: Pick<ContentConfig, "CONVERTER_CONCURRENCY" | "CONVERTER_OFFICE_CONCURRENCY">) {
  if (c.CONVERTER_CONCURRENCY === 0) return { main: 0, office: 0 };
  const office = c.CONVERTER_OFFICE_CONCURRENCY;
  return { main: Math.max(1, c.CONVERTER_CONCURRENCY - office), office };
}

/** The converter as the CONVERTER_* settings describe it. */
export function converterOptions(c: ContentConfig): ConverterOptions {
  const lanes = conversionLanes(c);
  return {
    pool: { size: Math.max(1, lanes.main + lanes.office), memoryLimitMb: c.CONVERTER_MEMORY_MB },
    limits: {
      pageTimeoutMs: c.CONVERTER_PAGE_TIMEOUT_SEC * 1000,
      maxPageBytes: Math.round(c.CONVERTER_PAGE_MAX_MB * 1024 * 1024),
      rasterDpi: c.CONVERTER_RASTER_DPI,
    },
    office: {
      timeoutMs: c.CONVERTER_OFFICE_TIMEOUT_SEC * 1000,
      memoryLimitMb: c.CONVERTER_OFFICE_MEMORY_MB,
      slots: Math.max(1, lanes.office),
      ...(c.CONVERTER_SOFFICE ? { sofficePath: c.CONVERTER_SOFFICE } : {}),
    },
  };
}

/**
 * The content service as every runner (one process, its own process, Kubernetes) starts it: the
 * document languages seeded on first start, storage opened, then the RPC definition.
 */
export const service: ServiceModule = {
  name: "content",
  migrations: [{ schema: CONTENT_SCHEMA, dir: migrationsDir }],
  async start(ctx) {
    const config = loadContentConfig(ctx.env);
    // Which optional tools are installed (soffice --version, fc-list): probed while the rest starts.
    const probe = () => probeTools(config.CONVERTER_SOFFICE ? { soffice: config.CONVERTER_SOFFICE } : {});
    const probed = probe();
    const converters = converterAvailability(probed, probe, officeExtensions);
    const db = createDb(ctx.databaseUrl);
    const rateLimits = createRateLimitStore({
      connectionString: ctx.databaseUrl,
      schema: CONTENT_SCHEMA,
      log: ctx.log.child({ module: "ratelimit" }),
    });
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
        rateLimits,
        converters,
      });
      const tools = await probed;
      // The found soffice (e.g. the macOS app bundle's) is the one the converter runs.
      const options = converterOptions(config);
      if (tools.office.available && options.office) options.office.sofficePath = tools.office.path;
      const lanes = conversionLanes(config);
      if (lanes.main > 0) {
        runner = await startConversionRunner({
          db,
          storage,
          bus: ctx.bus,
          queue,
          log: conversionLog,
          documents,
          concurrency: lanes.main,
          officeConcurrency: lanes.office,
          converter: createConverter(options),
          ownsConverter: true,
          ...channel,
          worker: channel.durable ? { durable: channel.durable } : undefined,
        });
      } else {
        conversionLog.info({}, "conversion: CONVERTER_CONCURRENCY=0, this process converts nothing");
      }
      const started = runner;
      const events = documents;
      conversionLog.info(
        { office: tools.office.available, soffice: tools.office.path, cjkFonts: tools.cjkFonts, lanes },
        tools.office.available ? "conversion: converters found" : "conversion: LibreOffice not found",
      );
      // Uploads no document uses go after their grace period (every replica sweeps; rows are claimed).
      const sweeper = startAttachmentSweeper(
        createAttachmentSweep({ db, storage, settings: ctx.settings, log: ctx.log.child({ module: "sweep" }) }),
        { everyMs: 10 * 60_000, log: ctx.log },
      );
      return {
        announce: describeTools(tools),
        definition,
        async close() {
          // The worker first: jobs in flight are handed back to the queue before the database goes.
          await started?.stop();
          await sweeper.stop();
          events.close();
          await rateLimits.close();
          await db.$disconnect();
        },
      };
    } catch (err) {
      await runner?.stop();
      documents?.close();
      await rateLimits.close();
      await db.$disconnect();
      throw err;
    }
  },
};

// The content service's background work, started after its RPC definition is built: the conversion
// lanes (when CONVERTER_CONCURRENCY allows this process to convert), the sweeper of uploads no
// document uses, the sweeper of search records past their retention and the search indexer. Stopped
// before the database closes.
import { type Logger, repeatEvery, type SettingsReader } from "@wenku/kit";
import type { EventBus } from "@wenku/kit/bus";
import type { Storage } from "@wenku/kit/storage";
import type { SearchIndexer } from "@wenku/search";
import type { ContentConfig } from "./config.js";
import { createConverter } from "./conversion/converter.js";
import type { conversionChannel } from "./conversion/job.js";
import { conversionLanes, converterOptions } from "./conversion/options.js";
import type { ConversionQueueImpl } from "./conversion/queue.js";
import { type ConversionRunner, startConversionRunner } from "./conversion/runner.js";
import type { ToolProbe } from "./conversion/tools.js";
import type { Db } from "./db.js";
import type { DocumentEvents } from "./documents/document.events.js";
import { createAttachmentRepository } from "./files/attachment.repository.js";
import { createAttachmentSweep } from "./files/attachment.sweep.js";
import { createSearchRecordRepository } from "./search/search.record.repository.js";
import { createSearchRecordSweep } from "./search/search.record.sweep.js";

/** How often unused uploads are looked for (each replica sweeps; rows are claimed). */
const SWEEP_EVERY_MS = 10 * 60_000;
/** How often search records past their retention are deleted. */
const RECORD_SWEEP_EVERY_MS = 60 * 60_000;

export interface ContentWorkersDeps {
  config: ContentConfig;
  db: Db;
  storage: Storage;
  bus: EventBus;
  settings: SettingsReader;
  log: Logger;
  queue: ConversionQueueImpl;
  channel: ReturnType<typeof conversionChannel>;
  documents: DocumentEvents;
  /** Started here (catch-up, then following changes), stopped with the rest. */
  indexer: SearchIndexer;
  /** The optional tools found at start (LibreOffice, CJK fonts). */
  tools: ToolProbe;
  /** The sweeper's grace periods (ServiceContext.clock); the wall clock when unset. */
  clock?: () => Date;
}

export interface ContentWorkers {
  /** The worker first: jobs in flight are handed back to the queue before the caller closes the database. */
  stop(): Promise<void>;
}

export async function startContentWorkers(d: ContentWorkersDeps): Promise<ContentWorkers> {
  const { config, tools, channel } = d;
  const log = d.log.child({ module: "conversion" });
  // The found soffice (e.g. the macOS app bundle's) is the one the converter runs.
  const options = converterOptions(config);
  if (tools.office.available && options.office) options.office.sofficePath = tools.office.path;
  const lanes = conversionLanes(config);
  let runner: ConversionRunner | undefined;
  if (lanes.main > 0) {
    runner = await startConversionRunner({
      db: d.db,
      storage: d.storage,
      bus: d.bus,
      queue: d.queue,
      log,
      documents: d.documents,
      concurrency: lanes.main,
      officeConcurrency: lanes.office,
      converter: createConverter(options),
      ownsConverter: true,
      ...channel,
      worker: channel.durable ? { durable: channel.durable } : undefined,
    });
  } else {
    log.info({}, "conversion: CONVERTER_CONCURRENCY=0, this process converts nothing");
  }
  log.info(
    { office: tools.office.available, soffice: tools.office.path, cjkFonts: tools.cjkFonts, lanes },
    tools.office.available ? "conversion: converters found" : "conversion: LibreOffice not found",
  );
  const attachmentSweep = createAttachmentSweep({
    repo: createAttachmentRepository(d.db),
    storage: d.storage,
    settings: d.settings,
    log: d.log.child({ module: "sweep" }),
    clock: d.clock,
  });
  const sweeper = repeatEvery(() => attachmentSweep.run(), {
    everyMs: SWEEP_EVERY_MS,
    onError: (err) => d.log.warn({ err }, "attachment sweep failed"),
  });
  const recordSweep = createSearchRecordSweep({
    repo: createSearchRecordRepository(d.db),
    settings: d.settings,
    log: d.log.child({ module: "search-records" }),
    clock: d.clock,
  });
  const recordSweeper = repeatEvery(() => recordSweep.run(), {
    everyMs: RECORD_SWEEP_EVERY_MS,
    onError: (err) => d.log.warn({ err }, "search record sweep failed"),
  });
  const { indexer } = d;
  d.documents.onChanged((ids) => void indexer.nudge(ids));
  // The catch-up of a large site takes a while: the service answers meanwhile (search lags behind).
  const indexing = indexer.start();
  return {
    async stop() {
      await runner?.stop();
      await sweeper.stop();
      await recordSweeper.stop();
      await indexing;
      await indexer.stop();
    },
  };
}

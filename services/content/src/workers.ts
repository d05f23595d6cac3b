// The content service's background work, started after its RPC definition is built: the requeue of
// documents waiting for a conversion (the converter deployable converts them; again after a request
// the bus did not take), the sweeper of uploads
// no document uses, the sweeper of search records past their retention and the search indexer.
// Stopped before the database closes.
import { type Logger, repeatEvery, type SettingsReader } from "@wenku/kit";
import type { EventBus } from "@wenku/kit/bus";
import type { Storage } from "@wenku/kit/storage";
import type { SearchIndexer } from "@wenku/search";
import type { ConversionQueueImpl } from "./conversion/queue.js";
import { startConversionRequeue } from "./conversion/requeue.js";
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
  db: Db;
  storage: Storage;
  bus: EventBus;
  settings: SettingsReader;
  log: Logger;
  queue: ConversionQueueImpl;
  documents: DocumentEvents;
  /** Started here (catch-up, then following changes), stopped with the rest. */
  indexer: SearchIndexer;
  /** The sweeper's grace periods (ServiceContext.clock); the wall clock when unset. */
  clock?: () => Date;
}

export interface ContentWorkers {
  /** Stopped before the caller closes the database. */
  stop(): Promise<void>;
}

export async function startContentWorkers(d: ContentWorkersDeps): Promise<ContentWorkers> {
  const requeue = startConversionRequeue({ db: d.db, queue: d.queue, log: d.log.child({ module: "conversion" }) });
  const offLost = d.queue.onLost(() => requeue.again());
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
      offLost();
      await requeue.stop();
      await sweeper.stop();
      await recordSweeper.stop();
      await indexing;
      await indexer.stop();
    },
  };
}

// Conversion in a content process: the workers (documents sink, MuPDF + LibreOffice converter) and,
// once the process is up, the requeue of documents still waiting for a conversion — the in-process
// bus loses its queue on a restart, and a request whose publish failed was never queued at all.
// Repeats are cheap: the worker reuses a file's outputs (manifest) and the sink moves only waiting
// documents. Two lanes, each its own consumer: office documents (LibreOffice, slow) and the rest, so
// a slow office document never holds up a PDF.
import type { BusLogger, EventBus, StreamSpec } from "@wenku/kit/bus";
import type { Storage } from "@wenku/kit/storage";
import type { Db } from "../db.js";
import type { DocumentEvents } from "../documents/document.events.js";
import { DocStatus } from "../documents/visibility.js";
import type { ConversionRequest } from "../ports.js";
import { createConversionRepository, type StrandedDocument } from "./conversion.repository.js";
import { type Converter, createConverter } from "./converter.js";
import { conversionOfficeSubject } from "./job.js";
import type { ConversionQueueImpl } from "./queue.js";
import { createDocumentSink } from "./sink.js";
import { type ConversionWorker, type ConversionWorkerOptions, startConversionWorker } from "./worker.js";

export interface ConversionRunnerOptions {
  db: Db;
  storage: Storage;
  bus: EventBus;
  queue: ConversionQueueImpl;
  log: BusLogger;
  /** Told of every document whose status or pages a conversion changed. */
  documents: Pick<DocumentEvents, "changed">;
  /** Documents other than office ones (PDF, EPUB …) converted at once by this process (the main lane). */
  concurrency: number;
  /**
   * Office documents converted at once (the office lane, default 1); 0: this process takes none.
   * Without an office subject (a custom `subject` alone) office documents share the main lane.
   */
  officeConcurrency?: number;
  /** Default a converter with default options, closed on stop. */
  converter?: Converter;
  /** Close `converter` on stop (it was made for this runner). */
  ownsConverter?: boolean;
  stream?: StreamSpec;
  subject?: string;
  officeSubject?: string;
  /**
   * Delays before each requeue attempt (the settings, for the preview limit, can be read only once
   * every service is up); empty: no requeue.
   */
  requeueDelaysMs?: number[];
  worker?: Partial<Pick<ConversionWorkerOptions, "maxAttempts" | "backoffMs" | "ackWaitMs" | "durable" | "workDir">>;
}

export interface ConversionRunner {
  /** Documents requeued by the first successful requeue (for tests and logs). */
  readonly requeued: Promise<number>;
  stop(): Promise<void>;
}

const batch = 500;

/**
 * Publishes a request for every live document waiting for a conversion when called; returns how
 * many. The list is read whole before the first publish, so documents the worker moves meanwhile
 * (a file's other documents follow its conversion) are not picked up a second time.
 */
export async function requeueStranded(db: Db, queue: ConversionQueueImpl, signal?: AbortSignal): Promise<number> {
  const repo = createConversionRepository(db);
  const rows: StrandedDocument[] = [];
  for (let after = 0n; ; ) {
    signal?.throwIfAborted();
    const page = await repo.stranded(after, batch);
    rows.push(...page);
    if (page.length < batch) break;
    after = page[page.length - 1]?.id ?? after;
  }
  const toRequest = (d: StrandedDocument): ConversionRequest => ({
    documentId: d.id,
    attachmentHash: d.attachmentHash,
    storageKey: d.storageKey,
    ext: d.ext,
  });
  // One id per document state: replicas starting together publish it once (JetStream dedupe window).
  const stamp = new Map(rows.map((r) => [r.id, r.updatedAt.getTime()]));
  const messageId = (d: ConversionRequest) => `requeue:${d.documentId}:${stamp.get(d.documentId) ?? 0}`;
  for (let i = 0; i < rows.length; i += batch) {
    signal?.throwIfAborted();
    const part = rows.slice(i, i + batch);
    const force = part.filter((d) => d.status === DocStatus.reconvert).map(toRequest);
    const normal = part.filter((d) => d.status !== DocStatus.reconvert).map(toRequest);
    await queue.request(force, { force: true, messageId });
    await queue.request(normal, { messageId });
  }
  return rows.length;
}

export async function startConversionRunner(o: ConversionRunnerOptions): Promise<ConversionRunner> {
  const converter = o.converter ?? createConverter();
  const owned = !o.converter || Boolean(o.ownsConverter);
  const sink = createDocumentSink({ db: o.db, log: o.log, events: o.documents });
  const durable = o.worker?.durable ?? "conversion";
  const officeSubject = o.officeSubject ?? (o.subject ? undefined : conversionOfficeSubject);
  const officeConcurrency = o.officeConcurrency ?? 1;
  const lanes = [{ subject: o.subject, durable, concurrency: o.concurrency }];
  if (officeSubject && officeConcurrency > 0) {
    lanes.push({ subject: officeSubject, durable: `${durable}_office`, concurrency: officeConcurrency });
  }
  const workers: ConversionWorker[] = [];
  try {
    for (const lane of lanes) {
      workers.push(
        await startConversionWorker({
          bus: o.bus,
          storage: o.storage,
          sink,
          converter,
          log: o.log,
          ...(o.stream ? { stream: o.stream } : {}),
          ...o.worker,
          ...(lane.subject ? { subject: lane.subject } : {}),
          durable: lane.durable,
          concurrency: lane.concurrency,
        }),
      );
    }
  } catch (err) {
    await Promise.all(workers.map((w) => w.stop()));
    if (owned) await converter.close();
    throw err;
  }

  const stopping = new AbortController();
  const delays = o.requeueDelaysMs ?? [1_000, 5_000, 15_000, 60_000, 300_000];
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      stopping.signal.addEventListener(
        "abort",
        () => {
          clearTimeout(t);
          resolve();
        },
        { once: true },
      );
    });
  const requeued = (async () => {
    if (!delays.length) return 0; // requeue off
    for (const [i, delay] of delays.entries()) {
      await sleep(delay);
      if (stopping.signal.aborted) return 0;
      try {
        const n = await requeueStranded(o.db, o.queue, stopping.signal);
        if (n) o.log.info({ documents: n }, "conversion: waiting documents requeued");
        return n;
      } catch (err) {
        if (stopping.signal.aborted) return 0;
        o.log.warn({ err, attempt: i + 1 }, "conversion: requeue failed; trying again later");
      }
    }
    o.log.error({}, "conversion: waiting documents could not be requeued");
    return 0;
  })();

  return {
    requeued,
    async stop() {
      stopping.abort();
      await requeued;
      await Promise.all(workers.map((w) => w.stop()));
      if (owned) await converter.close();
    },
  };
}

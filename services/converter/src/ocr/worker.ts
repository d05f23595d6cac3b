// The OCR worker: a consumer of the OCR work queue (ocr/queue.ts), one job (one converted file) at
// a time by default. A job that fails in a way a retry can help (storage, a report the content
// service did not take, a shutdown) goes back to the queue with backoff; one that cannot (the
// document is gone from storage, corrupt) is dropped with a log line: the document stays as its
// conversion left it. A page over its budgets is not a job failure (recognize.ts gives up on it).
import { tmpdir } from "node:os";
import type { BusLogger, BusMessage, Consumer, EventBus, StreamSpec } from "@wenku/kit/bus";
import type { Storage } from "@wenku/kit/storage";
import { toConversionError } from "../errors.js";
import { decodeJob } from "../job.js";
import type { OcrRequests } from "./queue.js";
import { type OcrLimits, type RecognitionSink, recognizeFile } from "./recognize.js";
import type { PageScanner } from "./scan.js";
import type { TesseractProbe } from "./tesseract.js";

export interface OcrWorkerOptions {
  bus: EventBus;
  storage: Storage;
  sink: RecognitionSink;
  /** Told when a job is done with (recognised or given up), so a restart does not ask for it again. */
  requests?: Pick<OcrRequests, "done">;
  scanner: PageScanner;
  tesseract: Pick<TesseractProbe, "path" | "prlimit" | "languages">;
  limits: OcrLimits;
  log: BusLogger;
  stream: StreamSpec;
  subject: string;
  durable: string;
  /** Jobs at once (default 1: tesseract is CPU-bound, and conversions come first). */
  concurrency?: number;
  /** Redelivery after this long without a sign of life (default 60 s; a page's OCR sends one). */
  ackWaitMs?: number;
  /** Deliveries before a job is given up (default 5). */
  maxAttempts?: number;
  backoffMs?: number[];
  /** One job may take this long in all (default 2 h). */
  jobTimeoutMs?: number;
  workDir?: string;
}

export interface OcrWorker {
  /** Aborts the jobs in flight (handed back to the queue) and stops consuming. */
  stop(): Promise<void>;
}

const undelivered = (err: unknown) =>
  typeof err === "object" && err !== null && (err as { name?: unknown }).name === "ReportUndelivered";

export async function startOcrWorker(o: OcrWorkerOptions): Promise<OcrWorker> {
  const { log } = o;
  const ackWaitMs = o.ackWaitMs ?? 60_000;
  const running = new Set<AbortController>();

  async function handle(msg: BusMessage): Promise<void> {
    const job = decodeJob(msg.data);
    if (typeof job === "string") {
      log.error({ id: msg.id, problem: job }, "ocr: malformed request dropped");
      return;
    }
    const ac = new AbortController();
    running.add(ac);
    const signal = AbortSignal.any([ac.signal, AbortSignal.timeout(o.jobTimeoutMs ?? 2 * 3600_000)]);
    let last = Date.now();
    const beat = () => {
      if (Date.now() - last < ackWaitMs / 4) return;
      last = Date.now();
      msg.working();
    };
    const ctx = { document_id: String(job.documentId), hash: job.attachmentHash, attempt: msg.deliveryCount };
    const done = () => o.requests?.done(job);
    try {
      await recognizeFile(
        {
          storage: o.storage,
          scanner: o.scanner,
          tesseract: o.tesseract,
          limits: o.limits,
          log,
          workDir: o.workDir ?? tmpdir(),
          report: (j, r) => o.sink.onRecognized(j, r),
        },
        job,
        signal,
        beat,
      );
      await done();
    } catch (err) {
      if (undelivered(err)) throw err; // again later: the pages done are not done twice
      const e = toConversionError(err);
      if (e.retryable) {
        log.warn({ ...ctx, reason: e.reason, detail: e.detail }, "ocr: attempt failed");
        throw e;
      }
      log.warn({ ...ctx, reason: e.reason, detail: e.detail }, "ocr: given up (the document keeps its conversion)");
      await done();
    } finally {
      running.delete(ac);
    }
  }

  await o.bus.ensureStream(o.stream);
  const consumer: Consumer = await o.bus.consume(
    {
      stream: o.stream.name,
      durable: o.durable,
      filterSubject: o.subject,
      concurrency: o.concurrency ?? 1,
      maxDeliver: o.maxAttempts ?? 5,
      ackWaitMs,
      ...(o.backoffMs ? { backoffMs: o.backoffMs } : {}),
      onDead: async (msg, err) => {
        log.error({ id: msg.id, err: err instanceof Error ? err.message : String(err) }, "ocr: attempts exhausted");
        const job = decodeJob(msg.data);
        if (typeof job !== "string") await o.requests?.done(job);
      },
    },
    handle,
  );
  return {
    async stop() {
      for (const ac of running) ac.abort(new Error("the worker is stopping"));
      await consumer.stop();
    },
  };
}

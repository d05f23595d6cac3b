// The conversion worker: a JetStream work-queue consumer (every worker shares one durable, so each
// request goes to one of them). Per request: report started → reuse the outputs of an already
// converted file (manifest) or fetch the original, convert it and upload the pages → report converted
// → ack. Retryable failures (tool crash, storage) are retried by the bus with backoff up to
// maxAttempts (or the fewer attempts the error allows), then reported final; non-retryable ones
// (corrupt, encrypted, unsupported, too complex, a timeout or memory limit, a missing tool) are final at once.
// A worker that dies mid-job never acks: JetStream redelivers after ackWait. While a job makes
// progress (a page rendered, LibreOffice still running) the worker sends in-progress acks.
import { tmpdir } from "node:os";
import type { BusLogger, BusMessage, Consumer, EventBus, StreamSpec } from "@wenku/kit/bus";
import type { Storage } from "@wenku/kit/storage";
import { convertFile } from "./convert-file.js";
import type { Converter } from "./converter.js";
import { ConversionError, toConversionError } from "./errors.js";
import { type ConversionJob, conversionStream, conversionSubject, decodeJob } from "./job.js";
import { type ConversionFailure, type ConvertedDocument, failureOf, reusableOutputs } from "./result.js";
import { singleFlight } from "./single-flight.js";

export type { ConversionFailure, ConvertedDocument } from "./result.js";

/**
 * Where the worker reports: the content service (ConversionReportAPI, reports.client.ts) in
 * production, memory in tests. A sink that cannot deliver a report throws ReportUndelivered.
 */
export interface ConversionSink {
  /** false: no document waits for this conversion any more (a duplicate request): it is skipped. */
  onStarted(job: ConversionJob, attempt: number): Promise<boolean | undefined>;
  onConverted(job: ConversionJob, result: ConvertedDocument): Promise<void>;
  /** `final`: no more attempts (status "convert failed"); otherwise a retry follows. `attempt` is 1-based. */
  onFailed(job: ConversionJob, failure: ConversionFailure, final: boolean, attempt: number): Promise<void>;
}

/**
 * A report the sink could not deliver (the content service is down or refused it): the job goes back
 * to the queue unreported and is delivered again, so no outcome is lost.
 */
export class ReportUndelivered extends Error {
  override readonly name = "ReportUndelivered";
}

/** Duck-typed: errors cross jest's vm realms, where `instanceof` fails. */
const undelivered = (err: unknown) =>
  typeof err === "object" && err !== null && (err as { name?: unknown }).name === "ReportUndelivered";

export interface ConversionWorkerOptions {
  bus: EventBus;
  storage: Storage;
  sink: ConversionSink;
  converter: Converter;
  log: BusLogger;
  /** Shared by every worker: one durable = one work queue (default "conversion"). */
  durable?: string;
  /** Default conversionStream / conversionSubject (tests use their own, so parallel runs never meet). */
  stream?: StreamSpec;
  subject?: string;
  concurrency?: number;
  /** Deliveries before a retryable failure becomes final (default 5). */
  maxAttempts?: number;
  /** Delay before each retry (default the bus's [1 s, 5 s, 15 s, 60 s]). */
  backoffMs?: number[];
  /** Redelivery after this long without an ack or an in-progress ack (default 60 s). */
  ackWaitMs?: number;
  /**
   * A job is aborted (retryable "timeout") after this long when its request carries no
   * timeout_minutes (default 30 min, moredoc's converter.timeout).
   */
  jobTimeoutMs?: number;
  /** Temp files (default the OS temp dir). */
  workDir?: string;
  /** Instrumentation seam (tests): runs after the original is fetched, before it is converted. */
  hooks?: { beforeConvert?: (job: ConversionJob, signal: AbortSignal) => Promise<void> };
  /** After a conversion is reported (the OCR request); a failure is logged, the conversion stands. */
  afterConverted?: (job: ConversionJob, result: ConvertedDocument) => Promise<void>;
}

export interface ConversionWorker {
  /** Aborts the jobs in flight (they are handed back to the queue, not reported failed) and stops consuming. */
  stop(): Promise<void>;
}

export async function startConversionWorker(o: ConversionWorkerOptions): Promise<ConversionWorker> {
  const { bus, storage, sink, converter, log } = o;
  const ackWaitMs = o.ackWaitMs ?? 60_000;
  const maxAttempts = o.maxAttempts ?? 5;
  const jobTimeoutMs = o.jobTimeoutMs ?? 30 * 60_000;
  const workDir = o.workDir ?? tmpdir();
  const running = new Set<AbortController>();
  let stopping = false;

  const convertOnce = singleFlight({
    reusable: (job) => reusableOutputs(storage, job),
    convert: (job, signal, beat) =>
      convertFile({ storage, converter, log, workDir, beforeConvert: o.hooks?.beforeConvert }, job, signal, beat),
  });

  async function handle(msg: BusMessage): Promise<void> {
    const job = decodeJob(msg.data);
    if (typeof job === "string") {
      log.error({ id: msg.id, problem: job }, "conversion: malformed request dropped");
      return;
    }
    const ac = new AbortController();
    running.add(ac);
    const timeoutMs = job.timeoutMinutes > 0 ? job.timeoutMinutes * 60_000 : jobTimeoutMs;
    const signal = AbortSignal.any([ac.signal, AbortSignal.timeout(timeoutMs)]);
    let last = Date.now();
    const beat = () => {
      const now = Date.now();
      if (now - last < ackWaitMs / 4) return;
      last = now;
      msg.working();
    };
    const ctx = { document_id: String(job.documentId), hash: job.attachmentHash, attempt: msg.deliveryCount };
    try {
      if ((await sink.onStarted(job, msg.deliveryCount)) === false) {
        log.info(ctx, "conversion: no document waits for this file any more; skipped");
        return;
      }
      const result = await convertOnce(job, signal, beat);
      await sink.onConverted(job, result);
      await o.afterConverted?.(job, result).catch((err: unknown) => {
        log.error(
          { ...ctx, err: err instanceof Error ? err.message : String(err) },
          "conversion: follow-up not requested",
        );
      });
    } catch (err) {
      if (undelivered(err)) throw err; // nak: redelivered with backoff, converted again from the reused outputs
      const e = toConversionError(err);
      if (!e.retryable) {
        log.warn({ ...ctx, reason: e.reason, detail: e.detail }, "conversion: failed for good");
        await sink.onFailed(job, failureOf(e), true, msg.deliveryCount);
        return; // ack: retrying cannot help
      }
      if (stopping && e.reason === "aborted") throw e; // handed back on shutdown: not a failure
      if (e.maxAttempts !== undefined && msg.deliveryCount >= Math.min(e.maxAttempts, maxAttempts)) {
        log.warn({ ...ctx, reason: e.reason, detail: e.detail }, "conversion: failed for good after a retry");
        await sink.onFailed(job, failureOf(e), true, msg.deliveryCount);
        return; // ack: this kind of failure gets no more attempts
      }
      log.warn({ ...ctx, reason: e.reason, detail: e.detail }, "conversion: attempt failed");
      if (msg.deliveryCount < maxAttempts) await sink.onFailed(job, failureOf(e), false, msg.deliveryCount);
      throw e; // nak with backoff; the last attempt goes to onDead
    } finally {
      running.delete(ac);
    }
  }

  async function dead(msg: BusMessage, err: unknown): Promise<void> {
    const job = decodeJob(msg.data);
    if (typeof job === "string") return;
    const e =
      (err as { code?: unknown }).code === "ack_timeout"
        ? new ConversionError("timeout", `no answer from the worker on attempt ${maxAttempts} (killed or hung)`)
        : toConversionError(err);
    log.error(
      { document_id: String(job.documentId), reason: e.reason, detail: e.detail },
      "conversion: attempts exhausted",
    );
    await sink.onFailed(job, failureOf(e), true, msg.deliveryCount);
  }

  const stream = o.stream ?? conversionStream;
  await bus.ensureStream(stream);
  const consumer: Consumer = await bus.consume(
    {
      stream: stream.name,
      durable: o.durable ?? "conversion",
      filterSubject: o.subject ?? conversionSubject,
      concurrency: o.concurrency ?? 1,
      maxDeliver: maxAttempts,
      ackWaitMs,
      ...(o.backoffMs ? { backoffMs: o.backoffMs } : {}),
      onDead: dead,
    },
    handle,
  );
  return {
    async stop() {
      stopping = true;
      for (const ac of running) ac.abort(new Error("the worker is stopping"));
      await consumer.stop();
    },
  };
}

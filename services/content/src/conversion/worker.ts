// The conversion worker: a JetStream work-queue consumer (every worker shares one durable, so each
// request goes to one of them). Per request: report started → reuse the outputs of an already
// converted file (manifest) or fetch the original, convert it and upload the pages → report converted
// → ack. Retryable failures (tool crash, storage) are retried by the bus with backoff up to
// maxAttempts (or the fewer attempts the error allows), then reported final; non-retryable ones
// (corrupt, encrypted, unsupported, too complex, a timeout or memory limit, a missing tool) are final at once.
// A worker that dies mid-job never acks: JetStream redelivers after ackWait. While a job makes
// progress (a page rendered, LibreOffice still running) the worker sends in-progress acks.
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { BusLogger, BusMessage, Consumer, EventBus, StreamSpec } from "@wenku/kit/bus";
import type { Storage } from "@wenku/kit/storage";
import type { Converter } from "./converter.js";
import { ConversionError, checkAborted, toConversionError } from "./errors.js";
import { normalizeExtension } from "./formats.js";
import {
  type ConversionJob,
  conversionStream,
  conversionSubject,
  decodeJob,
  type Manifest,
  outputKeys,
  parseManifest,
  previewPages,
} from "./job.js";
import { previewTextOf } from "./text.js";

export interface ConvertedDocument {
  hash: string;
  pages: number;
  /** Pages previewable: 1..rendered (the job's preview limit; each has an SVG). */
  rendered: number;
  width: number;
  height: number;
  /** Extracted text of every page (bounded, see RenderOptions.maxTextBytes). */
  text: string;
  textTruncated: boolean;
  /** Text of pages 1..rendered only (bounded, 64 KiB): what visitors may read. */
  previewText: string;
  /** Outputs of an earlier conversion of the same file were reused. */
  reused: boolean;
  previewExt: ".svg";
  enableGzip: true;
}

export interface ConversionFailure {
  reason: string;
  /** Chinese, for the back office (document.convert_error). */
  message: string;
  /** English, technical. */
  detail: string;
  retryable: boolean;
}

/** Where the worker reports: the documents table in production, memory in tests. */
export interface ConversionSink {
  /** false: no document waits for this conversion any more (a duplicate request): it is skipped. */
  onStarted(job: ConversionJob, attempt: number): Promise<boolean | undefined | void>;
  onConverted(job: ConversionJob, result: ConvertedDocument): Promise<void>;
  /** `final`: no more attempts (status "convert failed"); otherwise a retry follows. `attempt` is 1-based. */
  onFailed(job: ConversionJob, failure: ConversionFailure, final: boolean, attempt: number): Promise<void>;
}

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
}

export interface ConversionWorker {
  /** Aborts the jobs in flight (they are handed back to the queue, not reported failed) and stops consuming. */
  stop(): Promise<void>;
}

const utf8 = new TextDecoder();

async function readText(storage: Storage, key: string): Promise<string | undefined> {
  try {
    const chunks: Buffer[] = [];
    for await (const c of await storage.get(key)) chunks.push(Buffer.from(c as Uint8Array));
    return utf8.decode(Buffer.concat(chunks));
  } catch (err) {
    if ((err as { code?: unknown }).code === "not_found") return undefined;
    throw err;
  }
}

function failureOf(e: ConversionError): ConversionFailure {
  return { reason: e.reason, message: e.message, detail: e.detail, retryable: e.retryable };
}

export async function startConversionWorker(o: ConversionWorkerOptions): Promise<ConversionWorker> {
  const { bus, storage, sink, converter, log } = o;
  const ackWaitMs = o.ackWaitMs ?? 60_000;
  const maxAttempts = o.maxAttempts ?? 5;
  const jobTimeoutMs = o.jobTimeoutMs ?? 30 * 60_000;
  const workDir = o.workDir ?? tmpdir();
  const running = new Set<AbortController>();
  /** One conversion per file hash in this process; other jobs for the same hash wait for it. */
  const singleFlight = new Map<string, Promise<ConvertedDocument>>();
  let stopping = false;

  /** The preview limit of this job as a function of the page count. */
  const limitOf = (job: ConversionJob) => (pages: number) => previewPages(pages, job.maxPreview, job.maxPreviewPercent);

  /** Outputs of an earlier conversion that cover this job's preview limit, or undefined. */
  async function existing(job: ConversionJob): Promise<ConvertedDocument | undefined> {
    const hash = job.attachmentHash;
    const keys = outputKeys(hash);
    const raw = await readText(storage, keys.manifest);
    const m = raw === undefined ? undefined : parseManifest(raw, hash);
    if (!m) return undefined;
    if (m.rendered < limitOf(job)(m.pages)) return undefined; // the preview limit was raised since
    const text = await readText(storage, keys.text);
    if (text === undefined || Buffer.byteLength(text, "utf8") !== m.textBytes) return undefined;
    return toDocument(m, text, job, true);
  }

  /** The result for `job`: its own preview limit (a file rendered further for another job is cut back). */
  function toDocument(m: Manifest, text: string, job: ConversionJob, reused: boolean): ConvertedDocument {
    const rendered = Math.min(m.rendered, limitOf(job)(m.pages));
    return {
      hash: m.hash,
      pages: m.pages,
      rendered,
      width: m.width,
      height: m.height,
      text,
      textTruncated: m.textTruncated,
      previewText: previewTextOf(text, m.pageTextEnds, rendered),
      reused,
      previewExt: ".svg",
      enableGzip: true,
    };
  }

  async function fetchOriginal(job: ConversionJob, path: string): Promise<void> {
    let body: NodeJS.ReadableStream;
    try {
      body = await storage.get(job.storageKey);
    } catch (err) {
      if ((err as { code?: unknown }).code === "not_found") {
        throw new ConversionError("source_missing", `storage has no object ${job.storageKey}`, { cause: err });
      }
      throw err;
    }
    await pipeline(body, createWriteStream(path));
  }

  async function convert(job: ConversionJob, signal: AbortSignal, beat: () => void): Promise<ConvertedDocument> {
    const hash = job.attachmentHash;
    const keys = outputKeys(hash);
    const ext = normalizeExtension(job.ext);
    const local = join(workDir, `wenku-src-${randomUUID()}.${ext}`);
    try {
      await fetchOriginal(job, local);
      await o.hooks?.beforeConvert?.(job, signal);
      checkAborted(signal);
      const r = await converter.convert(
        { path: local, ext },
        {
          page: async (n, svg, gz) => {
            await Promise.all([
              storage.put(keys.page(n, false), svg, { contentType: "image/svg+xml", size: svg.length }),
              storage.put(keys.page(n, true), gz, { contentType: "image/svg+xml", size: gz.length }),
            ]);
          },
          cover: async (png) => {
            await storage.put(keys.cover, png, { contentType: "image/png", size: png.length });
          },
        },
        { maxPages: limitOf(job), signal, onProgress: beat },
      );
      const text = Buffer.from(r.text, "utf8");
      await storage.put(keys.text, text, { contentType: "text/plain; charset=utf-8", size: text.length });
      const m: Manifest = {
        version: 2,
        hash,
        ext,
        format: r.format,
        pages: r.pages,
        rendered: r.rendered,
        width: r.width,
        height: r.height,
        textBytes: text.length,
        textTruncated: r.textTruncated,
        pageTextEnds: r.pageTextEnds,
        svgBytes: r.svgBytes,
        gzipBytes: r.gzipBytes,
        ...(r.rasterPages.length ? { rasterPages: r.rasterPages } : {}),
        convertedAt: new Date().toISOString(),
      };
      const manifest = Buffer.from(JSON.stringify(m));
      await storage.put(keys.manifest, manifest, { contentType: "application/json", size: manifest.length });
      log.info(
        {
          hash,
          pages: r.pages,
          rendered: r.rendered,
          viaOffice: r.viaOffice,
          ...(r.rasterPages.length ? { rasterPages: r.rasterPages.slice(0, 20) } : {}),
          ...(r.skippedTextPages.length ? { skippedTextPages: r.skippedTextPages.slice(0, 20) } : {}),
          peakMemoryMb: Math.round(r.peakMemoryBytes / 2 ** 20),
        },
        "conversion: converted",
      );
      return toDocument(m, r.text, job, false);
    } finally {
      await rm(local, { force: true });
    }
  }

  async function convertOnce(job: ConversionJob, signal: AbortSignal, beat: () => void): Promise<ConvertedDocument> {
    const hash = job.attachmentHash;
    const inFlight = singleFlight.get(hash);
    if (inFlight) {
      // Another job of this process converts the same file: reuse its outputs when they cover this
      // job's preview limit (read back from its manifest), otherwise convert after it. A failure for
      // good is shared (a duplicate request, e.g. the start-up requeue, must not run a hostile file twice).
      const failed = await inFlight.then(
        () => undefined,
        (err: unknown) => toConversionError(err),
      );
      if (failed && !failed.retryable && !job.force) throw failed;
      return (await existing(job)) ?? convertOnce(job, signal, beat);
    }
    // Registered before the first await, so concurrent jobs for the same hash join this one.
    const p = (async () => (!job.force && (await existing(job))) || convert(job, signal, beat))();
    singleFlight.set(hash, p);
    try {
      return await p;
    } finally {
      singleFlight.delete(hash);
    }
  }

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
    } catch (err) {
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

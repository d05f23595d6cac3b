// The OCR work queue: after a document's conversion, a job (the conversion's own
// api.v1.ConversionRequested, on its own stream) asks for its pages without text to be recognised.
// A durable JetStream work queue in cluster mode (every converter shares the consumer, a job a
// killed converter held is delivered again), the in-process bus otherwise. Its stream is apart from
// the conversion's, so a long scan never holds up conversions.
//
// Each requested job is also kept in storage (ocr-pending/<hash>-<document>) until its worker is done
// with it, and asked again when a one-process site starts: the in-process bus forgets its messages on
// a restart, and a job asked twice does nothing twice (the manifest records the pages done).
import { randomUUID } from "node:crypto";
import type { BusLogger, EventBus, StreamSpec } from "@wenku/kit/bus";
import type { Storage } from "@wenku/kit/storage";
import { type ConversionJob, decodeJob, encodeJob } from "../job.js";

export const ocrSubject = "wenku.ocr.requested";
export const ocrStream: StreamSpec = { name: "WENKU_OCR", subjects: ["wenku.ocr.>"], maxAgeMs: 7 * 24 * 3600_000 };

/** The queue's stream, subject and consumer: the defaults, or a private set named after CONVERSION_QUEUE. */
export function ocrChannel(name?: string): { stream: StreamSpec; subject: string; durable: string } {
  if (!name) return { stream: ocrStream, subject: ocrSubject, durable: "ocr" };
  return {
    stream: { ...ocrStream, name: `WENKU_OCR_${name}`, subjects: [`wenku.ocr_${name}.>`] },
    subject: `wenku.ocr_${name}.requested`,
    durable: `ocr_${name}`,
  };
}

/** Where requested jobs wait in storage until done. */
export const ocrPendingPrefix = "ocr-pending/";
const pendingKey = (job: ConversionJob) => `${ocrPendingPrefix}${job.attachmentHash}-${job.documentId}`;

export interface OcrRequests {
  /** Asks for OCR of the job's file (its pages without text); the worker finds out which. */
  request(job: ConversionJob): Promise<void>;
  /** The job's worker is done with it (recognised, or given up): it is not asked again. */
  done(job: ConversionJob): Promise<void>;
  /** Asks again for every job not done (a restart cut it short); returns how many. */
  resume(log: BusLogger): Promise<number>;
}

export function createOcrRequests(
  bus: EventBus,
  channel: { stream: StreamSpec; subject: string },
  storage: Storage,
): OcrRequests {
  let ready: Promise<void> | undefined;
  const publish = async (data: Uint8Array, msgId: string) => {
    ready ??= bus.ensureStream(channel.stream).catch((err: unknown) => {
      ready = undefined;
      throw err;
    });
    await ready;
    await bus.publish(channel.subject, data, { msgId });
  };
  return {
    async request(job) {
      const data = encodeJob(job);
      await storage.put(pendingKey(job), data, { contentType: "application/x-protobuf", size: data.length });
      await publish(data, randomUUID());
    },
    async done(job) {
      await storage.delete(pendingKey(job));
    },
    async resume(log) {
      let n = 0;
      for await (const o of storage.list(ocrPendingPrefix)) {
        const chunks: Buffer[] = [];
        for await (const c of await storage.get(o.key)) chunks.push(Buffer.from(c as Uint8Array));
        const job = decodeJob(Buffer.concat(chunks));
        if (typeof job === "string") {
          log.warn({ key: o.key, problem: job }, "ocr: an unreadable pending job is dropped");
          await storage.delete(o.key);
          continue;
        }
        // Converters starting together ask once (the bus's dedupe window).
        await publish(encodeJob(job), `ocr-resume:${o.key}`);
        n++;
      }
      return n;
    },
  };
}

// The OCR work queue: after a document's conversion, a job (the conversion's own
// api.v1.ConversionRequested, on its own stream) asks for its pages without text to be recognised.
// A durable JetStream work queue in cluster mode (every converter shares the consumer, a job a
// killed converter held is delivered again), the in-process bus otherwise. Its stream is apart from
// the conversion's, so a long scan never holds up conversions.
import { randomUUID } from "node:crypto";
import type { EventBus, StreamSpec } from "@wenku/kit/bus";
import { type ConversionJob, encodeJob } from "../job.js";

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

export interface OcrRequests {
  /** Asks for OCR of the job's file (its pages without text); the worker finds out which. */
  request(job: ConversionJob): Promise<void>;
}

export function createOcrRequests(bus: EventBus, channel: { stream: StreamSpec; subject: string }): OcrRequests {
  let ready: Promise<void> | undefined;
  return {
    async request(job) {
      ready ??= bus.ensureStream(channel.stream).catch((err: unknown) => {
        ready = undefined;
        throw err;
      });
      await ready;
      await bus.publish(channel.subject, encodeJob(job), { msgId: randomUUID() });
    },
  };
}

// The conversion queue as the document code sees it (ports.ts ConversionQueue): one
// api.v1.ConversionRequested per document on the conversion work queue, carrying the converter
// settings of the moment (preview limit, timeout) and the document's language, so a worker never
// needs the config service or the documents table.
// Callers publish after their transaction committed; a failed publish (NATS down) is logged and thrown,
// and told to onLost's listeners: the document keeps its waiting status, and the requeue (requeue.ts)
// asks again for every waiting document until a publish gets through. Office documents go
// to the office lane's subject, everything else to the main one.
import { randomUUID } from "node:crypto";
import {
  conversionOfficeSubject,
  conversionRouteOf,
  conversionStream,
  conversionSubject,
  encodeJob,
} from "@wenku/converter/contract";
import type { SettingsReader } from "@wenku/kit";
import type { BusLogger, EventBus, StreamSpec } from "@wenku/kit/bus";
import type { ConversionQueue, ConversionRequest } from "../ports.js";

export interface ConversionQueueOptions {
  bus: EventBus;
  settings: Pick<SettingsReader, "current">;
  log: BusLogger;
  /** The documents' language codes (languages.code) where they have one: OCR reads their scans in it. */
  languages?: (documentIds: readonly bigint[]) => Promise<ReadonlyMap<bigint, string>>;
  /** Default conversionStream / conversionSubject (tests use their own). */
  stream?: StreamSpec;
  subject?: string;
  /**
   * Office documents' subject: default conversionOfficeSubject with the default subject; with a
   * custom `subject` and no officeSubject, office documents share `subject` (one lane).
   */
  officeSubject?: string;
}

export interface PublishOptions {
  force?: boolean;
  /**
   * The bus message id of each request (JetStream drops a repeat within its dedupe window). Default a
   * fresh id per request: two requests for one document (create, then reconvert) are both delivered.
   */
  messageId?: (doc: ConversionRequest) => string;
}

export interface ConversionQueueImpl extends ConversionQueue {
  request(docs: readonly ConversionRequest[], opts?: PublishOptions): Promise<void>;
  /** `listener` is called after each request that could not be published; returns its removal. */
  onLost(listener: () => void): () => void;
}

/** The conversion request of a document with its file. */
export const conversionRequestOf = (d: {
  id: bigint;
  attachmentHash: string;
  ext: string;
  title: string;
  attachment: { storageKey: string };
}): ConversionRequest => ({
  documentId: d.id,
  attachmentHash: d.attachmentHash,
  storageKey: d.attachment.storageKey,
  ext: d.ext,
  title: d.title,
});

/** About 24 days: what a timer (and the job's validation) accepts. */
const maxTimeoutMinutes = 35_000;

export function createConversionQueue(o: ConversionQueueOptions): ConversionQueueImpl {
  const stream = o.stream ?? conversionStream;
  const subject = o.subject ?? conversionSubject;
  const officeSubject = o.officeSubject ?? (o.subject ? o.subject : conversionOfficeSubject);
  let ready: Promise<void> | undefined;
  /** The stream must exist before a publish (in a process that runs no worker, nobody else creates it). */
  const ensureStream = () => {
    ready ??= o.bus.ensureStream(stream).catch((err: unknown) => {
      ready = undefined;
      throw err;
    });
    return ready;
  };

  const lost = new Set<() => void>();
  return {
    onLost(listener) {
      lost.add(listener);
      return () => lost.delete(listener);
    },
    async request(docs, opts = {}) {
      if (!docs.length) return;
      const ids = docs.map((d) => String(d.documentId));
      try {
        const converter = (await o.settings.current()).converter;
        const languages = (await o.languages?.(docs.map((d) => d.documentId))) ?? new Map<bigint, string>();
        await ensureStream();
        for (const d of docs) {
          const data = encodeJob({
            documentId: d.documentId,
            attachmentHash: d.attachmentHash,
            storageKey: d.storageKey,
            ext: d.ext,
            title: d.title ?? "",
            force: Boolean(opts.force) || Boolean(converter?.enableConvertRepeatedDocument),
            maxPreview: Math.max(0, converter?.maxPreview ?? 0),
            maxPreviewPercent: Math.min(100, Math.max(0, converter?.maxPreviewPercent ?? 0)),
            timeoutMinutes: Math.min(maxTimeoutMinutes, Math.max(0, converter?.timeout ?? 0)),
            language: languages.get(d.documentId) ?? "",
          });
          const lane = conversionRouteOf(d.ext) === "office" ? officeSubject : subject;
          await o.bus.publish(lane, data, { msgId: opts.messageId?.(d) ?? randomUUID() });
        }
      } catch (err) {
        o.log.error({ err, document_ids: ids }, "conversion: request not published (requeued once the bus answers)");
        for (const listener of lost) listener();
        throw err;
      }
    },
  };
}

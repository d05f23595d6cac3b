// The conversion request on the bus (api.v1.ConversionRequested, protobuf), the preview limit it
// carries, and where a conversion's outputs live in storage (and how to read them back).
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import type { StreamSpec } from "@wenku/kit/bus";
import type { Storage } from "@wenku/kit/storage";
import { type ConversionRequested, ConversionRequestedSchema } from "@wenku/proto/api/v1/events_pb.js";
import { pageTextFileName } from "@wenku/proto/page-text";

export const conversionSubject = "wenku.conversion.requested";
/**
 * Office documents (LibreOffice first: slow, memory-hungry) travel on their own subject, taken by
 * their own consumer (the office lane), so a slow office document never holds up a PDF.
 */
export const conversionOfficeSubject = "wenku.conversion.office";
export const conversionStream: StreamSpec = {
  name: "WENKU_CONVERSION",
  subjects: ["wenku.conversion.>"],
  maxAgeMs: 7 * 24 * 3600_000,
};

/**
 * The queue's stream, subjects (office lane and the rest) and worker consumer: the defaults, or a
 * private set named after CONVERSION_QUEUE (subjects outside "wenku.conversion.>", since JetStream
 * streams may not overlap). The office lane's durable is `<durable>_office`.
 */
export function conversionChannel(name?: string): {
  stream?: StreamSpec;
  subject?: string;
  officeSubject?: string;
  durable?: string;
} {
  if (!name) return {};
  return {
    stream: { ...conversionStream, name: `WENKU_CONVERSION_${name}`, subjects: [`wenku.conversion_${name}.>`] },
    subject: `wenku.conversion_${name}.requested`,
    officeSubject: `wenku.conversion_${name}.office`,
    durable: `conversion_${name}`,
  };
}

/** A validated api.v1.ConversionRequested. */
export type ConversionJob = ConversionRequested;

/** MD5 (32 hex digits) or SHA-256 (64): the hash names a storage prefix, so nothing else gets through. */
const hashPattern = /^[0-9a-f]{32}(?:[0-9a-f]{32})?$/;
const int32Max = 2 ** 31 - 1;

/** The job, or a description of what is wrong with the message (a poison message is dropped, never retried). */
export function decodeJob(data: Uint8Array): ConversionJob | string {
  let m: ConversionRequested;
  try {
    m = fromBinary(ConversionRequestedSchema, data);
  } catch {
    return "not an api.v1.ConversionRequested message";
  }
  if (m.documentId <= 0n) return "document_id must be a positive integer";
  if (!hashPattern.test(m.attachmentHash)) return "attachment_hash must be 32 or 64 lowercase hex digits";
  if (m.storageKey === "") return "storage_key is required";
  if (!/^\.?[a-z0-9]{1,8}$/i.test(m.ext)) return "ext is required";
  if (m.maxPreview < 0) return "max_preview must not be negative";
  if (m.maxPreviewPercent < 0 || m.maxPreviewPercent > 100) return "max_preview_percent must be 0…100";
  if (m.timeoutMinutes < 0 || m.timeoutMinutes > int32Max / 60_000) return "timeout_minutes out of range";
  if (!/^[A-Za-z0-9_-]{0,16}$/.test(m.language)) return "language must be a language code of at most 16 characters";
  if (m.title.length > 1000) return "title is longer than 1000 characters";
  return m;
}

export function encodeJob(job: Partial<Omit<ConversionJob, "$typeName">>): Uint8Array {
  return toBinary(ConversionRequestedSchema, create(ConversionRequestedSchema, job));
}

/**
 * Pages rendered (and previewable) for a document of `pages` pages: all of them when neither limit is
 * set (max_preview ≤ 0, percent 0 or 100), otherwise the smaller of the two limits, at least 1.
 */
export function previewPages(pages: number, maxPreview: number, maxPreviewPercent: number): number {
  if (pages <= 0) return 0;
  const byCount = maxPreview > 0 ? maxPreview : pages;
  const byPercent =
    maxPreviewPercent > 0 && maxPreviewPercent < 100
      ? Math.max(1, Math.ceil((pages * maxPreviewPercent) / 100))
      : pages;
  return Math.max(1, Math.min(byCount, byPercent, pages));
}

/**
 * Storage keys of one file's outputs: documents/<hash>/page-N.svg, page-N.gzip.svg, page-N.text.json,
 * cover.png, text.txt, manifest.json (and office.pdf for OCR of an office document's scanned pages).
 */
export function outputKeys(hash: string) {
  const prefix = `documents/${hash}/`;
  return {
    prefix,
    page: (n: number, gzip: boolean) => `${prefix}page-${n}${gzip ? ".gzip" : ""}.svg`,
    /** The page's text with positions (page-text.ts); absent for files converted before it existed. */
    pageText: (n: number) => `${prefix}${pageTextFileName(n)}`,
    cover: `${prefix}cover.png`,
    /** The PDF LibreOffice made of an office document with pages without text: OCR draws them from it. */
    officePdf: `${prefix}office.pdf`,
    text: `${prefix}text.txt`,
    /** Written last: its presence means every other output is complete. */
    manifest: `${prefix}manifest.json`,
  };
}

/** What the manifest records about a converted file. */
export interface Manifest {
  version: 2;
  hash: string;
  ext: string;
  format: string;
  pages: number;
  rendered: number;
  width: number;
  height: number;
  textBytes: number;
  textTruncated: boolean;
  /** UTF-8 byte offset in text.txt where page n's text ends, at index n-1 (one entry per page). */
  pageTextEnds: number[];
  svgBytes: number;
  gzipBytes: number;
  /** Pages whose SVG wraps a raster image (over the time, memory or size budget as vectors). */
  rasterPages?: number[];
  /** Pages without text recognised by OCR after the conversion (their text is in text.txt now), and those it gave up on. */
  ocr?: { pages: number[]; failed: Array<{ page: number; reason: string }> };
  /** Rendered pages with a page-N.text.json (absent: converted before text layers existed). */
  textLayerPages?: number;
  /** Pages whose text layer was cut at its byte budget. */
  textLayerTruncated?: number[];
  convertedAt: string;
}

/** Undefined for anything but a complete version-2 manifest of `hash` (older ones are converted again). */
export function parseManifest(raw: string, hash: string): Manifest | undefined {
  try {
    const m = JSON.parse(raw) as Partial<Manifest>;
    if (m.version !== 2 || m.hash !== hash || !(typeof m.pages === "number" && m.pages > 0)) return undefined;
    if (!(typeof m.rendered === "number" && m.rendered > 0)) return undefined;
    const ends = m.pageTextEnds;
    if (!Array.isArray(ends) || ends.length !== m.pages) return undefined;
    if (!ends.every((e, i) => Number.isInteger(e) && e >= ((ends[i - 1] as number | undefined) ?? 0))) return undefined;
    return m as Manifest;
  } catch {
    return undefined;
  }
}

const utf8 = new TextDecoder();

/** A stored object as text; undefined when there is none. */
export async function readText(storage: Storage, key: string): Promise<string | undefined> {
  try {
    const chunks: Buffer[] = [];
    for await (const c of await storage.get(key)) chunks.push(Buffer.from(c as Uint8Array));
    return utf8.decode(Buffer.concat(chunks));
  } catch (err) {
    if ((err as { code?: unknown }).code === "not_found") return undefined;
    throw err;
  }
}

// What a conversion reports for a document (ConvertedDocument, ConversionFailure), made from a converted
// file's stored outputs (manifest.json, text.txt under outputKeys(hash)), and whether an earlier conversion
// of the same file can be reused.
import type { Storage } from "@wenku/kit/storage";
import type { ConversionError } from "./errors.js";
import { type ConversionJob, type Manifest, outputKeys, parseManifest, previewPages, readText } from "./job.js";
import type { RenderResult } from "./mupdf-render.js";
import { previewTextOf } from "./text.js";

/** What a conversion reports for one document: the renderer's page and text facts, cut to its job's preview limit. */
export interface ConvertedDocument
  extends Pick<RenderResult, "pages" | "rendered" | "width" | "height" | "text" | "textTruncated" | "previewText"> {
  hash: string;
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

export function failureOf(e: ConversionError): ConversionFailure {
  return { reason: e.reason, message: e.message, detail: e.detail, retryable: e.retryable };
}

/** The preview limit of this job as a function of the page count. */
export const limitOf = (job: ConversionJob) => (pages: number) =>
  previewPages(pages, job.maxPreview, job.maxPreviewPercent);

/** The result for `job`: its own preview limit (a file rendered further for another job is cut back). */
export function toDocument(m: Manifest, text: string, job: ConversionJob, reused: boolean): ConvertedDocument {
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

/**
 * Outputs of an earlier conversion with every page rendered (readers who downloaded a document read
 * past its preview), or undefined: files rendered only to an earlier preview limit are converted again.
 */
export async function reusableOutputs(storage: Storage, job: ConversionJob): Promise<ConvertedDocument | undefined> {
  const hash = job.attachmentHash;
  const keys = outputKeys(hash);
  const raw = await readText(storage, keys.manifest);
  const m = raw === undefined ? undefined : parseManifest(raw, hash);
  if (!m) return undefined;
  if (m.rendered < m.pages) return undefined;
  const text = await readText(storage, keys.text);
  if (text === undefined || Buffer.byteLength(text, "utf8") !== m.textBytes) return undefined;
  return toDocument(m, text, job, true);
}

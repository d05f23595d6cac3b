// What the converter reports (ConversionReportAPI), applied to the documents table. A conversion
// belongs to a file (its hash), so every live document of that file moves together: pending/reconvert
// → converting → converted or failed. Disabled, rejected and converted documents are never touched;
// pending-review ones get pages, preview and errors but keep their status (review decides that).
// Categories' doc_count is recounted after each change (failed documents are not counted). A document
// uploaded without a language gets the one its text is detected in (when the site offers it), after
// the conversion or, for a scan, once OCR has recognised its pages.

import {
  type ConversionJob,
  descriptionOf,
  outputKeys,
  parseManifest,
  previewTextOf,
  readText,
} from "@wenku/converter/contract";
import { DomainError } from "@wenku/kit";
import type { BusLogger } from "@wenku/kit/bus";
import type { Storage } from "@wenku/kit/storage";
import type {
  ConversionConvertedRequest,
  ConversionFailedRequest,
  ConversionRecognizedRequest,
} from "@wenku/proto/api/v1/converter_internal_pb.js";
import { createCategoryRepository } from "../categories/category.repository.js";
import type { Db } from "../db.js";
import type { DocumentEvents } from "../documents/document.events.js";
import { DocStatus } from "../documents/visibility.js";
import { detectLanguage } from "../languages/detect.js";
import { createConversionRepository } from "./conversion.repository.js";

export interface DocumentSinkOptions {
  db: Db;
  /** Where the converter left the file's text (text.txt) and manifest. */
  storage: Storage;
  log: BusLogger;
  /** Told of every document whose status or pages the sink changed. */
  events: Pick<DocumentEvents, "changed">;
}

type Converted = Pick<
  ConversionConvertedRequest,
  "pages" | "rendered" | "width" | "height" | "textBytes" | "textTruncated" | "reused"
>;
type Failed = Pick<ConversionFailedRequest, "message" | "final" | "attempt">;
type Recognized = Pick<ConversionRecognizedRequest, "pages" | "rendered" | "textBytes">;

export interface DocumentSink {
  /** false: no document waits for this conversion any more (a duplicate request): skip it. */
  started(job: ConversionJob): Promise<boolean>;
  converted(job: ConversionJob, r: Converted): Promise<void>;
  failed(job: ConversionJob, f: Failed): Promise<void>;
  /** Pages of a converted file recognised by OCR: its stored text, description and index follow. */
  recognized(job: ConversionJob, r: Recognized): Promise<void>;
}

export function createDocumentSink({ db, storage, log, events }: DocumentSinkOptions): DocumentSink {
  const repo = createConversionRepository(db);
  const categories = createCategoryRepository(db);

  async function recount(documentIds: readonly bigint[]): Promise<void> {
    if (!documentIds.length) return;
    try {
      await categories.recountCategories(await repo.categoriesOf(documentIds));
    } catch (err) {
      // The documents are right; a count is repaired by the next recount of the category.
      log.error({ err }, "conversion: recounting categories failed");
    }
  }

  /** The file's text as the converter stored it, and its preview part (the job's rendered pages). */
  async function storedText(
    job: ConversionJob,
    r: Pick<Converted, "rendered" | "textBytes">,
  ): Promise<{ text: string; previewText: string }> {
    const keys = outputKeys(job.attachmentHash);
    const [raw, text] = await Promise.all([readText(storage, keys.manifest), readText(storage, keys.text)]);
    const m = raw === undefined ? undefined : parseManifest(raw, job.attachmentHash);
    if (!m || text === undefined || BigInt(Buffer.byteLength(text, "utf8")) !== r.textBytes) {
      // Reported before its outputs are readable here (another storage, a replaced file): the
      // converter hands the job back and it is delivered again.
      throw new DomainError("unavailable", `conversion outputs of ${job.attachmentHash} are not in storage`);
    }
    return { text, previewText: previewTextOf(text, m.pageTextEnds, r.rendered) };
  }

  /** The site's enabled language the text is written in, or null when unclear or not offered. */
  async function languageOf(text: string): Promise<bigint | null> {
    const code = detectLanguage(text);
    return code ? repo.enabledLanguage(code) : null;
  }

  return {
    async started(job) {
      // A failed file goes back to converting only when asked again on purpose (retry, reconvert).
      const from: number[] = [DocStatus.pending, DocStatus.reconvert];
      if (job.force) from.push(DocStatus.failed);
      const ids = await repo.markStarted(job.attachmentHash, from);
      await events.changed(ids);
      if (job.force) await recount(ids);
      if (ids.length || job.force) return true;
      // A duplicate request (the startup requeue and the upload both asked) for a file whose documents
      // are converted or failed by now: nothing waits for it, so it is not converted a second time.
      return repo.anyIn(job.attachmentHash, [DocStatus.converting, DocStatus.pendingReview]);
    },

    async converted(job, r) {
      const { text, previewText } = await storedText(job, r);
      const ids = await repo.markConverted(
        job.attachmentHash,
        {
          pages: r.pages,
          preview: r.rendered,
          width: Math.round(r.width),
          height: Math.round(r.height),
          previewExt: ".svg",
          enableGzip: true,
          // From the preview pages: the description is public.
          description: descriptionOf(previewText),
          // From the whole text (detection samples its start); never replaces a language chosen on upload.
          languageId: await languageOf(text),
        },
        { previewText, content: text, truncated: r.textTruncated, previewOnly: r.reused },
      );
      log.info(
        { document_id: String(job.documentId), hash: job.attachmentHash, documents: ids.length },
        "conversion: documents updated",
      );
      await events.changed(ids);
      await recount(ids);
    },

    async recognized(job, r) {
      const { text, previewText } = await storedText(job, r);
      const ids = await repo.applyRecognized(job.attachmentHash, {
        previewText,
        content: text,
        // From the preview pages only, as at the conversion: the description is public.
        description: descriptionOf(previewText),
        // A scan's text arrives only now: a document uploaded without a language gets the one it is in.
        languageId: await languageOf(text),
      });
      log.info(
        { hash: job.attachmentHash, pages: r.pages.slice(0, 20), documents: ids.length },
        "conversion: recognised pages applied",
      );
      await events.changed(ids);
    },

    async failed(job, f) {
      if (!f.final) {
        await repo.noteAttempt(job.attachmentHash, `第${f.attempt}次转换失败，稍后重试：${f.message}`);
        return;
      }
      const ids = await repo.markFailed(job.attachmentHash, f.message);
      await events.changed(ids);
      await recount(ids);
    },
  };
}

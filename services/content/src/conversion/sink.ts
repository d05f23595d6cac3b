// Where the worker reports in production: the documents table. A conversion belongs to a file (its
// hash), so every live document of that file moves together: pending/reconvert → converting →
// converted or failed. Disabled, rejected and converted documents are never touched; pending-review
// ones get pages, preview and errors but keep their status (review decides that). Categories'
// doc_count is recounted after each change (failed documents are not counted).
import type { BusLogger } from "@wenku/kit/bus";
import { createCategoryRepository } from "../categories/category.repository.js";
import type { Db } from "../db.js";
import type { DocumentEvents } from "../documents/document.events.js";
import { DocStatus } from "../documents/visibility.js";
import { createConversionRepository } from "./conversion.repository.js";
import { descriptionOf } from "./text.js";
import type { ConversionSink } from "./worker.js";

export interface DocumentSinkOptions {
  db: Db;
  log: BusLogger;
  /** Told of every document whose status or pages the sink changed. */
  events: Pick<DocumentEvents, "changed">;
}

export function createDocumentSink({ db, log, events }: DocumentSinkOptions): ConversionSink {
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

  return {
    async onStarted(job) {
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

    async onConverted(job, r) {
      const ids = await repo.markConverted(
        job.attachmentHash,
        {
          pages: r.pages,
          preview: r.rendered,
          width: Math.round(r.width),
          height: Math.round(r.height),
          previewExt: r.previewExt,
          enableGzip: r.enableGzip,
          // From the preview pages: the description is public.
          description: descriptionOf(r.previewText),
        },
        { previewText: r.previewText, content: r.text, truncated: r.textTruncated, previewOnly: r.reused },
      );
      log.info(
        { document_id: String(job.documentId), hash: job.attachmentHash, documents: ids.length },
        "conversion: documents updated",
      );
      await events.changed(ids);
      await recount(ids);
    },

    async onFailed(job, failure, final, attempt) {
      if (!final) {
        await repo.noteAttempt(job.attachmentHash, `第${attempt}次转换失败，稍后重试：${failure.message}`);
        return;
      }
      const ids = await repo.markFailed(job.attachmentHash, failure.message);
      await events.changed(ids);
      await recount(ids);
    },
  };
}

// Pages past the preview that were never drawn: documents converted before every page was rendered
// have page images only up to the preview limit of their time. When a reader of everything asks for
// one of the others, the document is converted again (forced: the converter does not reuse the old
// outputs, the sink leaves the converted document as it is) through the normal conversion queue, at
// most once per document per RERENDER_EVERY_MS in this process; the reader is told to come back.
import type { Logger } from "@wenku/kit";
import { conversionRequestOf } from "../conversion/queue.js";
import type { ConversionQueue } from "../ports.js";
import type { FileRepository } from "./file.repository.js";
import { ttlLru } from "./page.cache.js";

/** How long a document's re-render request stands before a reader's visit may ask again. */
export const RERENDER_EVERY_MS = 10 * 60_000;

export interface PageRerenderOptions {
  repo: Pick<FileRepository, "findDocumentFile">;
  conversions: ConversionQueue;
  log: Pick<Logger, "info" | "error">;
  everyMs?: number;
  now?: () => number;
}

export function createPageRerender(o: PageRerenderOptions) {
  // Documents asked for recently; bounded, so a crawl over many old documents costs a fixed memory.
  const asked = ttlLru<bigint, true>({ max: 10_000, ttlMs: o.everyMs ?? RERENDER_EVERY_MS, now: o.now });
  return {
    /**
     * Queues a forced conversion of the document unless one was queued within the interval. Never
     * throws: a lost publish is logged and forgotten, so the next visit asks again.
     */
    async request(documentId: bigint): Promise<void> {
      if (asked.has(documentId)) return;
      asked.set(documentId, true);
      try {
        const doc = await o.repo.findDocumentFile(documentId);
        if (!doc?.attachment || doc.deletedAt) return;
        await o.conversions.request([conversionRequestOf(doc)], { force: true });
        o.log.info({ document_id: String(documentId) }, "pages: missing pages requested (forced conversion)");
      } catch (err) {
        asked.delete(documentId);
        o.log.error({ err, document_id: String(documentId) }, "pages: re-render of missing pages not requested");
      }
    },
  };
}

export type PageRerender = ReturnType<typeof createPageRerender>;

// Who reads past the preview: the one rule behind GetDocument's read_all and the page images past the
// preview limit. The preview limit (converter.max_preview / max_preview_percent) is what anyone may read;
// a reader who has the file anyway reads every page: its uploader, staff granted the RPC being served,
// and a signed-in reader who has downloaded it (a free download, a purchase, a VIP member's download).
import type { CallContext } from "@wenku/kit";
import { isOwner } from "./visibility.js";

export interface ReadingDocument {
  id: bigint;
  userId: bigint;
  pages: number;
  preview: number;
}

/** Whether a user has downloaded a document (downloads table). */
export type HasDownloaded = (userId: bigint, documentId: bigint) => Promise<boolean>;

/** The pages anyone may read: `preview` (0: no limit) capped by `pages`. */
export const previewLimit = (doc: Pick<ReadingDocument, "pages" | "preview">): number =>
  doc.preview > 0 ? Math.min(doc.preview, doc.pages) : doc.pages;

export function createReadingRule(hasDownloaded: HasDownloaded) {
  return {
    /** The caller may read every page of `doc` (one the caller may see: canSee is checked before). */
    async readsAll(call: CallContext, doc: ReadingDocument): Promise<boolean> {
      if (previewLimit(doc) >= doc.pages) return true;
      const who = call.identity;
      if (!who) return false;
      if (who.granted || isOwner(doc, call)) return true;
      return hasDownloaded(who.userId, doc.id);
    },
  };
}

export type ReadingRule = ReturnType<typeof createReadingRule>;

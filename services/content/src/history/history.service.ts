// Reading progress: the page a signed-in reader last had open in each document, so that opening it
// again resumes there; the list of recently read documents (/me). Own rows only.
import { type CallContext, DomainError, paging, requireSignedIn } from "@wenku/kit";
import { notFound } from "../documents/document.rules.js";
import { canSee } from "../documents/visibility.js";
import type { HistoryRepository } from "./history.repository.js";

const MAX_SIZE = 50;

function checkDocumentId(id: bigint): bigint {
  if (id <= 0n) throw new DomainError("invalid_argument", "请选择文档", undefined, "document_id");
  return id;
}

export function createHistoryService(repo: HistoryRepository) {
  return {
    /** Records the page; a page past the document's last (pages known) or below 1 is refused. */
    async save(call: CallContext, documentId: bigint, page: number): Promise<void> {
      const me = requireSignedIn(call).userId;
      const doc = await repo.document(checkDocumentId(documentId));
      if (!doc || !canSee(doc, call)) throw notFound();
      if (!Number.isInteger(page) || page < 1 || (doc.pages > 0 && page > doc.pages))
        throw new DomainError("invalid_argument", "页码超出文档范围", undefined, "page");
      await repo.save(me, doc.id, page);
    },

    /** The caller's page in the document, or null when they have not read it (or cannot see it now). */
    async get(call: CallContext, documentId: bigint) {
      const me = requireSignedIn(call).userId;
      const doc = await repo.document(checkDocumentId(documentId));
      if (!doc || !canSee(doc, call)) throw notFound();
      const row = await repo.one(me, doc.id);
      // a document shortened by a reconversion: the last page there is
      return row && { ...row, page: doc.pages > 0 ? Math.min(row.page, doc.pages) : row.page };
    },

    async list(call: CallContext, page: bigint, size: bigint) {
      const me = requireSignedIn(call).userId;
      const p = paging(page, size, { max: MAX_SIZE, fallback: 10 });
      return repo.page(me, p.skip, p.take);
    },

    async remove(call: CallContext, raw: readonly bigint[]): Promise<void> {
      const me = requireSignedIn(call).userId;
      const ids = [...new Set(raw.filter((id) => id > 0n))];
      if (!ids.length) throw new DomainError("invalid_argument", "请选择要删除的阅读记录", undefined, "document_id");
      await repo.remove(me, ids);
    },
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;

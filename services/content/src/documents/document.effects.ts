// What every document write does after its transaction: queue conversions, recount the categories
// whose counters moved, and find the live documents a request names. Shared by the owner-facing
// service (document.service.ts) and the staff batch operations (document.admin.ts).
import type { Logger } from "@wenku/kit";
import type { CategoryRepository } from "../categories/category.repository.js";
import { conversionRequestOf } from "../conversion/queue.js";
import type { ConversionQueue } from "../ports.js";
import type { DocumentRepository, DocumentWithAttachment } from "./document.repository.js";
import { notFound } from "./document.rules.js";

export interface DocumentEffectsDeps {
  repo: Pick<DocumentRepository, "byIds">;
  categories: Pick<CategoryRepository, "recountCategories">;
  conversions: ConversionQueue;
  log: Pick<Logger, "error">;
}

export function createDocumentEffects(deps: DocumentEffectsDeps) {
  const { repo, categories, conversions, log } = deps;
  return {
    /** After the transaction committed: documents waiting for the converter. A lost publish is logged, not
     * failed: the documents exist and wait, and the requeue asks for them again once the bus answers. */
    async queue(docs: readonly DocumentWithAttachment[], force = false): Promise<void> {
      if (!docs.length) return;
      const requests = docs.map(conversionRequestOf);
      try {
        await conversions.request(requests, { force });
      } catch (err) {
        log.error({ err, documents: requests.map((r) => r.documentId.toString()) }, "conversion request failed");
      }
    },

    async recount(ids: Iterable<bigint>): Promise<void> {
      await categories.recountCategories([...ids]);
    },

    /** Live documents among `ids`; none at all is "not found". */
    async live(ids: readonly bigint[]): Promise<DocumentWithAttachment[]> {
      const docs = await repo.byIds(ids, false);
      if (!docs.length) throw notFound();
      return docs;
    },
  };
}
export type DocumentEffects = ReturnType<typeof createDocumentEffects>;

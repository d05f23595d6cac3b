// Staff operations on many documents at once: review, recommend, reconvert the failed ones, and the
// batch settings (categories, language, VIP). The access policy lets only permission holders call them.
import type { CategoryRepository } from "../categories/category.repository.js";
import { detectLanguage } from "../languages/detect.js";
import type { DocumentEffects } from "./document.effects.js";
import type { DocumentEvents } from "./document.events.js";
import type { DocumentRepository, DocumentWithAttachment } from "./document.repository.js";
import { bad, idsOf, resolveCategories, resolveLanguage } from "./document.rules.js";
import { DocStatus } from "./visibility.js";

const REVIEW_OUTCOMES: readonly number[] = [DocStatus.converted, DocStatus.rejected, DocStatus.disabled];
/** The reason of a rejection or a disable, shown to the uploader. */
export const REVIEW_REASON_MAX = 255;

export interface DocumentAdminDeps {
  repo: Pick<
    DocumentRepository,
    | "withAttachment"
    | "updateMany"
    | "categoryIdsOf"
    | "setCategories"
    | "languageById"
    | "languageByCode"
    | "previewText"
  >;
  categories: Pick<CategoryRepository, "all">;
  effects: DocumentEffects;
  /** Told after every committed change of documents' visibility or pages (page caches drop them). */
  events: Pick<DocumentEvents, "changed">;
  clock?: () => Date;
}

export function createDocumentAdminService(deps: DocumentAdminDeps) {
  const { repo, categories, effects, events } = deps;
  const now = deps.clock ?? (() => new Date());
  return {
    /**
     * Review: CONVERTED approves (documents with pages are published at once, the others wait for
     * conversion), REJECTED refuses, DISABLED takes them offline; `reason` tells the uploader why (an
     * approval clears it).
     */
    async check(raw: readonly bigint[], status: number, reason = ""): Promise<void> {
      if (!REVIEW_OUTCOMES.includes(status)) throw bad("审核状态只能是通过、拒绝或禁用");
      const why = reason.trim();
      if ([...why].length > REVIEW_REASON_MAX) throw bad(`原因不能超过${REVIEW_REASON_MAX}个字符`);
      const docs = await effects.live(idsOf(raw));
      const toQueue: DocumentWithAttachment[] = [];
      if (status === DocStatus.converted) {
        const ready = docs.filter((d) => d.pages > 0).map((d) => d.id);
        const waiting = docs.filter((d) => d.pages <= 0);
        await repo.updateMany({ ids: ready }, { status: DocStatus.converted, reviewReason: "" });
        await repo.updateMany(
          { ids: waiting.map((d) => d.id) },
          { status: DocStatus.pending, convertError: "", reviewReason: "" },
        );
        toQueue.push(...waiting);
      } else {
        await repo.updateMany({ ids: docs.map((d) => d.id) }, { status, reviewReason: why });
      }
      await events.changed(docs.map((d) => d.id));
      await effects.recount(await repo.categoryIdsOf(docs.map((d) => d.id)));
      await effects.queue(toQueue);
    },

    /** Every live document whose conversion failed goes back to the converter. */
    async reconvertFailed(): Promise<void> {
      const failed = await repo.withAttachment({ statuses: [DocStatus.failed], deleted: false });
      if (!failed.length) return;
      const ids = failed.map((d) => d.id);
      await repo.updateMany({ ids, statuses: [DocStatus.failed] }, { status: DocStatus.reconvert, convertError: "" });
      await events.changed(ids);
      await effects.recount(await repo.categoryIdsOf(ids));
      await effects.queue(failed, true);
    },

    /** 0 cancels, 1 recommends those not recommended yet, 2 recommends again (refreshes recommend_at). */
    async recommend(raw: readonly bigint[], type: number): Promise<void> {
      const ids = idsOf(raw);
      if (type === 0) await repo.updateMany({ ids, deleted: false }, { recommendAt: null });
      else if (type === 1) await repo.updateMany({ ids, deleted: false, recommended: false }, { recommendAt: now() });
      else if (type === 2) await repo.updateMany({ ids, deleted: false }, { recommendAt: now() });
      else throw bad("推荐类型只能是 0（取消）、1（推荐）或 2（重新推荐）");
    },

    async setCategories(raw: readonly bigint[], categoryIds: readonly bigint[]): Promise<void> {
      const wanted = await resolveCategories(categories, categoryIds);
      const ids = (await effects.live(idsOf(raw))).map((d) => d.id);
      const old = await repo.categoryIdsOf(ids);
      await repo.setCategories(ids, wanted);
      await effects.recount([...old, ...wanted]);
    },

    async setLanguage(raw: readonly bigint[], languageId: bigint, code: string): Promise<void> {
      const language = await resolveLanguage(repo, languageId, code);
      if (language === null) throw bad("请选择文档语言");
      const ids = (await effects.live(idsOf(raw))).map((d) => d.id);
      await repo.updateMany({ ids }, { languageId: language });
    },

    /**
     * Sets each document's language from its extracted text (the preview pages'), when the text says
     * clearly which it is and the site has that language enabled; the others are left as they are.
     * Returns how many documents got a language.
     */
    async detectLanguage(raw: readonly bigint[]): Promise<number> {
      const docs = await effects.live(idsOf(raw));
      if (!docs.length) throw bad("请选择要识别语言的文档");
      let set = 0;
      for (const doc of docs) {
        const code = detectLanguage(await repo.previewText(doc.attachmentHash));
        const language = code ? await repo.languageByCode(code) : null;
        if (!language?.enable) continue;
        set += await repo.updateMany({ ids: [doc.id] }, { languageId: language.id });
      }
      return set;
    },

    async setVip(raw: readonly bigint[], isVip: boolean): Promise<void> {
      await repo.updateMany({ ids: idsOf(raw), deleted: false }, { isVip });
    },
  };
}
export type DocumentAdminService = ReturnType<typeof createDocumentAdminService>;

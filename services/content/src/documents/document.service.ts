// Writing documents: create from uploaded attachments, edit, review, recycle, batch settings.
import { type CallContext, DomainError, type Logger, requireSignedIn, type SettingsReader } from "@wenku/kit";
import type { CategoryRepository } from "../categories/category.repository.js";
import { documentTypeOf } from "../conversion/formats.js";
import type { ConversionQueue, UserDirectory } from "../ports.js";
import type { DocumentEvents } from "./document.events.js";
import type {
  AttachmentRow,
  DocumentChanges,
  DocumentRepository,
  DocumentWithAttachment,
  NewDocument,
} from "./document.repository.js";
import {
  bad,
  checkDescription,
  checkKeywords,
  checkPrice,
  checkSource,
  checkTitle,
  idsOf,
  notFound,
  resolveCategories,
  resolveLanguage,
  TITLE_MAX,
} from "./document.rules.js";
import { deriveKeywords } from "./keywords.js";
import { canSee, DocStatus, isOwner } from "./visibility.js";

export const CREATE_MAX_ITEMS = 100;

export interface CreateItemInput {
  title: string;
  attachmentId: bigint;
  price: number;
  language: string;
  languageId: bigint;
  keywords: string;
  description: string;
  source: string;
  sourceUrl: string;
}

export interface CreateInput {
  categoryId: readonly bigint[];
  document: readonly CreateItemInput[];
  price: number;
  languageId: bigint;
}

export interface UpdateInput {
  id: bigint;
  title: string;
  keywords: string;
  description: string;
  price: number;
  categoryId: readonly bigint[];
  language: string;
  languageId: bigint;
  status: number;
}

export interface DocumentServiceDeps {
  repo: DocumentRepository;
  categories: CategoryRepository;
  settings: Pick<SettingsReader, "current">;
  users: Pick<UserDirectory, "uploadPolicy">;
  conversions: ConversionQueue;
  /** Told after every committed change of documents' visibility or pages (page caches drop them). */
  events: Pick<DocumentEvents, "changed">;
  log: Logger;
}

/** "report.pdf" → "report". */
const baseName = (name: string) => name.trim().replace(/\.[^./\\]+$/, "");

/** Prefixes a rule's message with the item's position when several documents are created at once. */
async function forItem<T>(index: number, count: number, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (err) {
    if (count > 1 && err instanceof DomainError)
      throw new DomainError(err.kind, `第${index + 1}个文档：${err.message}`);
    throw err;
  }
}

export function createDocumentService(deps: DocumentServiceDeps) {
  const { repo, categories, conversions, events, log } = deps;

  /** After the transaction committed: documents waiting for the converter. A lost publish is logged, not
   * failed (the documents exist; SetDocumentReconvert or a status edit queues them again). */
  async function queue(docs: readonly DocumentWithAttachment[], force = false): Promise<void> {
    if (!docs.length) return;
    const requests = docs.map((d) => ({
      documentId: d.id,
      attachmentHash: d.attachmentHash,
      storageKey: d.attachment.storageKey,
      ext: d.ext,
    }));
    try {
      await conversions.request(requests, { force });
    } catch (err) {
      log.error({ err, documents: requests.map((r) => r.documentId.toString()) }, "conversion request failed");
    }
  }

  async function recount(ids: Iterable<bigint>): Promise<void> {
    await categories.recountCategories([...ids]);
  }

  /** Live documents among `ids`; none at all is "not found". */
  async function live(ids: readonly bigint[]): Promise<DocumentWithAttachment[]> {
    const docs = await repo.byIds(ids, false);
    if (!docs.length) throw notFound();
    return docs;
  }

  return {
    /**
     * Creates documents from attachments the caller holds a grant for, all in one transaction, then
     * queues every one for conversion (documents waiting for review too: reviewers read their pages).
     */
    async create(call: CallContext, req: CreateInput): Promise<bigint[]> {
      const me = requireSignedIn(call).userId;
      const items = req.document;
      if (!items.length) throw bad("请选择要上传的文档");
      if (items.length > CREATE_MAX_ITEMS) throw bad(`一次最多上传${CREATE_MAX_ITEMS}个文档`);
      const policy = await deps.users.uploadPolicy(me);
      if (!policy.allowed) throw new DomainError("permission_denied", policy.reason || "您没有上传文档的权限");

      const categoryIds = await resolveCategories(categories, req.categoryId);
      const attachments = new Map<bigint, AttachmentRow>(
        (await repo.grantedAttachments(me, [...new Set(items.map((i) => i.attachmentId))])).map((a) => [a.id, a]),
      );
      const status = policy.needsReview ? DocStatus.pendingReview : DocStatus.pending;
      const docs: NewDocument[] = [];
      for (const [i, item] of items.entries()) {
        const doc = await forItem(i, items.length, async (): Promise<NewDocument> => {
          const at = attachments.get(item.attachmentId);
          if (!at) throw bad("附件不存在或无权使用，请重新上传");
          // no title given: the file name; a title of blanks only is a mistake to report
          const title = checkTitle(
            item.title === "" ? [...baseName(at.name)].slice(0, TITLE_MAX).join("") : item.title,
          );
          const byItem = item.languageId > 0n || item.language.trim() !== "";
          return {
            title,
            keywords: checkKeywords(item.keywords) || deriveKeywords(title),
            description: checkDescription(item.description),
            ...checkSource(item.source, item.sourceUrl),
            userId: me,
            attachmentHash: at.hash,
            ext: at.ext,
            type: documentTypeOf(at.ext),
            size: at.size,
            price: await checkPrice(item.price || req.price, deps.settings),
            status,
            languageId: byItem
              ? await resolveLanguage(repo, item.languageId, item.language)
              : await resolveLanguage(repo, req.languageId, ""),
            categoryIds,
          };
        });
        docs.push(doc);
      }

      const created = await repo.createMany(docs);
      await recount(categoryIds);
      await queue(created);
      return created.map((d) => d.id);
    },

    /**
     * Owners edit their document's fields; staff may also change its status (disable, enable,
     * reconvert, review). Status 0 means "unchanged": proto3 cannot tell an omitted status from
     * PENDING, so a reconversion is asked with RECONVERT (5).
     */
    async update(call: CallContext, req: UpdateInput): Promise<void> {
      requireSignedIn(call).userId;
      const staff = call.identity?.granted ?? false;
      const doc = req.id > 0n ? await repo.byId(req.id) : null;
      if (!doc || doc.deletedAt || !canSee(doc, call)) throw notFound();
      if (!staff && !isOwner(doc, call)) throw new DomainError("permission_denied", "只能修改自己上传的文档");

      const title = checkTitle(req.title);
      const changes: DocumentChanges = {
        title,
        keywords: checkKeywords(req.keywords) || deriveKeywords(title),
        description: checkDescription(req.description),
        price: await checkPrice(req.price, deps.settings),
      };
      const newCategories = req.categoryId.length ? await resolveCategories(categories, req.categoryId) : undefined;
      if (req.languageId > 0n || req.language.trim())
        changes.languageId = await resolveLanguage(repo, req.languageId, req.language);

      let reconvert: "no" | "normal" | "force" = "no";
      if (req.status !== DocStatus.pending && req.status !== doc.status) {
        if (!staff) throw new DomainError("permission_denied", "只有管理员可以修改文档状态");
        switch (req.status) {
          case DocStatus.converted:
            if (doc.pages > 0) changes.status = DocStatus.converted;
            else [changes.status, reconvert] = [DocStatus.pending, "normal"];
            break;
          case DocStatus.reconvert:
            [changes.status, changes.convertError, reconvert] = [DocStatus.reconvert, "", "force"];
            break;
          case DocStatus.disabled:
          case DocStatus.pendingReview:
          case DocStatus.rejected:
            changes.status = req.status;
            break;
          default:
            throw bad("不能将文档状态设为转换中或转换失败");
        }
      }

      const oldCategories = doc.categories.map((c) => c.categoryId);
      const updated = await repo.update(doc.id, changes, newCategories);
      if (changes.status !== undefined) await events.changed([doc.id]);
      await recount([...oldCategories, ...(newCategories ?? [])]);
      if (reconvert !== "no") await queue([updated], reconvert === "force");
    },

    /** Moves documents to the recycle bin: owners their own, staff any. */
    async delete(call: CallContext, raw: readonly bigint[]): Promise<void> {
      const me = requireSignedIn(call).userId;
      const docs = (await live(idsOf(raw))).filter((d) => canSee(d, call));
      if (!docs.length) throw notFound();
      if (!call.identity?.granted && docs.some((d) => d.userId !== me))
        throw new DomainError("permission_denied", "只能删除自己上传的文档");
      const ids = docs.map((d) => d.id);
      const cats = await repo.categoryIdsOf(ids);
      await repo.updateMany({ id: { in: ids }, deletedAt: null }, { deletedAt: new Date(), deletedUserId: me });
      await events.changed(ids);
      await recount(cats);
    },

    /**
     * Review: CONVERTED approves (documents with pages are published at once, the others wait for
     * conversion), REJECTED refuses, DISABLED takes them offline.
     */
    async check(raw: readonly bigint[], status: number): Promise<void> {
      if (![DocStatus.converted, DocStatus.rejected, DocStatus.disabled].includes(status as 2 | 4 | 7))
        throw bad("审核状态只能是通过、拒绝或禁用");
      const docs = await live(idsOf(raw));
      const toQueue: DocumentWithAttachment[] = [];
      if (status === DocStatus.converted) {
        const ready = docs.filter((d) => d.pages > 0).map((d) => d.id);
        const waiting = docs.filter((d) => d.pages <= 0);
        await repo.updateMany({ id: { in: ready } }, { status: DocStatus.converted });
        await repo.updateMany(
          { id: { in: waiting.map((d) => d.id) } },
          { status: DocStatus.pending, convertError: "" },
        );
        toQueue.push(...waiting);
      } else {
        await repo.updateMany({ id: { in: docs.map((d) => d.id) } }, { status });
      }
      await events.changed(docs.map((d) => d.id));
      await recount(await repo.categoryIdsOf(docs.map((d) => d.id)));
      await queue(toQueue);
    },

    /** Every live document whose conversion failed goes back to the converter. */
    async reconvertFailed(): Promise<void> {
      const failed = await repo.withAttachment({ status: DocStatus.failed, deletedAt: null });
      if (!failed.length) return;
      const ids = failed.map((d) => d.id);
      await repo.updateMany(
        { id: { in: ids }, status: DocStatus.failed },
        { status: DocStatus.reconvert, convertError: "" },
      );
      await events.changed(ids);
      await recount(await repo.categoryIdsOf(ids));
      await queue(failed, true);
    },

    /** 0 cancels, 1 recommends those not recommended yet, 2 recommends again (refreshes recommend_at). */
    async recommend(raw: readonly bigint[], type: number): Promise<void> {
      const ids = idsOf(raw);
      const where = { id: { in: ids }, deletedAt: null };
      if (type === 0) await repo.updateMany(where, { recommendAt: null });
      else if (type === 1) await repo.updateMany({ ...where, recommendAt: null }, { recommendAt: new Date() });
      else if (type === 2) await repo.updateMany(where, { recommendAt: new Date() });
      else throw bad("推荐类型只能是 0（取消）、1（推荐）或 2（重新推荐）");
    },

    async setCategories(raw: readonly bigint[], categoryIds: readonly bigint[]): Promise<void> {
      const wanted = await resolveCategories(categories, categoryIds);
      const ids = (await live(idsOf(raw))).map((d) => d.id);
      const old = await repo.categoryIdsOf(ids);
      await repo.setCategories(ids, wanted);
      await recount([...old, ...wanted]);
    },

    async setLanguage(raw: readonly bigint[], languageId: bigint, code: string): Promise<void> {
      const language = await resolveLanguage(repo, languageId, code);
      if (language === null) throw bad("请选择文档语言");
      const ids = (await live(idsOf(raw))).map((d) => d.id);
      await repo.updateMany({ id: { in: ids } }, { languageId: language });
    },

    async setVip(raw: readonly bigint[], isVip: boolean): Promise<void> {
      await repo.updateMany({ id: { in: idsOf(raw) }, deletedAt: null }, { isVip });
    },
  };
}
export type DocumentService = ReturnType<typeof createDocumentService>;

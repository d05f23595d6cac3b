// Writing documents as their owners do: create from uploaded attachments, edit, move to the recycle
// bin. Staff batch operations (review, recommend, batch settings) are document.admin.ts.

import { documentTypeOf } from "@wenku/converter/contract";
import {
  type CallContext,
  DomainError,
  requireSignedIn,
  type SettingsReader,
  type UserCountsChanges,
} from "@wenku/kit";
import type { CategoryRepository } from "../categories/category.repository.js";
import type { CreditRewards } from "../credits/credit.rewards.js";
import type { UserDirectory } from "../ports.js";
import type { DocumentEffects } from "./document.effects.js";
import type { DocumentEvents } from "./document.events.js";
import type {
  AttachmentRow,
  CreatedDocument,
  DocumentChanges,
  DocumentRepository,
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

/** What ImportDocument gives besides the file (one document, its fields as CreateDocument takes them). */
export interface ImportItem {
  title: string;
  categoryId: readonly bigint[];
  languageId: bigint;
  price: number;
  sourceUrl: string;
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
  users: Pick<UserDirectory, "policy" | "recordActivity">;
  /** Conversion queueing, category recounts, live-document lookup (shared with document.admin.ts). */
  effects: DocumentEffects;
  /** Told after every committed change of documents' visibility or pages (page caches drop them). */
  events: Pick<DocumentEvents, "changed">;
  /** The upload reward and the delete penalty (score config); absent: none (tools, unit tests). */
  rewards?: CreditRewards;
  /** Told the owner's doc_count changed after documents were created; absent: nobody is told. */
  counts?: UserCountsChanges;
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
  const { repo, categories, effects, events } = deps;

  /** Refuses unless `me` may upload; answers whether what they upload waits for review. */
  async function admit(me: bigint) {
    const policy = await deps.users.policy(me, "upload");
    if (!policy.allowed) throw new DomainError("permission_denied", policy.reason || "您没有上传文档的权限");
    return policy;
  }

  /** The rows create would insert for `req` by `me`, every rule checked. */
  async function plan(me: bigint, req: CreateInput) {
    const items = req.document;
    if (!items.length) throw bad("请选择要上传的文档");
    if (items.length > CREATE_MAX_ITEMS) throw bad(`一次最多上传${CREATE_MAX_ITEMS}个文档`);
    const policy = await admit(me);

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
        const title = checkTitle(item.title === "" ? [...baseName(at.name)].slice(0, TITLE_MAX).join("") : item.title);
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
    return { docs, categoryIds };
  }

  /**
   * Inserts through `insert` (which runs `within` in its transaction: the upload rewards owed with the
   * documents), then what follows a committed upload: rewards booked, the owner's counts, category
   * counts, conversion queued, the activity feed.
   */
  async function commit(
    me: bigint,
    categoryIds: readonly bigint[],
    insert: (within: Parameters<DocumentRepository["createMany"]>[1]) => Promise<CreatedDocument[]>,
  ): Promise<CreatedDocument[]> {
    const rewards = await deps.rewards?.plan();
    let owed: string[] = [];
    const created = await insert(
      rewards &&
        (async (tx, rows) => {
          owed = await rewards.uploaded(tx, rows);
        }),
    );
    if (!created.length) return created;
    await deps.rewards?.deliver(owed);
    await deps.counts?.changed([me]);
    await effects.recount(categoryIds);
    await effects.queue(created);
    await deps.users.recordActivity?.(
      me,
      "upload",
      created.map((d) => ({ kind: "document", id: d.id, ref: d.uuid, title: d.title })),
    );
    return created;
  }

  return {
    /**
     * Creates documents from attachments the caller holds a grant for, all in one transaction, then
     * queues every one for conversion (documents waiting for review too: reviewers read their pages).
     */
    async create(call: CallContext, req: CreateInput): Promise<bigint[]> {
      const me = requireSignedIn(call).userId;
      const { docs, categoryIds } = await plan(me, req);
      const created = await commit(me, categoryIds, (within) => repo.createMany(docs, within));
      return created.map((d) => d.id);
    },

    /**
     * The checks create runs before a file is stored (ImportDocument): the owner's upload policy, the
     * categories, the title, the source, the price and the language; throws as create would.
     */
    async checkImport(owner: bigint, item: ImportItem): Promise<void> {
      await admit(owner);
      await resolveCategories(categories, item.categoryId);
      checkTitle(item.title);
      checkSource("", item.sourceUrl);
      await checkPrice(item.price, deps.settings);
      await resolveLanguage(repo, item.languageId, "");
    },

    /**
     * One document of `owner` from an attachment they hold a grant for, as create makes it, unless a
     * live document already holds that file: then nothing is created and that document is answered.
     */
    async createImported(owner: bigint, attachmentId: bigint, item: ImportItem) {
      const req: CreateInput = {
        categoryId: item.categoryId,
        price: 0,
        languageId: 0n,
        document: [
          {
            title: item.title,
            attachmentId,
            price: item.price,
            language: "",
            languageId: item.languageId,
            keywords: "",
            description: "",
            source: "",
            sourceUrl: item.sourceUrl,
          },
        ],
      };
      const { docs, categoryIds } = await plan(owner, req);
      const [doc] = docs;
      if (!doc) throw new Error("import planned no document");
      let heldBy: bigint | undefined;
      const created = await commit(owner, categoryIds, async (within) => {
        const r = await repo.createUnlessHeld(doc, within);
        if ("heldBy" in r) heldBy = r.heldBy;
        return "created" in r ? [r.created] : [];
      });
      const id = heldBy ?? created[0]?.id;
      if (id === undefined) throw new Error("import created no document");
      return { id, duplicate: heldBy !== undefined, hash: doc.attachmentHash };
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
        // Out of rejected/disabled the old review reason no longer applies (between them it stays).
        if (changes.status !== DocStatus.disabled && changes.status !== DocStatus.rejected) changes.reviewReason = "";
      }

      const oldCategories = doc.categories.map((c) => c.categoryId);
      const updated = await repo.update(doc.id, changes, newCategories);
      if (changes.status !== undefined) await events.changed([doc.id]);
      await effects.recount([...oldCategories, ...(newCategories ?? [])]);
      if (reconvert !== "no") await effects.queue([updated], reconvert === "force");
    },

    /** Moves documents to the recycle bin: owners their own, staff any. */
    async delete(call: CallContext, raw: readonly bigint[]): Promise<void> {
      const me = requireSignedIn(call).userId;
      const docs = (await effects.live(idsOf(raw))).filter((d) => canSee(d, call));
      if (!docs.length) throw notFound();
      if (!call.identity?.granted && docs.some((d) => d.userId !== me))
        throw new DomainError("permission_denied", "只能删除自己上传的文档");
      const ids = docs.map((d) => d.id);
      const cats = await repo.categoryIdsOf(ids);
      // The owners' delete penalties are owed with the move (once per document) and booked after it.
      const plan = await deps.rewards?.plan();
      let owed: string[] = [];
      await repo.recycle(
        ids,
        me,
        plan &&
          (async (tx, moved) => {
            owed = await plan.recycled(tx, moved);
          }),
      );
      await deps.rewards?.deliver(owed);
      await events.changed(ids);
      await effects.recount(cats);
    },
  };
}
export type DocumentService = ReturnType<typeof createDocumentService>;

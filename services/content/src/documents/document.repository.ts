import type { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";
import { selectPage, selectRows } from "./document.select.js";
import type { DocumentFilter, DocumentRow, DocumentSort } from "./document.types.js";

/** The same through Prisma, for one document. */
const withLinks = {
  categories: { include: { category: true } },
  language: true,
} satisfies Prisma.DocumentInclude;

function toWhere(f: DocumentFilter): Prisma.DocumentWhereInput {
  const and: Prisma.DocumentWhereInput[] = [];
  if (f.deleted !== undefined) and.push({ deletedAt: f.deleted ? { not: null } : null });
  if (f.ids) and.push({ id: { in: [...f.ids] } });
  if (f.notId !== undefined) and.push({ id: { not: f.notId } });
  if (f.statuses) and.push({ status: { in: [...f.statuses] } });
  if (f.text) {
    const match = { contains: f.text.wd, mode: "insensitive" } as const;
    and.push(f.text.keywords ? { OR: [{ title: match }, { keywords: match }] } : { title: match });
  }
  if (f.userIds) and.push({ userId: { in: [...f.userIds] } });
  if (f.categoryIds) and.push({ categories: { some: { categoryId: { in: [...f.categoryIds] } } } });
  if (f.kinds) and.push({ OR: [{ type: { in: [...f.kinds.types] } }, { ext: { in: [...f.kinds.exts] } }] });
  if (f.languageIds) and.push({ languageId: { in: [...f.languageIds] } });
  if (f.price) and.push({ price: f.price === "free" ? 0 : { gt: 0 } });
  if (f.recommended !== undefined) and.push({ recommendAt: f.recommended ? { not: null } : null });
  if (f.vip !== undefined) and.push({ isVip: f.vip });
  if (f.createdFrom || f.createdTo)
    and.push({
      createdAt: { ...(f.createdFrom ? { gte: f.createdFrom } : {}), ...(f.createdTo ? { lte: f.createdTo } : {}) },
    });
  return { AND: and };
}

export interface NewDocument {
  title: string;
  keywords: string;
  description: string;
  userId: bigint;
  attachmentHash: string;
  ext: string;
  type: string;
  size: bigint;
  price: number;
  status: number;
  languageId: bigint | null;
  source: string;
  sourceUrl: string;
  categoryIds: readonly bigint[];
}

export interface DocumentChanges {
  title?: string;
  keywords?: string;
  description?: string;
  price?: number;
  languageId?: bigint | null;
  status?: number;
  convertError?: string;
  /** Why staff rejected or disabled it ("" otherwise). */
  reviewReason?: string;
}

/** What the batch and recycle-bin operations change on many documents at once. */
export interface DocumentPatch extends DocumentChanges {
  recommendAt?: Date | null;
  isVip?: boolean;
  deletedAt?: Date | null;
  deletedUserId?: bigint;
}

/** A document just created, with its attachment. */
export type CreatedDocument = Prisma.DocumentGetPayload<{ include: { attachment: true } }>;

/** A document a recycle moved into the bin. */
export interface Recycled {
  id: bigint;
  userId: bigint;
  title: string;
}

/** The only module that touches Prisma for documents (lists through document.select.ts's statement). */
export function createDocumentRepository(db: Db) {
  return {
    byId: (id: bigint): Promise<DocumentRow | null> => db.document.findUnique({ where: { id }, include: withLinks }),

    byUuid: (uuid: string): Promise<DocumentRow | null> =>
      db.document.findUnique({ where: { uuid }, include: withLinks }),

    /** The documents among `ids` (with their attachment), in or out of the recycle bin as asked. */
    byIds: (ids: readonly bigint[], deleted: boolean) =>
      db.document.findMany({
        where: { id: { in: [...ids] }, deletedAt: deleted ? { not: null } : null },
        include: { attachment: true },
      }),

    withAttachment: (filter: DocumentFilter) =>
      db.document.findMany({ where: toWhere(filter), include: { attachment: true } }),

    /** A page of the documents the filter matches and how many match in all: one SQL statement. */
    page: (filter: DocumentFilter, sort: readonly DocumentSort[], skip: number, take: number) =>
      selectPage(db, filter, sort, skip, take),

    /** The first `take` documents the filter matches, in order. */
    find: (filter: DocumentFilter, sort: readonly DocumentSort[], take: number) => selectRows(db, filter, sort, take),

    /** Attachments among `ids` that `userId` holds a grant for (uploaded or proved to hold). */
    grantedAttachments: (userId: bigint, ids: readonly bigint[]) =>
      db.attachment.findMany({ where: { id: { in: [...ids] }, grants: { some: { userId } } } }),

    attachmentByHash: (hash: string) => db.attachment.findUnique({ where: { hash } }),

    languageById: (id: bigint) => db.language.findUnique({ where: { id } }),

    languageByCode: (code: string) => db.language.findFirst({ where: { code: { equals: code, mode: "insensitive" } } }),

    languagesByCode: (codes: readonly string[]) =>
      db.language.findMany({ where: { OR: codes.map((code) => ({ code: { equals: code, mode: "insensitive" } })) } }),

    /**
     * Creates all documents with their category links in one transaction; `within` runs in it last
     * (the upload rewards owed with them).
     */
    createMany: (
      docs: readonly NewDocument[],
      within?: (tx: Prisma.TransactionClient, created: CreatedDocument[]) => Promise<void>,
    ) =>
      db.$transaction(async (tx) => {
        const created = [];
        for (const { categoryIds, ...data } of docs) {
          created.push(
            await tx.document.create({
              data: { ...data, categories: { create: categoryIds.map((categoryId) => ({ categoryId })) } },
              include: { attachment: true },
            }),
          );
        }
        await within?.(tx, created);
        return created;
      }),

    /**
     * Creates one document as createMany does unless a live document (not in the recycle bin) already
     * holds its file: then answers that document's id and creates nothing. Imports of one file at once
     * are serialised on the file's hash (a transaction-scoped advisory lock), so they never both create.
     */
    createUnlessHeld: (
      doc: NewDocument,
      within?: (tx: Prisma.TransactionClient, created: CreatedDocument[]) => Promise<void>,
    ): Promise<{ created: CreatedDocument } | { heldBy: bigint }> =>
      db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`document-import:${doc.attachmentHash}`}, 0))`;
        const held = await tx.document.findFirst({
          where: { attachmentHash: doc.attachmentHash, deletedAt: null },
          orderBy: { id: "asc" },
          select: { id: true },
        });
        if (held) return { heldBy: held.id };
        const { categoryIds, ...data } = doc;
        const created = await tx.document.create({
          data: { ...data, categories: { create: categoryIds.map((categoryId) => ({ categoryId })) } },
          include: { attachment: true },
        });
        await within?.(tx, [created]);
        return { created };
      }),

    /**
     * Moves the documents among `ids` still outside the recycle bin into it, by `by`; `within` runs in
     * the same transaction with the documents this call moved (a concurrent recycle of the same
     * document moves it once). Answers those documents.
     */
    recycle: (
      ids: readonly bigint[],
      by: bigint,
      within?: (tx: Prisma.TransactionClient, moved: Recycled[]) => Promise<void>,
    ) =>
      db.$transaction(async (tx) => {
        const moved = await tx.$queryRaw<Recycled[]>`
          UPDATE documents SET deleted_at = now(), deleted_user_id = ${by}, updated_at = now()
          WHERE id = ANY(${[...ids]}::bigint[]) AND deleted_at IS NULL
          RETURNING id, user_id AS "userId", title`;
        await within?.(tx, moved);
        return moved;
      }),

    /** Changes one document; with `categoryIds` its category links are replaced too. */
    update: (id: bigint, changes: DocumentChanges, categoryIds?: readonly bigint[]) =>
      db.$transaction(async (tx) => {
        if (categoryIds) {
          await tx.documentCategory.deleteMany({ where: { documentId: id } });
          await tx.documentCategory.createMany({
            data: categoryIds.map((categoryId) => ({ documentId: id, categoryId })),
          });
        }
        return tx.document.update({ where: { id }, data: changes, include: { attachment: true } });
      }),

    /** Replaces the category links of many documents. */
    setCategories: (ids: readonly bigint[], categoryIds: readonly bigint[]) =>
      db.$transaction(async (tx) => {
        await tx.documentCategory.deleteMany({ where: { documentId: { in: [...ids] } } });
        await tx.documentCategory.createMany({
          data: ids.flatMap((documentId) => categoryIds.map((categoryId) => ({ documentId, categoryId }))),
        });
      }),

    /** Changes every document the filter matches; answers how many. */
    updateMany: async (filter: DocumentFilter, patch: DocumentPatch): Promise<number> =>
      (await db.document.updateMany({ where: toWhere(filter), data: patch })).count,

    /** Every category linked to any of the documents. */
    async categoryIdsOf(ids: readonly bigint[]): Promise<bigint[]> {
      if (!ids.length) return [];
      const rows = await db.documentCategory.findMany({
        where: { documentId: { in: [...ids] } },
        select: { categoryId: true },
        distinct: ["categoryId"],
      });
      return rows.map((r) => r.categoryId);
    },

    async previewText(hash: string): Promise<string> {
      const row = await db.attachmentText.findUnique({ where: { hash }, select: { previewText: true } });
      return row?.previewText ?? "";
    },

    incrementViewCount: (id: bigint) =>
      db.$executeRaw`UPDATE documents SET view_count = view_count + 1 WHERE id = ${id}`,

    /** Deletes documents (their category links go with them); the attachments stay. */
    purge: async (filter: DocumentFilter): Promise<number> =>
      (await db.document.deleteMany({ where: toWhere(filter) })).count,
  };
}
export type DocumentRepository = ReturnType<typeof createDocumentRepository>;
export type DocumentWithAttachment = Awaited<ReturnType<DocumentRepository["byIds"]>>[number];
export type AttachmentRow = Awaited<ReturnType<DocumentRepository["grantedAttachments"]>>[number];

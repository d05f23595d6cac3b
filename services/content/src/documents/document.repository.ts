import type { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";

/** A document with what every answer shows: its categories and its language. */
const withLinks = {
  categories: { include: { category: true } },
  language: true,
} satisfies Prisma.DocumentInclude;

export type DocumentWhere = Prisma.DocumentWhereInput;
export type DocumentOrder = Prisma.DocumentOrderByWithRelationInput;

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
}

/** The only module that touches Prisma for documents. */
export function createDocumentRepository(db: Db) {
  return {
    byId: (id: bigint) => db.document.findUnique({ where: { id }, include: withLinks }),

    byUuid: (uuid: string) => db.document.findUnique({ where: { uuid }, include: withLinks }),

    /** The documents among `ids` (with their attachment), in or out of the recycle bin as asked. */
    byIds: (ids: readonly bigint[], deleted: boolean) =>
      db.document.findMany({
        where: { id: { in: [...ids] }, deletedAt: deleted ? { not: null } : null },
        include: { attachment: true },
      }),

    withAttachment: (where: DocumentWhere) => db.document.findMany({ where, include: { attachment: true } }),

    async page(where: DocumentWhere, orderBy: DocumentOrder[], skip: number, take: number) {
      const [total, rows] = await Promise.all([
        db.document.count({ where }),
        db.document.findMany({ where, orderBy, skip, take, include: withLinks }),
      ]);
      return { total, rows };
    },

    find: (where: DocumentWhere, orderBy: DocumentOrder[], take: number) =>
      db.document.findMany({ where, orderBy, take, include: withLinks }),

    /** Attachments among `ids` that `userId` holds a grant for (uploaded or proved to hold). */
    grantedAttachments: (userId: bigint, ids: readonly bigint[]) =>
      db.attachment.findMany({ where: { id: { in: [...ids] }, grants: { some: { userId } } } }),

    attachmentByHash: (hash: string) => db.attachment.findUnique({ where: { hash } }),

    languageById: (id: bigint) => db.language.findUnique({ where: { id } }),

    languageByCode: (code: string) => db.language.findFirst({ where: { code: { equals: code, mode: "insensitive" } } }),

    languagesByCode: (codes: readonly string[]) =>
      db.language.findMany({ where: { OR: codes.map((code) => ({ code: { equals: code, mode: "insensitive" } })) } }),

    /** Creates all documents with their category links in one transaction. */
    createMany: (docs: readonly NewDocument[]) =>
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
        return created;
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

    updateMany: (where: DocumentWhere, data: Prisma.DocumentUncheckedUpdateManyInput) =>
      db.document.updateMany({ where, data }),

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
    purge: (where: DocumentWhere) => db.document.deleteMany({ where }),
  };
}
export type DocumentRepository = ReturnType<typeof createDocumentRepository>;
export type DocumentRow = NonNullable<Awaited<ReturnType<DocumentRepository["byId"]>>>;
export type DocumentWithAttachment = Awaited<ReturnType<DocumentRepository["byIds"]>>[number];
export type AttachmentRow = Awaited<ReturnType<DocumentRepository["grantedAttachments"]>>[number];

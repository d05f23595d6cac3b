import { isForeignKeyViolation, isUniqueViolation } from "@wenku/kit";
import { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";

export interface CategoryData {
  parentId: bigint | null;
  title: string;
  type: number;
  icon: string;
  cover: string;
  description: string;
  showDescription: boolean;
  enable: boolean;
  sort: number;
}

/**
 * Document statuses counted in a category's doc_count: what visitors can find in lists (not
 * disabled, not failed, not waiting for or refused by review). Documents in the recycle bin never count.
 */
export const COUNTED_DOCUMENT_STATUSES = [0, 1, 2, 5] as const;

/** Article statuses counted in an article category's doc_count: approved (ReviewStatus), out of the bin. */
export const COUNTED_ARTICLE_STATUS = 1;

/**
 * Sets doc_count of the given categories from their links: a document category counts its documents
 * in COUNTED_DOCUMENT_STATUSES, an article category its approved articles; the recycle bins never
 * count. Runs in the caller's transaction when given one.
 */
export async function recountCategoryItems(db: Db | Prisma.TransactionClient, ids: readonly bigint[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  await db.$executeRaw`
    UPDATE categories c SET doc_count = CASE WHEN c.type = 1 THEN (
        SELECT count(*)::int FROM article_categories ac JOIN articles a ON a.id = ac.article_id
        WHERE ac.category_id = c.id AND a.deleted_at IS NULL AND a.status = ${COUNTED_ARTICLE_STATUS}
      ) ELSE (
        SELECT count(*)::int FROM document_categories dc JOIN documents d ON d.id = dc.document_id
        WHERE dc.category_id = c.id AND d.deleted_at IS NULL
          AND d.status IN (${Prisma.join([...COUNTED_DOCUMENT_STATUSES])})
      ) END
    WHERE c.id IN (${Prisma.join(unique)})`;
}

/**
 * A write a constraint refused, in the domain's words: a sibling with the same title won a race, the
 * parent is gone, or a sub-category or document still links to a category being deleted.
 */
export type CategoryConflict = "duplicate_title" | "parent_missing" | "still_referenced";
export type CategoryWrite<T> = { ok: true; value: T } | { ok: false; conflict: CategoryConflict };

/** Runs a write; constraint violations come back as a conflict instead of a database error. */
async function guarded<T>(write: () => Promise<T>, foreignKey: CategoryConflict): Promise<CategoryWrite<T>> {
  try {
    return { ok: true, value: await write() };
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, conflict: "duplicate_title" };
    if (isForeignKeyViolation(err)) return { ok: false, conflict: foreignKey };
    throw err;
  }
}

/** The only module that touches Prisma for categories. */
export function createCategoryRepository(db: Db) {
  return {
    byId: (id: bigint) => db.category.findUnique({ where: { id } }),

    byIds: (ids: bigint[]) => db.category.findMany({ where: { id: { in: ids } } }),

    /** Every category, larger sort first: a category tree is small (the list API caps it at 10 000). */
    all: () => db.category.findMany({ orderBy: [{ sort: "desc" }, { id: "asc" }] }),

    /** id → parent_id of every category, to walk ancestors. */
    async parents(): Promise<Map<bigint, bigint | null>> {
      const rows = await db.category.findMany({ select: { id: true, parentId: true } });
      return new Map(rows.map((r) => [r.id, r.parentId]));
    },

    /** A sibling of the same type with this title, other than `except`. */
    sibling: (data: Pick<CategoryData, "parentId" | "type" | "title">, except?: bigint) =>
      db.category.findFirst({
        where: {
          parentId: data.parentId,
          type: data.type,
          title: data.title,
          ...(except ? { NOT: { id: except } } : {}),
        },
      }),

    create: (data: CategoryData) => guarded(() => db.category.create({ data }), "parent_missing"),

    update: (id: bigint, data: CategoryData) =>
      guarded(() => db.category.update({ where: { id }, data }), "parent_missing"),

    childrenOf: (ids: bigint[]) =>
      db.category.findMany({ where: { parentId: { in: ids } }, orderBy: [{ sort: "desc" }, { id: "asc" }] }),

    /** The first of `ids` linked to any document or article (recycle bins included), or null. */
    async firstWithItems(ids: bigint[]): Promise<bigint | null> {
      const where = { categoryId: { in: ids } };
      const doc = await db.documentCategory.findFirst({ where, select: { categoryId: true } });
      if (doc) return doc.categoryId;
      const article = await db.articleCategory.findFirst({ where, select: { categoryId: true } });
      return article?.categoryId ?? null;
    },

    /** Deletes the categories (children and parents together) in one statement. */
    deleteMany: (ids: bigint[]) =>
      guarded(() => db.category.deleteMany({ where: { id: { in: ids } } }), "still_referenced"),

    /**
     * Sets doc_count of the given categories from their links to counted items (see
     * recountCategoryItems). The document code calls it, after its transaction, with every
     * category whose documents were added, removed, moved, recycled, restored or changed status.
     */
    recountCategories: (ids: readonly bigint[]) => recountCategoryItems(db, ids),
  };
}
export type CategoryRepository = ReturnType<typeof createCategoryRepository>;
export type CategoryRow = Awaited<ReturnType<CategoryRepository["all"]>>[number];

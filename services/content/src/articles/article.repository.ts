// The only code that touches Prisma for articles.
import type { Prisma } from "../../gen/prisma/client.js";
import { recountCategoryItems } from "../categories/category.repository.js";
import type { Db } from "../db.js";

const withCategories = { categories: { include: { category: true } } } as const;
export type ArticleRow = Prisma.ArticleGetPayload<{ include: typeof withCategories }>;

export interface NewArticle {
  identifier?: string;
  userId: bigint;
  author: string;
  title: string;
  keywords: string;
  description: string;
  content: string;
  source: string;
  sourceUrl: string;
  status: number;
  /** A footer page, not news (article.seed.ts). */
  singlePage?: boolean;
  categoryIds: readonly bigint[];
}

export type ArticleChanges = Partial<
  Pick<
    Prisma.ArticleUncheckedUpdateInput,
    | "identifier"
    | "author"
    | "title"
    | "keywords"
    | "description"
    | "content"
    | "source"
    | "sourceUrl"
    | "status"
    | "rejectReason"
    | "recommendAt"
    | "noticeAt"
    | "deletedAt"
    | "deletedUserId"
  >
>;

export interface ArticleFilter {
  ids?: readonly bigint[];
  deleted: boolean;
  statuses?: readonly number[];
  userIds?: readonly bigint[];
  categoryIds?: readonly bigint[];
  recommended?: boolean;
  notice?: boolean;
  /** false: news only (the footer's single pages left out). */
  singlePage?: boolean;
  wd?: string;
  createdFrom?: Date;
  createdTo?: Date;
}

export type ArticleSortColumn =
  | "id"
  | "createdAt"
  | "updatedAt"
  | "viewCount"
  | "recommendAt"
  | "noticeAt"
  | "deletedAt";
/** Nullable columns: their nulls sort last either way. */
const NULLABLE = new Set<ArticleSortColumn>(["recommendAt", "noticeAt", "deletedAt"]);
export interface ArticleSort {
  column: ArticleSortColumn;
  dir: "asc" | "desc";
}

function where(f: ArticleFilter): Prisma.ArticleWhereInput {
  const w: Prisma.ArticleWhereInput = { deletedAt: f.deleted ? { not: null } : null };
  if (f.ids) w.id = { in: [...f.ids] };
  if (f.statuses) w.status = { in: [...f.statuses] };
  if (f.userIds) w.userId = { in: [...f.userIds] };
  if (f.categoryIds) w.categories = { some: { categoryId: { in: [...f.categoryIds] } } };
  if (f.recommended !== undefined) w.recommendAt = f.recommended ? { not: null } : null;
  if (f.notice !== undefined) w.noticeAt = f.notice ? { not: null } : null;
  if (f.singlePage !== undefined) w.singlePage = f.singlePage;
  if (f.wd) {
    w.OR = [
      { title: { contains: f.wd, mode: "insensitive" } },
      { keywords: { contains: f.wd, mode: "insensitive" } },
      { description: { contains: f.wd, mode: "insensitive" } },
    ];
  }
  if (f.createdFrom || f.createdTo) {
    w.createdAt = { ...(f.createdFrom ? { gte: f.createdFrom } : {}), ...(f.createdTo ? { lte: f.createdTo } : {}) };
  }
  return w;
}

const orderBy = (sort: readonly ArticleSort[]): Prisma.ArticleOrderByWithRelationInput[] =>
  sort.map((s) => (NULLABLE.has(s.column) ? { [s.column]: { sort: s.dir, nulls: "last" } } : { [s.column]: s.dir }));

export function createArticleRepository(db: Db) {
  /** The categories of the articles `f` matches: their doc_count is recounted after a change. */
  const categoriesOf = async (tx: Prisma.TransactionClient, f: ArticleFilter) =>
    (
      await tx.articleCategory.findMany({
        where: { article: where(f) },
        select: { categoryId: true },
        distinct: ["categoryId"],
      })
    ).map((r) => r.categoryId);

  const linkCategories = (tx: Prisma.TransactionClient, articleId: bigint, categoryIds: readonly bigint[]) =>
    tx.articleCategory.createMany({
      data: categoryIds.map((categoryId) => ({ articleId, categoryId })),
      skipDuplicates: true,
    });

  return {
    byId: (id: bigint) => db.article.findUnique({ where: { id }, include: withCategories }),
    byIdentifier: (identifier: string) => db.article.findUnique({ where: { identifier }, include: withCategories }),
    identifierTaken: async (identifier: string, except?: bigint) =>
      (await db.article.count({ where: { identifier, ...(except ? { id: { not: except } } : {}) } })) > 0,
    find: (f: ArticleFilter) => db.article.findMany({ where: where(f), include: withCategories }),

    async page(f: ArticleFilter, sort: readonly ArticleSort[], skip: number, take: number, withContent: boolean) {
      const w = where(f);
      const [total, rows] = await Promise.all([
        db.article.count({ where: w }),
        db.article.findMany({
          where: w,
          orderBy: orderBy(sort),
          skip,
          take,
          include: withCategories,
          // lists never carry the HTML (it may be large); GetArticle does
          omit: withContent ? {} : { content: true },
        }),
      ]);
      return {
        total,
        rows: rows.map((r): ArticleRow => ({ ...r, content: (r as { content?: string }).content ?? "" })),
      };
    },

    create: (a: NewArticle) =>
      db.$transaction(async (tx) => {
        const { categoryIds, identifier, ...data } = a;
        const row = await tx.article.create({ data: { ...data, ...(identifier ? { identifier } : {}) } });
        await linkCategories(tx, row.id, categoryIds);
        await recountCategoryItems(tx, categoryIds);
        return row.id;
      }),

    /** Changes one article; `categoryIds` replaces its categories when given. */
    update: (id: bigint, changes: ArticleChanges, categoryIds?: readonly bigint[]) =>
      db.$transaction(async (tx) => {
        const before = await categoriesOf(tx, { ids: [id], deleted: false });
        await tx.article.update({ where: { id }, data: changes });
        if (categoryIds) {
          await tx.articleCategory.deleteMany({ where: { articleId: id } });
          await linkCategories(tx, id, categoryIds);
        }
        await recountCategoryItems(tx, [...before, ...(categoryIds ?? [])]);
      }),

    /** Changes the matching articles (review, recommend, notice, to and from the bin). */
    updateMany: (f: ArticleFilter, changes: ArticleChanges) =>
      db.$transaction(async (tx) => {
        const touched = await categoriesOf(tx, f);
        const { count } = await tx.article.updateMany({ where: where(f), data: changes });
        await recountCategoryItems(tx, touched);
        return count;
      }),

    setCategories: (ids: readonly bigint[], categoryIds: readonly bigint[]) =>
      db.$transaction(async (tx) => {
        const before = await categoriesOf(tx, { ids, deleted: false });
        await tx.articleCategory.deleteMany({ where: { articleId: { in: [...ids] } } });
        await tx.articleCategory.createMany({
          data: ids.flatMap((articleId) => categoryIds.map((categoryId) => ({ articleId, categoryId }))),
          skipDuplicates: true,
        });
        await recountCategoryItems(tx, [...before, ...categoryIds]);
      }),

    purge: (f: ArticleFilter) =>
      db.$transaction(async (tx) => {
        const touched = await categoriesOf(tx, f);
        const { count } = await tx.article.deleteMany({ where: where(f) });
        await recountCategoryItems(tx, touched);
        return count;
      }),

    incrementViewCount: (id: bigint) =>
      db.article.update({ where: { id }, data: { viewCount: { increment: 1 } }, select: { id: true } }),

    /**
     * First start: the given articles when there are no articles at all (so a page the admin purged
     * stays purged); returns how many were created. Race-safe: identifiers are unique.
     */
    async seed(pages: readonly Omit<NewArticle, "categoryIds">[]): Promise<number> {
      if (await db.article.count()) return 0;
      return (await db.article.createMany({ data: [...pages], skipDuplicates: true })).count;
    },
  };
}
export type ArticleRepository = ReturnType<typeof createArticleRepository>;

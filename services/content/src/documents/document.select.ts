// Lists of documents in one SQL statement: the rows of a page with their categories and language
// code, and the number of rows the filter matches (count(*) OVER ()). Prisma's findMany with
// `include` and a count took five round trips per list, most of the list's CPU (#23). The filter
// means the same as the repository's Prisma translation (toWhere); document.select.int.test.ts
// checks the two agree on every field.

import type { Category, Document } from "../../gen/prisma/client.js";
import { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";
import type { DocumentFilter, DocumentRow, DocumentSort, DocumentSortColumn } from "./document.types.js";

/** Every column of a document, by its field name (each column is the field's name in snake_case). */
const FIELDS = [
  "id",
  "uuid",
  "title",
  "keywords",
  "description",
  "userId",
  "attachmentHash",
  "ext",
  "type",
  "size",
  "pages",
  "preview",
  "width",
  "height",
  "previewExt",
  "enableGzip",
  "price",
  "isVip",
  "status",
  "convertError",
  "reviewReason",
  "languageId",
  "source",
  "sourceUrl",
  "viewCount",
  "downloadCount",
  "favoriteCount",
  "commentCount",
  "score",
  "scoreCount",
  "recommendAt",
  "deletedAt",
  "deletedUserId",
  "createdAt",
  "updatedAt",
  "searchVersion",
  "countsVersion",
] as const satisfies readonly (keyof Document)[];
// A field added to the model and not here fails to compile.
const everyField: Exclude<keyof Document, (typeof FIELDS)[number]> extends never ? true : never = true;
void everyField;

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const COLUMNS = Prisma.raw(FIELDS.map((f) => `d.${snake(f)} AS "${f}"`).join(", "));

/**
 * A category as the statement sends it: its row as JSON (json_agg of the row is far cheaper for
 * PostgreSQL to plan than json_build_object of each column). Ids are JSON numbers: exact below 2^53.
 */
interface CategoryJson {
  id: number;
  parent_id: number | null;
  title: string;
  type: number;
  icon: string;
  cover: string;
  description: string;
  show_description: boolean;
  enable: boolean;
  sort: number;
  doc_count: number;
  created_at: string;
  updated_at: string;
}

/** The document's categories, by id. */
const CATEGORIES = Prisma.sql`(
  SELECT coalesce(json_agg(c ORDER BY c.id), '[]')
  FROM document_categories dc JOIN categories c ON c.id = dc.category_id
  WHERE dc.document_id = d.id)`;

type Selected = Document & { categoryList: CategoryJson[] | string; languageCode: string | null; total?: bigint };

const toCategory = (c: CategoryJson): Category => ({
  id: BigInt(c.id),
  parentId: c.parent_id === null ? null : BigInt(c.parent_id),
  title: c.title,
  type: c.type,
  icon: c.icon,
  cover: c.cover,
  description: c.description,
  showDescription: c.show_description,
  enable: c.enable,
  sort: c.sort,
  docCount: c.doc_count,
  createdAt: new Date(c.created_at),
  updatedAt: new Date(c.updated_at),
});

function toRow({ categoryList, languageCode, total: _, ...doc }: Selected): DocumentRow {
  const list: CategoryJson[] = typeof categoryList === "string" ? JSON.parse(categoryList) : categoryList;
  return {
    ...doc,
    categories: list.map((c) => ({ categoryId: BigInt(c.id), category: toCategory(c) })),
    language: languageCode === null ? null : { code: languageCode },
  };
}

const ids = (values: readonly bigint[]) => Prisma.sql`ANY(${[...values]}::bigint[])`;
const texts = (values: readonly string[]) => Prisma.sql`ANY(${[...values]}::text[])`;
/** Prisma's `contains`, as it was: LIKE's wildcards in `wd` stay wildcards (Prisma does not escape them). */
const containing = (wd: string) => `%${wd}%`;

/** The filter as a WHERE condition on `documents d` (the same meaning as the repository's toWhere). */
export function filterSql(f: DocumentFilter): Prisma.Sql {
  const and: Prisma.Sql[] = [];
  if (f.deleted !== undefined)
    and.push(f.deleted ? Prisma.sql`d.deleted_at IS NOT NULL` : Prisma.sql`d.deleted_at IS NULL`);
  if (f.ids) and.push(Prisma.sql`d.id = ${ids(f.ids)}`);
  if (f.notId !== undefined) and.push(Prisma.sql`d.id <> ${f.notId}`);
  if (f.statuses) and.push(Prisma.sql`d.status = ANY(${[...f.statuses]}::int[])`);
  if (f.text) {
    const like = containing(f.text.wd);
    and.push(
      f.text.keywords
        ? Prisma.sql`(d.title ILIKE ${like} OR d.keywords ILIKE ${like})`
        : Prisma.sql`d.title ILIKE ${like}`,
    );
  }
  if (f.userIds) and.push(Prisma.sql`d.user_id = ${ids(f.userIds)}`);
  if (f.categoryIds)
    and.push(Prisma.sql`EXISTS (SELECT 1 FROM document_categories dc
      WHERE dc.document_id = d.id AND dc.category_id = ${ids(f.categoryIds)})`);
  if (f.kinds) and.push(Prisma.sql`(d.type = ${texts(f.kinds.types)} OR d.ext = ${texts(f.kinds.exts)})`);
  if (f.languageIds) and.push(Prisma.sql`d.language_id = ${ids(f.languageIds)}`);
  if (f.price) and.push(f.price === "free" ? Prisma.sql`d.price = 0` : Prisma.sql`d.price > 0`);
  if (f.recommended !== undefined)
    and.push(f.recommended ? Prisma.sql`d.recommend_at IS NOT NULL` : Prisma.sql`d.recommend_at IS NULL`);
  if (f.vip !== undefined) and.push(Prisma.sql`d.is_vip = ${f.vip}`);
  if (f.createdFrom) and.push(Prisma.sql`d.created_at >= ${f.createdFrom}`);
  if (f.createdTo) and.push(Prisma.sql`d.created_at <= ${f.createdTo}`);
  return and.length ? Prisma.join(and, " AND ") : Prisma.sql`TRUE`;
}

/** Columns that may be NULL sort their NULLs last either way (never recommended: at the end). */
const NULLS_LAST = new Set<DocumentSortColumn>(["recommendAt"]);

function orderSql(sort: readonly DocumentSort[]): Prisma.Sql {
  if (!sort.length) return Prisma.empty;
  const terms = sort.map(
    ({ column, dir }) =>
      `d.${snake(column)} ${dir === "asc" ? "ASC" : "DESC"}${NULLS_LAST.has(column) ? " NULLS LAST" : ""}`,
  );
  return Prisma.raw(` ORDER BY ${terms.join(", ")}`);
}

const selectSql = (where: Prisma.Sql, sort: readonly DocumentSort[], skip: number, take: number, total: boolean) =>
  Prisma.sql`
    SELECT ${COLUMNS}, ${CATEGORIES} AS "categoryList", l.code AS "languageCode"${total ? Prisma.raw(", count(*) OVER () AS total") : Prisma.empty}
    FROM documents d LEFT JOIN languages l ON l.id = d.language_id
    WHERE ${where}${orderSql(sort)} LIMIT ${take} OFFSET ${skip}`;

/** The documents the filter matches, in order, `skip` then at most `take`, and how many match in all. */
export async function selectPage(
  db: Db,
  filter: DocumentFilter,
  sort: readonly DocumentSort[],
  skip: number,
  take: number,
): Promise<{ total: number; rows: DocumentRow[] }> {
  const where = filterSql(filter);
  const selected = await db.$queryRaw<Selected[]>(selectSql(where, sort, skip, take, true));
  const first = selected[0];
  if (first) return { total: Number(first.total), rows: selected.map(toRow) };
  // past the last page (or nothing matches) the window has no row to tell the total
  if (!skip) return { total: 0, rows: [] };
  const [counted] = await db.$queryRaw<{ total: bigint }[]>`SELECT count(*) AS total FROM documents d WHERE ${where}`;
  return { total: Number(counted?.total ?? 0n), rows: [] };
}

/** The first `take` documents the filter matches, in order. */
export async function selectRows(
  db: Db,
  filter: DocumentFilter,
  sort: readonly DocumentSort[],
  take: number,
): Promise<DocumentRow[]> {
  return (await db.$queryRaw<Selected[]>(selectSql(filterSql(filter), sort, 0, take, false))).map(toRow);
}

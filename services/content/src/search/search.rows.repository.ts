// What the two search sources (documents: search.source.repository.ts; articles:
// search.articles.repository.ts) read alike from their own table: the versions of the rows a visitor
// may find, the highest search or counts version, and the categories' names of the rows they load.
import type { VersionedId } from "@wenku/search";
import { Prisma } from "../../gen/prisma/client.js";
import type { Db } from "../db.js";

/** The categories a loaded row brings along (Prisma `include`), with their titles. */
export const withCategoryTitles = { categories: { include: { category: { select: { title: true } } } } } as const;

/** An indexed entry's category fields from a row loaded `withCategoryTitles`. */
export function categoryFields(row: { categories: Array<{ categoryId: bigint; category: { title: string } }> }) {
  return {
    categoryNames: row.categories.map((c) => c.category.title),
    categoryIds: row.categories.map((c) => c.categoryId),
  };
}

/**
 * Reads of `table` (its rows are `t` in `visible`, the condition a visitor may find one by). The table
 * name is one of two fixed identifiers, never input.
 */
export function createRowVersions(db: Db, table: "documents" | "articles", visible: Prisma.Sql) {
  const rows = Prisma.raw(table);
  return {
    async visibleVersions(): Promise<Map<bigint, bigint>> {
      const found = await db.$queryRaw<VersionedId[]>`
        SELECT t.id, t.search_version AS version FROM ${rows} t WHERE ${visible}`;
      return new Map(found.map((r) => [r.id, r.version]));
    },

    /** The highest search_version or counts_version of the table (0 when empty). */
    async highest(column: "search_version" | "counts_version"): Promise<bigint> {
      const [row] = await db.$queryRaw<Array<{ mark: bigint | null }>>`
        SELECT max(${Prisma.raw(column)}) AS mark FROM ${rows}`;
      return row?.mark ?? 0n;
    },
  };
}

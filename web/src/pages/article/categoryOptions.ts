import { type CategoryNode, type CategoryRow, categoryTree } from "../category/categoryTree.js";

/** The article categories in tree order (parents before their children), each with its depth. */
export function categoriesInOrder<C extends CategoryNode & { title: string }>(
  items: readonly C[],
): Array<{ item: C; depth: number }> {
  const out: Array<{ item: C; depth: number }> = [];
  const walk = (rows: CategoryRow<C>[], depth: number) => {
    for (const row of rows) {
      out.push({ item: row.item, depth });
      if (row.children) walk(row.children, depth + 1);
    }
  };
  walk(categoryTree(items), 0);
  return out;
}

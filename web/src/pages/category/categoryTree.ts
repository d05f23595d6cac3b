/** The fields the category helpers need; Category messages satisfy it. */
export interface CategoryNode {
  id: bigint;
  parentId: bigint;
  sort: number;
}

export interface CategoryRow<C extends CategoryNode> {
  key: string;
  item: C;
  children?: CategoryRow<C>[];
}

/** Siblings order (spec: larger sort first), then id. */
export const categoryOrder = <C extends CategoryNode>(a: C, b: C): number =>
  b.sort - a.sort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Builds the parent/child tree from the flat category list: every category under its parent_id
 * (a category whose parent is missing from the list stays on top), siblings in display order.
 */
export function categoryTree<C extends CategoryNode>(items: readonly C[]): CategoryRow<C>[] {
  const rows = new Map<bigint, CategoryRow<C>>();
  for (const item of items) if (!rows.has(item.id)) rows.set(item.id, { key: String(item.id), item });
  const roots: CategoryRow<C>[] = [];
  for (const row of rows.values()) {
    const parent = row.item.parentId !== row.item.id ? rows.get(row.item.parentId) : undefined;
    if (!parent) roots.push(row);
    else if (parent.children) parent.children.push(row);
    else parent.children = [row];
  }
  const sortDeep = (list: CategoryRow<C>[]) => {
    list.sort((a, b) => categoryOrder(a.item, b.item));
    for (const row of list) if (row.children) sortDeep(row.children);
    return list;
  };
  return sortDeep(roots);
}

/**
 * The path from the top of the tree down to `id` (both included), or [] when `id` is not in the
 * list. A parent that is missing (disabled, deleted) ends the path there; a cycle stops too.
 */
export function categoryPath<C extends CategoryNode>(items: readonly C[], id: bigint): C[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const path: C[] = [];
  const seen = new Set<bigint>();
  let current = byId.get(id);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    path.unshift(current);
    current = current.parentId === 0n ? undefined : byId.get(current.parentId);
  }
  return path;
}

/** The direct children of `id` (0n: the top level), in display order. */
export function childrenOf<C extends CategoryNode>(items: readonly C[], id: bigint): C[] {
  return items.filter((item) => item.parentId === id && item.id !== id).sort(categoryOrder);
}

/** `id` and every category below it (for "documents in this category and its sub-categories"). */
export function descendantIds<C extends CategoryNode>(items: readonly C[], id: bigint): bigint[] {
  const ids: bigint[] = [id];
  const seen = new Set<bigint>(ids);
  for (let i = 0; i < ids.length; i += 1) {
    for (const item of items) {
      if (item.parentId === ids[i] && !seen.has(item.id)) {
        seen.add(item.id);
        ids.push(item.id);
      }
    }
  }
  return ids;
}

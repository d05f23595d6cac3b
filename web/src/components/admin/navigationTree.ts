/** The fields the tree needs; Navigation messages satisfy it. */
export interface NavNode {
  id: bigint;
  parentId: bigint;
  sort: number;
  children: readonly NavNode[];
}

export interface NavRow<N extends NavNode> {
  key: string;
  item: N;
  children?: NavRow<N>[];
}

/**
 * Builds the parent/child tree from a navigation list, whether the server sent it flat or already
 * nested: every item is placed under its parent_id (items whose parent is missing stay on top),
 * siblings ordered by sort then id.
 */
export function navigationTree<N extends NavNode>(items: readonly N[]): NavRow<N>[] {
  const all = new Map<bigint, N>();
  const visit = (item: N) => {
    if (all.has(item.id)) return;
    all.set(item.id, item);
    for (const child of item.children) visit(child as N);
  };
  for (const item of items) visit(item);

  const rows = new Map<bigint, NavRow<N>>();
  for (const item of all.values()) rows.set(item.id, { key: String(item.id), item });
  const roots: NavRow<N>[] = [];
  for (const row of rows.values()) {
    const parent =
      row.item.parentId !== 0n && row.item.parentId !== row.item.id ? rows.get(row.item.parentId) : undefined;
    if (!parent) roots.push(row);
    else if (parent.children) parent.children.push(row);
    else parent.children = [row];
  }
  const order = (a: NavRow<N>, b: NavRow<N>) => a.item.sort - b.item.sort || Number(a.item.id - b.item.id);
  const sortDeep = (list: NavRow<N>[]) => {
    list.sort(order);
    for (const row of list) if (row.children) sortDeep(row.children);
    return list;
  };
  return sortDeep(roots);
}

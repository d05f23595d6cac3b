// Trees stored as rows with a parent id (categories, navigation, later article categories): who sees
// which rows. Staff filter every row; visitors see a row only when it and all its ancestors are shown.

export interface TreeRow {
  id: bigint;
  parentId: bigint | null;
  title: string;
  enable: boolean;
}

export interface StaffTreeFilter {
  /** Exactly one value filters by it; none or both mean any. */
  enable: readonly boolean[];
  /** Case-insensitive part of the title. */
  wd: string;
}

/** The back office's view: every row, filtered by enable and title. */
export function filterTreeRows<R extends TreeRow>(rows: readonly R[], filter: StaffTreeFilter): R[] {
  const enable = [...new Set(filter.enable)];
  const wd = filter.wd.trim().toLowerCase();
  return rows.filter(
    (r) => (enable.length !== 1 || r.enable === enable[0]) && (!wd || r.title.toLowerCase().includes(wd)),
  );
}

/**
 * The public view: rows that are shown (enabled by default) under shown ancestors only. A missing
 * parent or a cycle (which the writers refuse, but stored data may still hold) hides the row.
 */
export function visibleTreeRows<R extends TreeRow>(
  rows: readonly R[],
  shown: (row: R) => boolean = (row) => row.enable,
): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const memo = new Map<bigint, boolean>();
  // Iterative walk up to a known row or a root, so a deep chain cannot overflow the stack.
  const visible = (start: R): boolean => {
    const chain: R[] = [];
    const onChain = new Set<bigint>();
    let verdict: boolean | undefined;
    for (let row: R | undefined = start; verdict === undefined; ) {
      if (row === undefined || onChain.has(row.id))
        verdict = false; // missing parent or a cycle
      else if (memo.has(row.id)) verdict = memo.get(row.id);
      else if (!shown(row)) {
        chain.push(row);
        verdict = false;
      } else {
        chain.push(row);
        onChain.add(row.id);
        if (row.parentId === null) verdict = true;
        else row = byId.get(row.parentId);
      }
    }
    // Every row on the chain shares the verdict: a hidden ancestor hides all of its descendants.
    for (const r of chain) memo.set(r.id, verdict);
    return verdict;
  };
  return rows.filter(visible);
}

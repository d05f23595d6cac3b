import type { TableProps } from "antd";
import { useState } from "react";

/**
 * Expansion for a tree table (navigation, categories): every parent starts (and, once created,
 * stays) expanded unless the user folds it.
 */
export function useTreeExpansion<Row extends { key: string }>(
  parentKeys: readonly string[],
): NonNullable<TableProps<Row>["expandable"]> {
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  return {
    expandedRowKeys: parentKeys.filter((key) => !folded.has(key)),
    onExpand: (open, row) =>
      setFolded((prev) => {
        const next = new Set(prev);
        if (open) next.delete(row.key);
        else next.add(row.key);
        return next;
      }),
  };
}

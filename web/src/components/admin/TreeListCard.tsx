import { Table, type TableColumnsType } from "antd";
import type { ReactNode } from "react";
import { AdminCard } from "./AdminCard.js";
import { AdminToolbar } from "./AdminToolbar.js";
import type { AdminList } from "./list/useAdminList.js";
import { useTreeExpansion } from "./list/useTreeExpansion.js";

interface TreeRow {
  key: string;
  item: { title: string };
}

/**
 * A tree list screen (navigation, categories): the toolbar (search, refresh, add at the top level,
 * a batch delete naming the rows) over a table whose parents start expanded and whose selection is
 * per row (checking a parent leaves its children alone). `children`: the screen's drawer.
 */
export function TreeListCard<Row extends TreeRow>({
  title,
  list,
  columns,
  parentKeys,
  searchPlaceholder,
  onAdd,
  addLabel,
  addTestId,
  onBatchDelete,
  testId,
  children,
}: {
  title: string;
  list: AdminList<Row>;
  columns: TableColumnsType<Row>;
  /** The rows that have children (expanded until the user folds them). */
  parentKeys: readonly string[];
  searchPlaceholder: string;
  /** Set when the user may add. */
  onAdd: (() => void) | undefined;
  addLabel: string;
  addTestId: string;
  /** Set when the user may delete: the rows are selectable then. */
  onBatchDelete: ((rows: Row[]) => Promise<unknown>) | undefined;
  testId: string;
  children: ReactNode;
}) {
  const expandable = useTreeExpansion<Row>(parentKeys);
  const toolbar = (
    <AdminToolbar
      list={list}
      searchPlaceholder={searchPlaceholder}
      onAdd={onAdd}
      addLabel={addLabel}
      addTestId={addTestId}
      onBatchDelete={onBatchDelete}
      rowName={(row) => row.item.title}
    />
  );
  const table = list.tableProps(onBatchDelete !== undefined);
  return (
    <AdminCard title={title} toolbar={toolbar} list={list}>
      <Table<Row>
        {...table}
        rowSelection={table.rowSelection && { ...table.rowSelection, checkStrictly: true }}
        columns={columns}
        expandable={expandable}
        data-testid={testId}
      />
      {children}
    </AdminCard>
  );
}

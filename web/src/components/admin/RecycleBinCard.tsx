import { ClearOutlined, DeleteOutlined, UndoOutlined } from "@ant-design/icons";
import { Button, Table, type TableColumnsType } from "antd";
import { useI18n } from "../../i18n/I18nProvider.js";
import { AdminCard } from "./AdminCard.js";
import { AdminToolbar } from "./AdminToolbar.js";
import type { AdminList } from "./list/useAdminList.js";
import { actionsColumn, RowActions } from "./RowActions.js";
import { useConfirm } from "./useConfirm.js";

export interface RecycleBinCardProps<Row extends { id: bigint }> {
  title: string;
  list: AdminList<Row>;
  /** The item's own columns; the restore/purge actions column is added. */
  columns: TableColumnsType<Row>;
  searchPlaceholder: string;
  rowName: (row: Row) => string;
  /** "Permanently delete the N selected …?" naming the kind of item. */
  purgeConfirm: (count: number) => string;
  /** Each action is offered only when given (the caller checks the permission). */
  onRestore?: (ids: bigint[]) => Promise<unknown>;
  onPurge?: (ids: bigint[]) => Promise<unknown>;
  onClear?: () => Promise<unknown>;
}

/**
 * One recycle bin screen (documents, articles): the deleted items with restore and purge per row
 * and on a selection, and "empty the bin" after a confirmation naming how many items go.
 */
export function RecycleBinCard<Row extends { id: bigint }>(props: RecycleBinCardProps<Row>) {
  const { title, list, columns, searchPlaceholder, rowName, purgeConfirm, onRestore, onPurge, onClear } = props;
  const { t } = useI18n();
  const confirm = useConfirm();
  const ids = (rows: readonly Row[]) => rows.map((r) => r.id);

  const all: TableColumnsType<Row> = [
    ...columns,
    actionsColumn(t, (row: Row) => (
      <RowActions
        actions={[
          onRestore && {
            key: "restore",
            label: t("adm.recycle.restore"),
            icon: <UndoOutlined />,
            onClick: () => void onRestore([row.id]),
          },
          onPurge && {
            key: "purge",
            label: t("adm.recycle.purge"),
            icon: <DeleteOutlined />,
            danger: true,
            confirm: {
              title: t("adm.common.confirmAction", { action: t("adm.recycle.purge"), name: rowName(row) }),
              description: t("adm.recycle.purgeHint"),
            },
            onClick: () => void onPurge([row.id]),
          },
        ]}
      />
    )),
  ];

  const toolbar = (
    <AdminToolbar
      list={list}
      searchPlaceholder={searchPlaceholder}
      batch={
        onRestore && (
          <Button
            icon={<UndoOutlined />}
            disabled={list.selected.length === 0}
            onClick={() => void onRestore(ids(list.selected))}
            data-testid="recycle-restore"
          >
            {t("adm.recycle.restoreSelected")}
          </Button>
        )
      }
      onBatchDelete={onPurge ? (rows) => onPurge(ids(rows)) : undefined}
      batchDeleteLabel={t("adm.recycle.purge")}
      batchDeleteTitle={purgeConfirm}
      batchDeleteHint={t("adm.recycle.purgeHint")}
      rowName={rowName}
    >
      {onClear && (
        <Button
          danger
          type="primary"
          icon={<ClearOutlined />}
          disabled={list.total === 0}
          onClick={() =>
            confirm({
              title: t("adm.recycle.clearConfirm"),
              hint: `${t("adm.common.total", { total: list.total })} · ${t("adm.recycle.purgeHint")}`,
              onOk: onClear,
            })
          }
          data-testid="recycle-clear"
        >
          {t("adm.recycle.clear")}
        </Button>
      )}
    </AdminToolbar>
  );

  return (
    <AdminCard title={title} toolbar={toolbar} list={list}>
      <Table<Row> {...list.tableProps(Boolean(onRestore || onPurge))} columns={all} data-testid="recycle-table" />
    </AdminCard>
  );
}

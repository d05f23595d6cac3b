import { DeleteOutlined, PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { Button, Input } from "antd";
import type { ReactNode } from "react";
import { useSizeClass } from "../../hooks/useSizeClass.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import type { AdminList } from "./list/useAdminList.js";
import { useConfirm } from "./useConfirm.js";

export interface AdminToolbarProps<Row> {
  list: Pick<AdminList<Row>, "query" | "search" | "reload" | "selected" | "loading">;
  /** The search box's hint; without it there is no search box. */
  searchPlaceholder?: string;
  /** Filters, right after the search box. */
  children?: ReactNode;
  /** Shown when the user may add (leave unset otherwise). */
  onAdd?: () => void;
  addLabel?: string;
  addTestId?: string;
  /** Batch actions other than delete (approve, enable, restore…), after the add button. */
  batch?: ReactNode;
  /** Shown when the user may delete; runs after a confirmation that counts and names the rows. */
  onBatchDelete?: (rows: Row[]) => Promise<unknown>;
  batchDeleteLabel?: string;
  batchDeleteTitle?: (count: number) => string;
  batchDeleteHint?: string;
  rowName?: (row: Row) => string;
  /** The batch delete handler opens its own confirmation (users: a password dialog naming them). */
  batchDeleteAsksItself?: boolean;
}

/**
 * The toolbar every admin list shares: search, filters, refresh, add, batch actions and a batch
 * delete that asks first. It is a row of items for AdminCard's wrapping toolbar; on a phone the
 * search box takes the whole first line.
 */
export function AdminToolbar<Row>(props: AdminToolbarProps<Row>) {
  const { list, searchPlaceholder, children, onAdd, addLabel, addTestId, batch, onBatchDelete, rowName } = props;
  const { t } = useI18n();
  const mobile = useSizeClass() === "mobile";
  const confirm = useConfirm();
  const count = list.selected.length;
  return (
    <>
      {searchPlaceholder !== undefined && (
        <Input.Search
          key={list.query.wd}
          allowClear
          defaultValue={list.query.wd}
          placeholder={searchPlaceholder}
          aria-label={t("adm.common.search")}
          enterButton={t("adm.common.search")}
          style={{ width: mobile ? "100%" : 300 }}
          onSearch={list.search}
          data-testid="admin-search"
        />
      )}
      {children}
      <Button
        icon={<ReloadOutlined />}
        onClick={list.reload}
        loading={list.loading}
        aria-label={t("adm.common.refresh")}
      >
        {!mobile && t("adm.common.refresh")}
      </Button>
      {onAdd && (
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid={addTestId}>
          {addLabel ?? t("adm.common.add")}
        </Button>
      )}
      {batch}
      {onBatchDelete && (
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={count === 0}
          data-testid="batch-delete"
          onClick={() =>
            props.batchDeleteAsksItself
              ? void onBatchDelete(list.selected)
              : confirm({
                  title: props.batchDeleteTitle?.(count) ?? t("adm.common.confirmDelete", { count }),
                  names: rowName ? list.selected.map(rowName) : [],
                  hint: props.batchDeleteHint,
                  onOk: () => onBatchDelete(list.selected),
                })
          }
        >
          {props.batchDeleteLabel ?? t("adm.common.batchDelete")}
        </Button>
      )}
    </>
  );
}

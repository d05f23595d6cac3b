import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { type Category, CategoryAPI } from "@wenku/proto/api/v1/category_pb.js";
import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { App, Button, Input, Popconfirm, Space, Switch, Table, type TableColumnsType, Tooltip } from "antd";
import { useCallback, useState } from "react";
import { useClient } from "../../../api/client.js";
import { toApiError } from "../../../api/errors.js";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { useCan } from "../../../components/admin/permissions.js";
import { useRemote } from "../../../components/admin/remote.js";
import { ApiErrorAlert } from "../../../components/common/ApiErrorAlert.js";
import { formatTime } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { type CategoryRow, categoryTree } from "../../category/categoryTree.js";
import { type CategoryEdit, CategoryFormDrawer } from "./CategoryFormDrawer.js";
import { SortCell } from "./SortCell.js";

const CAT_API = "/api.v1.CategoryAPI";
/** Every category of a type in one list: trees are small and the editor needs all of them. */
export const CATEGORY_LIST_SIZE = 10_000n;
type Row = CategoryRow<Category>;

/** The fields UpdateCategory takes, from a listed category. */
export function categoryInit(item: Category) {
  const { createdAt: _c, updatedAt: _u, $typeName: _t, ...fields } = item;
  return fields;
}

/**
 * The category tree editor shared by /admin/document/category (type 0) and
 * /admin/article/category (type 1): create top-level and sub-categories, edit, enable, re-sort,
 * delete (the server refuses categories that still hold children or documents; its message shows).
 */
export function CategoryEditor({ type, title }: { type: CategoryType; title: string }) {
  const { t } = useI18n();
  const client = useClient(CategoryAPI);
  const can = useCan();
  const { message, modal } = App.useApp();
  const [wd, setWd] = useState("");
  const [selected, setSelected] = useState<string[]>([]);
  const [edit, setEditState] = useState<CategoryEdit | null>(null);
  // A new drawer (and form store) for every opening: a kept store would carry the last values over.
  const [opening, setOpening] = useState(0);
  const setEdit = (next: CategoryEdit | null) => {
    if (next) setOpening((n) => n + 1);
    setEditState(next);
  };

  const load = useCallback(
    (signal: AbortSignal) => client.listCategory({ page: 1n, size: CATEGORY_LIST_SIZE, type: [type], wd }, { signal }),
    [client, type, wd],
  );
  const list = useRemote(load, t("adm.common.loadFailed"));
  const categories = list.data?.category ?? [];
  const tree = categoryTree(categories);
  // Every parent starts (and, once created, stays) expanded unless the user folds it.
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const expanded = categories
    .filter((c) => categories.some((other) => other.parentId === c.id))
    .map((c) => String(c.id))
    .filter((key) => !folded.has(key));

  const remove = async (ids: readonly string[]) => {
    try {
      await client.deleteCategory({ id: ids.map((id) => BigInt(id)) });
      void message.success(t("adm.common.deleted"));
      setSelected([]);
      list.reload();
    } catch (cause) {
      void message.error(toApiError(cause, t("adm.common.deleteFailed")).message);
    }
  };
  const update = async (item: Category, change: Partial<Pick<Category, "enable" | "sort">>) => {
    try {
      await client.updateCategory({ ...categoryInit(item), ...change });
      list.reload();
    } catch (cause) {
      void message.error(toApiError(cause, t("adm.common.saveFailed")).message);
      throw cause;
    }
  };

  const canCreate = can(`${CAT_API}/CreateCategory`);
  const canUpdate = can(`${CAT_API}/UpdateCategory`);
  const canDelete = can(`${CAT_API}/DeleteCategory`);
  const columns: TableColumnsType<Row> = [
    {
      title: t("adm.common.title"),
      key: "title",
      render: (_, { item }) => (
        <Space size={6}>
          {item.icon && <img src={item.icon} alt="" width={18} height={18} style={{ objectFit: "contain" }} />}
          <span style={{ fontWeight: item.parentId === 0n ? 500 : undefined }}>{item.title}</span>
        </Space>
      ),
    },
    { title: t("adm.common.id"), key: "id", width: 64, responsive: ["md"], render: (_, { item }) => String(item.id) },
    {
      title: t(type === CategoryType.ARTICLE ? "adm.cat.articleCount" : "adm.cat.docCount"),
      key: "docCount",
      width: 80,
      responsive: ["sm"],
      render: (_, { item }) => item.docCount,
    },
    {
      title: t("adm.common.enable"),
      key: "enable",
      render: (_, { item }) => (
        <Switch
          size="small"
          checked={item.enable}
          disabled={!canUpdate}
          aria-label={`${t("adm.common.enable")} ${item.title}`}
          onChange={(enable) => void update(item, { enable }).catch(() => undefined)}
        />
      ),
    },
    {
      title: t("adm.common.sort"),
      key: "sort",
      width: 104,
      render: (_, { item }) => (
        <SortCell
          value={item.sort}
          disabled={!canUpdate}
          label={`${t("adm.common.sort")} ${item.title}`}
          onSave={(sort) => update(item, { sort })}
        />
      ),
    },
    {
      title: t("adm.cat.showDescription"),
      key: "showDescription",
      responsive: ["md"],
      render: (_, { item }) => t(item.showDescription ? "adm.common.yes" : "adm.common.no"),
    },
    {
      title: t("adm.common.description"),
      key: "description",
      responsive: ["lg"],
      ellipsis: true,
      width: 180,
      render: (_, { item }) => item.description || "-",
    },
    {
      title: t("adm.common.createdAt"),
      key: "createdAt",
      responsive: ["md"],
      render: (_, { item }) => formatTime(item.createdAt),
    },
    {
      title: t("adm.common.actions"),
      key: "actions",
      fixed: "right",
      render: (_, row) => (
        <Space size={0}>
          {type === CategoryType.DOCUMENT && (
            <Tooltip title={t("adm.cat.view")}>
              <Button
                type="link"
                href={`/category/${row.key}`}
                target="_blank"
                icon={<EyeOutlined />}
                aria-label={t("adm.cat.view")}
              />
            </Tooltip>
          )}
          {canCreate && (
            <Tooltip title={t("adm.cat.addChild")}>
              <Button
                type="link"
                icon={<PlusOutlined />}
                aria-label={t("adm.cat.addChild")}
                onClick={() => setEdit({ parentId: row.item.id })}
              />
            </Tooltip>
          )}
          {canUpdate && (
            <Tooltip title={t("adm.common.edit")}>
              <Button
                type="link"
                icon={<EditOutlined />}
                aria-label={t("adm.common.edit")}
                onClick={() => setEdit({ item: row.item })}
              />
            </Tooltip>
          )}
          {canDelete && (
            <Popconfirm
              title={t("adm.common.confirmDeleteOne", { name: row.item.title })}
              onConfirm={() => void remove([row.key])}
            >
              <Button type="link" danger icon={<DeleteOutlined />} aria-label={t("adm.common.delete")} />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const toolbar = (
    <>
      <Input.Search
        allowClear
        placeholder={t("adm.cat.searchPlaceholder")}
        aria-label={t("adm.common.search")}
        style={{ width: 220, maxWidth: "100%" }}
        onSearch={(value) => setWd(value.trim())}
      />
      <Button icon={<ReloadOutlined />} onClick={list.reload}>
        {t("adm.common.refresh")}
      </Button>
      {canCreate && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEdit({ parentId: 0n })}
          data-testid="category-add"
        >
          {t("adm.cat.add")}
        </Button>
      )}
      {canDelete && (
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={selected.length === 0}
          onClick={() =>
            modal.confirm({
              title: t("adm.common.confirmDelete", { count: selected.length }),
              okButtonProps: { danger: true },
              onOk: () => remove(selected),
            })
          }
        >
          {t("adm.common.batchDelete")}
        </Button>
      )}
    </>
  );

  return (
    <AdminCard title={title} toolbar={toolbar}>
      {list.error && <ApiErrorAlert error={list.error} onRetry={list.reload} />}
      <Table<Row>
        rowKey="key"
        columns={columns}
        dataSource={tree}
        loading={list.loading}
        scroll={{ x: "max-content" }}
        expandable={{
          expandedRowKeys: expanded,
          onExpand: (open, row) =>
            setFolded((prev) => {
              const next = new Set(prev);
              if (open) next.delete(row.key);
              else next.add(row.key);
              return next;
            }),
        }}
        rowSelection={
          canDelete
            ? { selectedRowKeys: selected, checkStrictly: true, onChange: (keys) => setSelected(keys.map(String)) }
            : undefined
        }
        pagination={false}
        data-testid="category-table"
      />
      <CategoryFormDrawer
        key={opening}
        type={type}
        edit={edit}
        categories={categories}
        onClose={() => setEdit(null)}
        onSaved={() => {
          setEdit(null);
          list.reload();
        }}
      />
    </AdminCard>
  );
}

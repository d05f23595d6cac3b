import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { type Navigation, NavigationAPI } from "@wenku/proto/api/v1/navigation_pb.js";
import { App, Button, Input, Popconfirm, Space, Switch, Table, type TableColumnsType, Tooltip, Typography } from "antd";
import { useCallback, useState } from "react";
import { useClient } from "../../../api/client.js";
import { toApiError } from "../../../api/errors.js";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { type NavRow, navigationTree } from "../../../components/admin/navigationTree.js";
import { useCan } from "../../../components/admin/permissions.js";
import { useRemote } from "../../../components/admin/remote.js";
import { ApiErrorAlert } from "../../../components/common/ApiErrorAlert.js";
import { formatTime } from "../../../components/common/format.js";
import { NAVIGATION_LIST_SIZE } from "../../../hooks/useNavigationItems.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { type NavigationEdit, NavigationFormDrawer } from "./NavigationFormDrawer.js";

const NAV_API = "/api.v1.NavigationAPI";
type Row = NavRow<Navigation>;

/** /admin/navigation: the header menu as a parent/child tree; create, edit, enable, delete. */
export default function NavigationPage() {
  const { t } = useI18n();
  const client = useClient(NavigationAPI);
  const can = useCan();
  const { message, modal } = App.useApp();
  const [wd, setWd] = useState("");
  const [selected, setSelected] = useState<string[]>([]);
  const [edit, setEditState] = useState<NavigationEdit | null>(null);
  // A new drawer (and form store) for every opening: a kept store would carry the last values over.
  const [opening, setOpening] = useState(0);
  const setEdit = (next: NavigationEdit | null) => {
    if (next) setOpening((n) => n + 1);
    setEditState(next);
  };

  const load = useCallback(
    (signal: AbortSignal) => client.listNavigation({ page: 1n, size: NAVIGATION_LIST_SIZE, wd }, { signal }),
    [client, wd],
  );
  const list = useRemote(load, t("adm.common.loadFailed"));
  const tree = navigationTree(list.data?.navigation ?? []);
  // Every parent starts (and, once created, stays) expanded unless the user folds it.
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const expanded = tree.filter((row) => (row.children?.length ?? 0) > 0 && !folded.has(row.key)).map((row) => row.key);

  const remove = async (ids: readonly string[]) => {
    try {
      await client.deleteNavigation({ id: ids.map((id) => BigInt(id)) });
      void message.success(t("adm.common.deleted"));
      setSelected([]);
      list.reload();
    } catch (cause) {
      void message.error(toApiError(cause, t("adm.common.deleteFailed")).message);
    }
  };
  const toggle = async (item: Navigation, enable: boolean) => {
    try {
      const { createdAt: _c, updatedAt: _u, children: _ch, $typeName: _tn, ...fields } = item;
      await client.updateNavigation({ ...fields, enable });
      list.reload();
    } catch (cause) {
      void message.error(toApiError(cause, t("adm.common.saveFailed")).message);
    }
  };

  const canUpdate = can(`${NAV_API}/UpdateNavigation`);
  const columns: TableColumnsType<Row> = [
    {
      title: t("adm.common.title"),
      key: "title",
      render: (_, { item }) => <span style={{ color: item.color || undefined, fontWeight: 500 }}>{item.title}</span>,
    },
    {
      title: t("adm.nav.href"),
      key: "href",
      render: (_, { item }) => (item.href ? <Typography.Text code>{item.href}</Typography.Text> : "-"),
    },
    {
      title: t("adm.nav.target"),
      key: "target",
      render: (_, { item }) => t(item.target === "_blank" ? "adm.nav.targetBlank" : "adm.nav.targetSelf"),
    },
    { title: t("adm.common.sort"), key: "sort", width: 64, render: (_, { item }) => item.sort },
    {
      title: t("adm.common.enable"),
      key: "enable",
      render: (_, { item }) => (
        <Switch
          size="small"
          checked={item.enable}
          disabled={!canUpdate}
          aria-label={`${t("adm.common.enable")} ${item.title}`}
          onChange={(checked) => void toggle(item, checked)}
        />
      ),
    },
    {
      title: t("adm.common.description"),
      key: "description",
      ellipsis: true,
      width: 180,
      render: (_, { item }) => item.description,
    },
    { title: t("adm.common.createdAt"), key: "createdAt", render: (_, { item }) => formatTime(item.createdAt) },
    {
      title: t("adm.common.actions"),
      key: "actions",
      fixed: "right",
      render: (_, row) => (
        <Space size={0}>
          {can(`${NAV_API}/CreateNavigation`) && row.item.parentId === 0n && (
            <Tooltip title={t("adm.nav.addChild")}>
              <Button
                type="link"
                icon={<PlusOutlined />}
                aria-label={t("adm.nav.addChild")}
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
          {can(`${NAV_API}/DeleteNavigation`) && (
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
        placeholder={t("adm.nav.searchPlaceholder")}
        aria-label={t("adm.common.search")}
        style={{ width: 220, maxWidth: "100%" }}
        onSearch={(value) => setWd(value.trim())}
      />
      <Button icon={<ReloadOutlined />} onClick={list.reload}>
        {t("adm.common.refresh")}
      </Button>
      {can(`${NAV_API}/CreateNavigation`) && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEdit({ parentId: 0n })}
          data-testid="navigation-add"
        >
          {t("adm.nav.add")}
        </Button>
      )}
      {can(`${NAV_API}/DeleteNavigation`) && (
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
    <AdminCard title={t("admin.navigation")} toolbar={toolbar}>
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
          can(`${NAV_API}/DeleteNavigation`)
            ? { selectedRowKeys: selected, checkStrictly: true, onChange: (keys) => setSelected(keys.map(String)) }
            : undefined
        }
        pagination={false}
        data-testid="navigation-table"
      />
      <NavigationFormDrawer
        key={opening}
        edit={edit}
        parents={tree.map((row) => row.item)}
        onClose={() => setEdit(null)}
        onSaved={() => {
          setEdit(null);
          list.reload();
        }}
      />
    </AdminCard>
  );
}

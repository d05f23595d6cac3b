import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined, SafetyOutlined } from "@ant-design/icons";
import { type Group, GroupAPI } from "@wenku/proto/api/v1/group_pb.js";
import { App, Button, Input, Popconfirm, Space, Table, type TableColumnsType, Tag, Tooltip } from "antd";
import { useCallback, useState } from "react";
import { useClient } from "../../../api/client.js";
import { toApiError } from "../../../api/errors.js";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { useCan } from "../../../components/admin/permissions.js";
import { useRemote } from "../../../components/admin/remote.js";
import { tablePagination } from "../../../components/admin/table.js";
import { ApiErrorAlert } from "../../../components/common/ApiErrorAlert.js";
import { formatTime, idKey } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { GROUP_ABILITIES, GroupFormDrawer } from "./GroupFormDrawer.js";
import { GroupPermissionDrawer } from "./GroupPermissionDrawer.js";

const GROUP_API = "/api.v1.GroupAPI";

/** /admin/user/group: groups CRUD and each group's permissions. */
export default function GroupPage() {
  const { t } = useI18n();
  const client = useClient(GroupAPI);
  const can = useCan();
  const { message, modal } = App.useApp();
  const [query, setQuery] = useState({ page: 1, size: 10, wd: "" });
  const [selected, setSelected] = useState<Group[]>([]);
  const [editing, setEditing] = useState<Group | "new" | null>(null);
  const [granting, setGranting] = useState<Group | null>(null);

  const load = useCallback(
    (signal: AbortSignal) =>
      client.listGroup({ page: BigInt(query.page), size: BigInt(query.size), wd: query.wd }, { signal }),
    [client, query],
  );
  const list = useRemote(load, t("adm.common.loadFailed"));

  const remove = async (groups: readonly Group[]) => {
    try {
      await client.deleteGroup({ id: groups.map((g) => g.id) });
      void message.success(t("adm.common.deleted"));
      setSelected([]);
      list.reload();
    } catch (cause) {
      void message.error(toApiError(cause, t("adm.common.deleteFailed")).message);
    }
  };

  const yesNo = (value: boolean) => (
    <Tag color={value ? "blue" : "default"}>{t(value ? "adm.common.yes" : "adm.common.no")}</Tag>
  );
  const columns: TableColumnsType<Group> = [
    { title: t("adm.common.id"), dataIndex: "id", width: 64, render: idKey },
    {
      title: t("adm.common.title"),
      dataIndex: "title",
      render: (title: string, g) => <Tag color={g.color || undefined}>{title}</Tag>,
    },
    { title: t("adm.common.description"), dataIndex: "description", ellipsis: true, width: 220 },
    { title: t("adm.group.users"), dataIndex: "userCount", width: 80 },
    { title: t("adm.group.isDefault"), dataIndex: "isDefault", render: yesNo },
    { title: t("adm.group.isDisplay"), dataIndex: "isDisplay", render: yesNo },
    {
      title: t("adm.group.abilities"),
      key: "abilities",
      render: (_, g) => (
        <Space size={[0, 4]} wrap style={{ maxWidth: 320 }}>
          {GROUP_ABILITIES.filter(([key]) => g[key]).map(([key, label]) => (
            <Tag key={key}>{t(label)}</Tag>
          ))}
        </Space>
      ),
    },
    { title: t("adm.common.sort"), dataIndex: "sort", width: 64 },
    { title: t("adm.common.createdAt"), dataIndex: "createdAt", render: formatTime },
    {
      title: t("adm.common.actions"),
      key: "actions",
      fixed: "right",
      render: (_, g) => (
        <Space size={0}>
          {can(`${GROUP_API}/UpdateGroup`) && (
            <Tooltip title={t("adm.common.edit")}>
              <Button
                type="link"
                icon={<EditOutlined />}
                aria-label={t("adm.common.edit")}
                onClick={() => setEditing(g)}
              />
            </Tooltip>
          )}
          {can(`${GROUP_API}/UpdateGroupPermission`) && can(`${GROUP_API}/GetGroupPermission`) && (
            <Tooltip title={t("adm.group.permissions")}>
              <Button
                type="link"
                icon={<SafetyOutlined />}
                aria-label={t("adm.group.permissions")}
                onClick={() => setGranting(g)}
              />
            </Tooltip>
          )}
          {can(`${GROUP_API}/DeleteGroup`) && (
            <Popconfirm title={t("adm.common.confirmDeleteOne", { name: g.title })} onConfirm={() => void remove([g])}>
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
        placeholder={t("adm.group.searchPlaceholder")}
        aria-label={t("adm.common.search")}
        style={{ width: 240, maxWidth: "100%" }}
        onSearch={(wd) => setQuery((q) => ({ ...q, wd: wd.trim(), page: 1 }))}
      />
      <Button icon={<ReloadOutlined />} onClick={list.reload}>
        {t("adm.common.refresh")}
      </Button>
      {can(`${GROUP_API}/CreateGroup`) && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")} data-testid="group-add">
          {t("adm.group.add")}
        </Button>
      )}
      {can(`${GROUP_API}/DeleteGroup`) && (
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
    <AdminCard title={t("admin.user.group")} toolbar={toolbar}>
      {list.error && <ApiErrorAlert error={list.error} onRetry={list.reload} />}
      <Table<Group>
        rowKey={(g) => idKey(g.id)}
        columns={columns}
        dataSource={list.data?.group ?? []}
        loading={list.loading}
        scroll={{ x: "max-content" }}
        rowSelection={
          can(`${GROUP_API}/DeleteGroup`)
            ? { selectedRowKeys: selected.map((g) => idKey(g.id)), onChange: (_, rows) => setSelected(rows) }
            : undefined
        }
        pagination={tablePagination(t, query, list.data?.total, (page, size) =>
          setQuery((q) => ({ ...q, page, size })),
        )}
        data-testid="group-table"
      />
      <GroupFormDrawer
        open={editing !== null}
        group={editing === "new" ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      <GroupPermissionDrawer group={granting} onClose={() => setGranting(null)} />
    </AdminCard>
  );
}

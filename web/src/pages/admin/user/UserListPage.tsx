import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { Status } from "@wenku/proto/api/v1/enums_pb.js";
import { type User, UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Avatar, Button, Input, Select, Space, Table, type TableColumnsType, Tag, Tooltip } from "antd";
import { useCallback, useState } from "react";
import { useClient } from "../../../api/client.js";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { useCan } from "../../../components/admin/permissions.js";
import { useRemote } from "../../../components/admin/remote.js";
import { tablePagination } from "../../../components/admin/table.js";
import { ApiErrorAlert } from "../../../components/common/ApiErrorAlert.js";
import { formatTime, idKey } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import type { MessageKey } from "../../../i18n/zh-CN.js";
import { DeleteUsersModal, ResetPasswordModal } from "./UserDialogs.js";
import { UserFormDrawer } from "./UserFormDrawer.js";
import { useGroups } from "./useGroupOptions.js";

const USER_API = "/api.v1.UserAPI";
const STATUSES = [Status.NORMAL, Status.DISABLED, Status.REVIEWING, Status.REJECTED, Status.IGNORED];
export const statusKey = (status: Status) => `adm.status.${status}` as MessageKey;

interface Query {
  page: number;
  size: number;
  wd: string;
  groupId: string | undefined;
  status: Status | undefined;
}

/** /admin/user/list: search, filter and page through users; add, edit, reset password, delete. */
export default function UserListPage() {
  const { t } = useI18n();
  const client = useClient(UserAPI);
  const can = useCan();
  const { groups, byId } = useGroups();
  const [query, setQuery] = useState<Query>({ page: 1, size: 10, wd: "", groupId: undefined, status: undefined });
  const [selected, setSelected] = useState<User[]>([]);
  const [editing, setEditing] = useState<User | "new" | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<readonly User[]>([]);

  const load = useCallback(
    (signal: AbortSignal) =>
      client.listUser(
        {
          page: BigInt(query.page),
          size: BigInt(query.size),
          wd: query.wd,
          groupId: query.groupId ? [BigInt(query.groupId)] : [],
          status: query.status === undefined ? [] : [query.status],
        },
        { signal },
      ),
    [client, query],
  );
  const list = useRemote(load, t("adm.common.loadFailed"));
  const changed = () => {
    setSelected([]);
    list.reload();
  };

  const columns: TableColumnsType<User> = [
    { title: t("adm.common.id"), dataIndex: "id", width: 72, render: (id: bigint) => idKey(id) },
    {
      title: t("adm.user.username"),
      key: "username",
      render: (_, user) => (
        <Space>
          <Avatar size="small" src={user.avatar || undefined}>
            {user.username.slice(0, 1).toUpperCase()}
          </Avatar>
          <span>{user.username}</span>
          {user.isVip && <Tag color="gold">VIP</Tag>}
        </Space>
      ),
    },
    {
      title: t("adm.user.groups"),
      key: "groups",
      render: (_, user) =>
        user.groupId.map((id) => {
          const group = byId.get(idKey(id));
          return (
            <Tag key={idKey(id)} color={group?.color || undefined}>
              {group?.title ?? idKey(id)}
            </Tag>
          );
        }),
    },
    { title: t("adm.user.email"), dataIndex: "email", render: (v: string) => v || "-" },
    { title: t("adm.user.mobile"), dataIndex: "mobile", render: (v: string) => v || "-" },
    { title: t("adm.user.credits"), dataIndex: "creditCount", width: 80 },
    { title: t("adm.user.docs"), dataIndex: "docCount", width: 80 },
    {
      title: t("adm.common.status"),
      dataIndex: "status",
      render: (status: Status) => <Tag color={status === Status.NORMAL ? "green" : "red"}>{t(statusKey(status))}</Tag>,
    },
    {
      title: t("adm.user.ips"),
      key: "ips",
      render: (_, user) => `${user.registerIp || "-"} / ${user.lastLoginIp || "-"}`,
    },
    { title: t("adm.user.loginAt"), dataIndex: "loginAt", render: formatTime },
    { title: t("adm.common.createdAt"), dataIndex: "createdAt", render: formatTime },
    {
      title: t("adm.common.actions"),
      key: "actions",
      fixed: "right",
      render: (_, user) => (
        <Space size={0}>
          {can(`${USER_API}/SetUser`) && (
            <Tooltip title={t("adm.common.edit")}>
              <Button
                type="link"
                icon={<EditOutlined />}
                aria-label={t("adm.common.edit")}
                onClick={() => setEditing(user)}
              />
            </Tooltip>
          )}
          {can(`${USER_API}/UpdateUserPassword`) && (
            <Tooltip title={t("adm.user.resetPassword")}>
              <Button
                type="link"
                icon={<KeyOutlined />}
                aria-label={t("adm.user.resetPassword")}
                onClick={() => setResetting(user)}
              />
            </Tooltip>
          )}
          {can(`${USER_API}/DeleteUser`) && (
            <Tooltip title={t("adm.common.delete")}>
              <Button
                type="link"
                danger
                icon={<DeleteOutlined />}
                aria-label={t("adm.common.delete")}
                onClick={() => setDeleting([user])}
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  const toolbar = (
    <>
      <Input.Search
        allowClear
        placeholder={t("adm.user.searchPlaceholder")}
        aria-label={t("adm.common.search")}
        style={{ width: 260, maxWidth: "100%" }}
        onSearch={(wd) => setQuery((q) => ({ ...q, wd: wd.trim(), page: 1 }))}
      />
      <Select
        allowClear
        placeholder={t("adm.user.allGroups")}
        style={{ width: 160 }}
        value={query.groupId}
        options={groups.map((g) => ({ value: idKey(g.id), label: g.title }))}
        onChange={(groupId?: string) => setQuery((q) => ({ ...q, groupId, page: 1 }))}
      />
      <Select
        allowClear
        placeholder={t("adm.user.allStatus")}
        style={{ width: 130 }}
        value={query.status}
        options={STATUSES.map((s) => ({ value: s, label: t(statusKey(s)) }))}
        onChange={(status?: Status) => setQuery((q) => ({ ...q, status, page: 1 }))}
      />
      <Button icon={<ReloadOutlined />} onClick={list.reload}>
        {t("adm.common.refresh")}
      </Button>
      {can(`${USER_API}/AddUser`) && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")} data-testid="user-add">
          {t("adm.user.add")}
        </Button>
      )}
      {can(`${USER_API}/DeleteUser`) && (
        <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={() => setDeleting(selected)}>
          {t("adm.common.batchDelete")}
        </Button>
      )}
    </>
  );

  return (
    <AdminCard title={t("admin.user.list")} toolbar={toolbar}>
      {list.error && <ApiErrorAlert error={list.error} onRetry={list.reload} />}
      <Table<User>
        rowKey={(user) => idKey(user.id)}
        columns={columns}
        dataSource={list.data?.user ?? []}
        loading={list.loading}
        scroll={{ x: "max-content" }}
        rowSelection={
          can(`${USER_API}/DeleteUser`)
            ? { selectedRowKeys: selected.map((u) => idKey(u.id)), onChange: (_, rows) => setSelected(rows) }
            : undefined
        }
        pagination={tablePagination(t, query, list.data?.total, (page, size) =>
          setQuery((q) => ({ ...q, page, size })),
        )}
        data-testid="user-table"
      />
      <UserFormDrawer
        open={editing !== null}
        user={editing === "new" ? null : editing}
        groups={groups}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          changed();
        }}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
      <DeleteUsersModal
        users={deleting}
        onClose={() => setDeleting([])}
        onDeleted={() => {
          setDeleting([]);
          changed();
        }}
      />
    </AdminCard>
  );
}

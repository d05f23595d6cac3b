import { DeleteOutlined, EditOutlined, KeyOutlined } from "@ant-design/icons";
import { Status } from "@wenku/proto/api/v1/enums_pb.js";
import { type User, UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Avatar, Select, Space, Table, type TableColumnsType, Tag } from "antd";
import { useState } from "react";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { AdminToolbar } from "../../../components/admin/AdminToolbar.js";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useCan } from "../../../components/admin/permissions.js";
import { actionsColumn, RowActions } from "../../../components/admin/RowActions.js";
import { titleColumn } from "../../../components/admin/table.js";
import { formatTime, idKey } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import type { MessageKey } from "../../../i18n/zh-CN.js";
import { groupTitleIn } from "../../../settings/storedNames.js";
import { DeleteUsersModal, ResetPasswordModal } from "./UserDialogs.js";
import { UserFormDrawer } from "./UserFormDrawer.js";
import { useGroups } from "./useGroupOptions.js";

const USER_API = "/api.v1.UserAPI";
const STATUSES = [Status.NORMAL, Status.DISABLED, Status.REVIEWING, Status.REJECTED, Status.IGNORED];
export const statusKey = (status: Status) => `adm.status.${status}` as MessageKey;

/** /admin/user/list: search, filter and page through users; add, edit, reset password, delete. */
export default function UserListPage() {
  const { t, lang } = useI18n();
  const can = useCan();
  const { groups, byId } = useGroups();
  const [editing, setEditing] = useState<User | "new" | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<readonly User[]>([]);
  const list = useAdminList({
    method: UserAPI.method.listUser,
    request: ({ page, size, wd, filters }) => ({
      page: BigInt(page),
      size: BigInt(size),
      wd,
      groupId: /^\d+$/.test(filters.groupId ?? "") ? [BigInt(filters.groupId as string)] : [],
      status: filters.status ? [Number(filters.status) as Status] : [],
    }),
    rows: (r) => r.user,
    rowKey: (u) => idKey(u.id),
  });
  const canDelete = can(`${USER_API}/DeleteUser`);

  const columns: TableColumnsType<User> = [
    { title: t("adm.common.id"), dataIndex: "id", width: 72, responsive: ["md"], render: (id: bigint) => idKey(id) },
    titleColumn(
      t("adm.user.username"),
      (user: User) => (
        <Space>
          <Avatar size="small" src={user.avatar || undefined}>
            {user.username.slice(0, 1).toUpperCase()}
          </Avatar>
          <span>{user.username}</span>
          {user.isVip && <Tag color="gold">VIP</Tag>}
        </Space>
      ),
      140,
    ),
    {
      title: t("adm.user.groups"),
      key: "groups",
      // Kept on phones too: who is in which group is what this list is most often opened for.
      render: (_, user) =>
        user.groupId.map((id) => {
          const group = byId.get(idKey(id));
          return (
            <Tag key={idKey(id)} color={group?.color || undefined}>
              {group ? groupTitleIn(lang, group.title) : idKey(id)}
            </Tag>
          );
        }),
    },
    { title: t("adm.user.email"), dataIndex: "email", responsive: ["lg"], render: (v: string) => v || "-" },
    { title: t("adm.user.mobile"), dataIndex: "mobile", responsive: ["lg"], render: (v: string) => v || "-" },
    { title: t("adm.user.credits"), dataIndex: "creditCount", width: 80, responsive: ["md"] },
    { title: t("adm.user.docs"), dataIndex: "docCount", width: 80, responsive: ["md"] },
    {
      title: t("adm.common.status"),
      dataIndex: "status",
      render: (status: Status) => <Tag color={status === Status.NORMAL ? "green" : "red"}>{t(statusKey(status))}</Tag>,
    },
    {
      title: t("adm.user.ips"),
      key: "ips",
      responsive: ["xl"],
      render: (_, user) => `${user.registerIp || "-"} / ${user.lastLoginIp || "-"}`,
    },
    { title: t("adm.user.loginAt"), dataIndex: "loginAt", render: formatTime, responsive: ["lg"] },
    { title: t("adm.common.createdAt"), dataIndex: "createdAt", render: formatTime, responsive: ["xl"] },
    actionsColumn(t, (user: User) => (
      <RowActions
        actions={[
          can(`${USER_API}/UpdateUserPassword`) && {
            key: "password",
            label: t("adm.user.resetPassword"),
            icon: <KeyOutlined />,
            onClick: () => setResetting(user),
          },
          can(`${USER_API}/SetUser`) && {
            key: "edit",
            label: t("adm.common.edit"),
            icon: <EditOutlined />,
            onClick: () => setEditing(user),
          },
          // Deleting users asks for the caller's password in its own dialog, which names them.
          canDelete && {
            key: "delete",
            label: t("adm.common.delete"),
            icon: <DeleteOutlined />,
            danger: true,
            onClick: () => setDeleting([user]),
          },
        ]}
      />
    )),
  ];

  const toolbar = (
    <AdminToolbar
      list={list}
      searchPlaceholder={t("adm.user.searchPlaceholder")}
      onAdd={can(`${USER_API}/AddUser`) ? () => setEditing("new") : undefined}
      addLabel={t("adm.user.add")}
      addTestId="user-add"
      onBatchDelete={canDelete ? async (rows) => setDeleting(rows) : undefined}
      batchDeleteAsksItself
    >
      <Select
        allowClear
        placeholder={t("adm.user.allGroups")}
        aria-label={t("adm.user.groups")}
        style={{ width: 160 }}
        value={list.query.filters.groupId}
        options={groups.map((g) => ({ value: idKey(g.id), label: g.title }))}
        onChange={(groupId?: string) => list.setFilter("groupId", groupId)}
      />
      <Select
        allowClear
        placeholder={t("adm.user.allStatus")}
        aria-label={t("adm.common.status")}
        style={{ width: 130 }}
        value={list.query.filters.status ? (Number(list.query.filters.status) as Status) : undefined}
        options={STATUSES.map((s) => ({ value: s, label: t(statusKey(s)) }))}
        onChange={(status?: Status) => list.setFilter("status", status === undefined ? undefined : String(status))}
      />
    </AdminToolbar>
  );

  return (
    <AdminCard title={t("admin.user.list")} toolbar={toolbar} list={list}>
      <Table<User> {...list.tableProps(canDelete)} columns={columns} data-testid="user-table" />
      <UserFormDrawer
        open={editing !== null}
        user={editing === "new" ? null : editing}
        groups={groups}
        onClose={() => setEditing(null)}
        onSaved={() => setEditing(null)}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
      <DeleteUsersModal
        users={deleting}
        onClose={() => setDeleting([])}
        onDeleted={() => {
          setDeleting([]);
          list.clearSelection();
        }}
      />
    </AdminCard>
  );
}

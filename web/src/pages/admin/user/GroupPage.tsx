import { SafetyOutlined } from "@ant-design/icons";
import { type Group, GroupAPI } from "@wenku/proto/api/v1/group_pb.js";
import { Space, Table, type TableColumnsType, Tag } from "antd";
import { useState } from "react";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { AdminToolbar } from "../../../components/admin/AdminToolbar.js";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useCan } from "../../../components/admin/permissions.js";
import { actionsColumn, RowActions } from "../../../components/admin/RowActions.js";
import { titleColumn } from "../../../components/admin/table.js";
import { formatTime, idKey } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { groupTitleIn } from "../../../settings/storedNames.js";
import { GROUP_ABILITIES, GroupFormDrawer } from "./GroupFormDrawer.js";
import { GroupPermissionDrawer } from "./GroupPermissionDrawer.js";

const GROUP_API = "/api.v1.GroupAPI";

/** /admin/user/group: groups CRUD and each group's permissions. */
export default function GroupPage() {
  const { t, lang } = useI18n();
  const can = useCan();
  const [editing, setEditing] = useState<Group | "new" | null>(null);
  const [granting, setGranting] = useState<Group | null>(null);
  const list = useAdminList({
    method: GroupAPI.method.listGroup,
    request: ({ page, size, wd }) => ({ page: BigInt(page), size: BigInt(size), wd }),
    rows: (r) => r.group,
    rowKey: (g) => idKey(g.id),
  });
  const remove = useAdminMutation(GroupAPI.method.deleteGroup, {
    success: t("adm.common.deleted"),
    failure: t("adm.common.deleteFailed"),
    onSuccess: list.clearSelection,
  });
  const canDelete = can(`${GROUP_API}/DeleteGroup`);

  const yesNo = (value: boolean) => (
    <Tag color={value ? "blue" : "default"}>{t(value ? "adm.common.yes" : "adm.common.no")}</Tag>
  );
  const columns: TableColumnsType<Group> = [
    { title: t("adm.common.id"), dataIndex: "id", width: 64, responsive: ["md"], render: idKey },
    titleColumn(
      t("adm.common.title"),
      (g: Group) => <Tag color={g.color || undefined}>{groupTitleIn(lang, g.title)}</Tag>,
      120,
    ),
    { title: t("adm.common.description"), dataIndex: "description", ellipsis: true, width: 220, responsive: ["lg"] },
    { title: t("adm.group.users"), dataIndex: "userCount", width: 80 },
    { title: t("adm.group.isDefault"), dataIndex: "isDefault", render: yesNo, responsive: ["md"] },
    { title: t("adm.group.isDisplay"), dataIndex: "isDisplay", render: yesNo, responsive: ["md"] },
    {
      title: t("adm.group.abilities"),
      key: "abilities",
      responsive: ["lg"],
      render: (_, g) => (
        <Space size={[0, 4]} wrap style={{ maxWidth: 320 }}>
          {GROUP_ABILITIES.filter(([key]) => g[key]).map(([key, label]) => (
            <Tag key={key}>{t(label)}</Tag>
          ))}
        </Space>
      ),
    },
    { title: t("adm.common.sort"), dataIndex: "sort", width: 64, responsive: ["md"] },
    { title: t("adm.common.createdAt"), dataIndex: "createdAt", render: formatTime, responsive: ["lg"] },
    actionsColumn(t, (g: Group) => (
      <RowActions
        name={g.title}
        actions={[
          can(`${GROUP_API}/UpdateGroupPermission`) &&
            can(`${GROUP_API}/GetGroupPermission`) && {
              key: "permissions",
              label: t("adm.group.permissions"),
              icon: <SafetyOutlined />,
              onClick: () => setGranting(g),
            },
        ]}
        onEdit={can(`${GROUP_API}/UpdateGroup`) ? () => setEditing(g) : undefined}
        onDelete={canDelete ? () => void remove.run({ id: [g.id] }) : undefined}
      />
    )),
  ];

  const toolbar = (
    <AdminToolbar
      list={list}
      searchPlaceholder={t("adm.group.searchPlaceholder")}
      onAdd={can(`${GROUP_API}/CreateGroup`) ? () => setEditing("new") : undefined}
      addLabel={t("adm.group.add")}
      addTestId="group-add"
      onBatchDelete={canDelete ? (rows) => remove.run({ id: rows.map((g) => g.id) }) : undefined}
      rowName={(g) => g.title}
    />
  );

  return (
    <AdminCard title={t("admin.user.group")} toolbar={toolbar} list={list}>
      <Table<Group> {...list.tableProps(canDelete)} columns={columns} data-testid="group-table" />
      <GroupFormDrawer
        open={editing !== null}
        group={editing === "new" ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => setEditing(null)}
      />
      <GroupPermissionDrawer group={granting} onClose={() => setGranting(null)} />
    </AdminCard>
  );
}

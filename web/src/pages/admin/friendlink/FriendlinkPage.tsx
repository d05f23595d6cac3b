import { type Friendlink, FriendlinkAPI } from "@wenku/proto/api/v1/friendlink_pb.js";
import { Table, type TableColumnsType, Typography } from "antd";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { AdminToolbar } from "../../../components/admin/AdminToolbar.js";
import { EnableFilter, enableFilter } from "../../../components/admin/EnableFilter.js";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useEditing } from "../../../components/admin/list/useEditing.js";
import { useCan } from "../../../components/admin/permissions.js";
import { actionsColumn, RowActions } from "../../../components/admin/RowActions.js";
import { sortColumn, useInlineUpdate } from "../../../components/admin/sortedItems.js";
import { descriptionColumn, enableColumn, titleColumn } from "../../../components/admin/table.js";
import { formatTime, idKey } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { FriendlinkFormDrawer } from "./FriendlinkFormDrawer.js";

const LINK_API = "/api.v1.FriendlinkAPI";

/** /admin/friendlink: the home page's friend links; add, edit, enable, sort, delete. */
export default function FriendlinkPage() {
  const { t } = useI18n();
  const can = useCan();
  const editing = useEditing<Friendlink | "new">();
  const list = useAdminList({
    method: FriendlinkAPI.method.listFriendlink,
    request: (query) => ({
      page: BigInt(query.page),
      size: BigInt(query.size),
      wd: query.wd,
      enable: enableFilter(query),
    }),
    rows: (r) => r.friendlink,
    rowKey: (l) => idKey(l.id),
  });
  const remove = useAdminMutation(FriendlinkAPI.method.deleteFriendlink, {
    success: t("adm.common.deleted"),
    failure: t("adm.common.deleteFailed"),
    onSuccess: list.clearSelection,
  });
  const change = useInlineUpdate(FriendlinkAPI.method.updateFriendlink);

  const canUpdate = can(`${LINK_API}/UpdateFriendlink`);
  const canDelete = can(`${LINK_API}/DeleteFriendlink`);
  const columns: TableColumnsType<Friendlink> = [
    titleColumn(
      t("adm.common.title"),
      (l: Friendlink) => <strong>{l.title}</strong>,
      120,
      (l) => l.title,
    ),
    enableColumn(
      t,
      (l: Friendlink) => ({ enable: l.enable, name: l.title }),
      (l, enable) => void change(l, { enable }).catch(() => {}),
      !canUpdate,
    ),
    {
      title: t("adm.link.link"),
      key: "link",
      ellipsis: true,
      width: 220,
      responsive: ["sm"],
      render: (_, l) => (
        <Typography.Link href={l.link} target="_blank" rel="noopener noreferrer">
          {l.link}
        </Typography.Link>
      ),
    },
    sortColumn(
      t,
      (l: Friendlink) => ({ sort: l.sort, name: l.title }),
      (l, sort) => change(l, { sort }),
      !canUpdate,
    ),
    descriptionColumn(t, (l: Friendlink) => l.description),
    {
      title: t("adm.common.createdAt"),
      key: "createdAt",
      responsive: ["lg"],
      render: (_, l) => formatTime(l.createdAt),
    },
    actionsColumn(t, (l: Friendlink) => (
      <RowActions
        name={l.title}
        onEdit={canUpdate ? () => editing.open(l) : undefined}
        onDelete={canDelete ? () => void remove.run({ id: [l.id] }) : undefined}
      />
    )),
  ];

  const toolbar = (
    <AdminToolbar
      list={list}
      searchPlaceholder={t("adm.link.searchPlaceholder")}
      onAdd={can(`${LINK_API}/CreateFriendlink`) ? () => editing.open("new") : undefined}
      addLabel={t("adm.link.add")}
      addTestId="friendlink-add"
      onBatchDelete={canDelete ? (rows) => remove.run({ id: rows.map((l) => l.id) }) : undefined}
      rowName={(l) => l.title}
    >
      <EnableFilter list={list} />
    </AdminToolbar>
  );

  return (
    <AdminCard title={t("admin.friendlink")} toolbar={toolbar} list={list}>
      <Table<Friendlink> {...list.tableProps(canDelete)} columns={columns} data-testid="friendlink-table" />
      <FriendlinkFormDrawer key={editing.key} edit={editing.edit} onClose={editing.close} onSaved={editing.close} />
    </AdminCard>
  );
}

import { PlusOutlined } from "@ant-design/icons";
import { type Navigation, NavigationAPI } from "@wenku/proto/api/v1/navigation_pb.js";
import { type TableColumnsType, Typography } from "antd";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useEditing } from "../../../components/admin/list/useEditing.js";
import { type NavRow, navigationTree } from "../../../components/admin/navigationTree.js";
import { useCan } from "../../../components/admin/permissions.js";
import { actionsColumn, RowActions } from "../../../components/admin/RowActions.js";
import { TreeListCard } from "../../../components/admin/TreeListCard.js";
import { descriptionColumn, enableColumn, titleColumn } from "../../../components/admin/table.js";
import { formatTime } from "../../../components/common/format.js";
import { NAVIGATION_LIST_SIZE } from "../../../hooks/useNavigationItems.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { type NavigationEdit, NavigationFormDrawer } from "./NavigationFormDrawer.js";

const NAV_API = "/api.v1.NavigationAPI";
type Row = NavRow<Navigation>;

/** /admin/navigation: the header menu as a parent/child tree; create, edit, enable, delete. */
export default function NavigationPage() {
  const { t } = useI18n();
  const can = useCan();
  const editing = useEditing<NavigationEdit>();
  const list = useAdminList({
    method: NavigationAPI.method.listNavigation,
    request: ({ wd }) => ({ page: 1n, size: NAVIGATION_LIST_SIZE, wd }),
    rows: (r) => navigationTree(r.navigation),
    rowKey: (row) => row.key,
    pageSize: 0,
  });
  const remove = useAdminMutation(NavigationAPI.method.deleteNavigation, {
    success: t("adm.common.deleted"),
    failure: t("adm.common.deleteFailed"),
    onSuccess: list.clearSelection,
  });
  const update = useAdminMutation(NavigationAPI.method.updateNavigation, { success: false });
  const toggle = (item: Navigation, enable: boolean) => {
    const { createdAt: _c, updatedAt: _u, children: _ch, $typeName: _tn, ...fields } = item;
    void update.run({ ...fields, enable });
  };

  const canCreate = can(`${NAV_API}/CreateNavigation`);
  const canUpdate = can(`${NAV_API}/UpdateNavigation`);
  const canDelete = can(`${NAV_API}/DeleteNavigation`);
  const columns: TableColumnsType<Row> = [
    titleColumn(
      t("adm.common.title"),
      ({ item }: Row) => <span style={{ color: item.color || undefined, fontWeight: 500 }}>{item.title}</span>,
      120,
      ({ item }) => item.title,
    ),
    {
      title: t("adm.nav.href"),
      key: "href",
      responsive: ["sm"],
      render: (_, { item }) => (item.href ? <Typography.Text code>{item.href}</Typography.Text> : "-"),
    },
    {
      title: t("adm.nav.target"),
      key: "target",
      responsive: ["md"],
      render: (_, { item }) => t(item.target === "_blank" ? "adm.nav.targetBlank" : "adm.nav.targetSelf"),
    },
    { title: t("adm.common.sort"), key: "sort", width: 64, responsive: ["md"], render: (_, { item }) => item.sort },
    enableColumn(
      t,
      ({ item }: Row) => ({ enable: item.enable, name: item.title }),
      ({ item }, enable) => toggle(item, enable),
      !canUpdate,
    ),
    descriptionColumn(t, ({ item }: Row) => item.description),
    {
      title: t("adm.common.createdAt"),
      key: "createdAt",
      responsive: ["lg"],
      render: (_, { item }) => formatTime(item.createdAt),
    },
    actionsColumn(t, (row: Row) => (
      <RowActions
        name={row.item.title}
        actions={[
          canCreate &&
            row.item.parentId === 0n && {
              key: "addChild",
              label: t("adm.nav.addChild"),
              icon: <PlusOutlined />,
              onClick: () => editing.open({ parentId: row.item.id }),
            },
        ]}
        onEdit={canUpdate ? () => editing.open({ item: row.item }) : undefined}
        onDelete={canDelete ? () => void remove.run({ id: [row.item.id] }) : undefined}
      />
    )),
  ];

  return (
    <TreeListCard<Row>
      title={t("admin.navigation")}
      list={list}
      columns={columns}
      parentKeys={list.rows.filter((row) => row.children?.length).map((row) => row.key)}
      searchPlaceholder={t("adm.nav.searchPlaceholder")}
      onAdd={canCreate ? () => editing.open({ parentId: 0n }) : undefined}
      addLabel={t("adm.nav.add")}
      addTestId="navigation-add"
      onBatchDelete={canDelete ? (rows) => remove.run({ id: rows.map((row) => row.item.id) }) : undefined}
      testId="navigation-table"
    >
      <NavigationFormDrawer
        key={editing.key}
        edit={editing.edit}
        parents={list.rows.map((row) => row.item)}
        onClose={editing.close}
        onSaved={editing.close}
      />
    </TreeListCard>
  );
}

import { type Permission, PermissionAPI } from "@wenku/proto/api/v1/permission_pb.js";
import { Form, Modal, Table, type TableColumnsType, Tag } from "antd";
import { useState } from "react";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { AdminToolbar } from "../../../components/admin/AdminToolbar.js";
import { DescriptionField, NameField } from "../../../components/admin/formFields.js";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useCan } from "../../../components/admin/permissions.js";
import { permissionArea } from "../../../components/admin/permissionTree.js";
import { actionsColumn, RowActions } from "../../../components/admin/RowActions.js";
import { titleColumn } from "../../../components/admin/table.js";
import { formatTime, idKey } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

interface TitleValues {
  title: string;
  description: string;
}

/** /admin/user/permission: every grantable permission; titles and descriptions are editable. */
export default function PermissionPage() {
  const { t } = useI18n();
  const can = useCan();
  const [editing, setEditing] = useState<Permission | null>(null);
  const [form] = Form.useForm<TitleValues>();
  const list = useAdminList({
    method: PermissionAPI.method.listPermission,
    request: ({ page, size, wd }) => ({ page: BigInt(page), size: BigInt(size), wd }),
    rows: (r) => r.permission,
    rowKey: (p) => idKey(p.id),
    pageSize: 20,
  });
  const update = useAdminMutation(PermissionAPI.method.updatePermission, { onSuccess: () => setEditing(null) });
  const canEdit = can("/api.v1.PermissionAPI/UpdatePermission");

  const save = (values: TitleValues) => {
    if (!editing) return;
    const { id, method, path } = editing;
    void update.run({ id, method, path, title: values.title.trim(), description: values.description ?? "" });
  };

  const columns: TableColumnsType<Permission> = [
    { title: t("adm.common.id"), dataIndex: "id", width: 64, responsive: ["md"], render: idKey },
    titleColumn(
      t("adm.common.title"),
      (p: Permission) => p.title,
      120,
      (p) => p.title,
    ),
    { title: t("adm.perm.area"), key: "area", render: (_, p) => <Tag>{permissionArea(p) || t("adm.perm.other")}</Tag> },
    { title: t("adm.perm.method"), dataIndex: "method", width: 80, responsive: ["md"] },
    { title: t("adm.perm.path"), dataIndex: "path", responsive: ["md"], render: (path: string) => <code>{path}</code> },
    { title: t("adm.common.description"), dataIndex: "description", ellipsis: true, width: 200, responsive: ["lg"] },
    { title: t("adm.common.updatedAt"), dataIndex: "updatedAt", render: formatTime, responsive: ["lg"] },
    ...(canEdit ? [actionsColumn(t, (p: Permission) => <RowActions onEdit={() => setEditing(p)} />)] : []),
  ];

  const toolbar = <AdminToolbar list={list} searchPlaceholder={t("adm.perm.searchPlaceholder")} />;

  return (
    <AdminCard title={t("admin.user.permission")} toolbar={toolbar} list={list}>
      <Table<Permission> {...list.tableProps(false)} columns={columns} data-testid="permission-table" />
      <Modal
        title={`${t("adm.perm.edit")} · ${editing?.path ?? ""}`}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t("adm.common.save")}
        confirmLoading={update.pending}
        destroyOnHidden
      >
        <Form<TitleValues>
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={save}
          initialValues={{ title: editing?.title ?? "", description: editing?.description ?? "" }}
        >
          <NameField />
          <DescriptionField />
        </Form>
      </Modal>
    </AdminCard>
  );
}

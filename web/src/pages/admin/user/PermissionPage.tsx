import { EditOutlined, ReloadOutlined } from "@ant-design/icons";
import { type Permission, PermissionAPI } from "@wenku/proto/api/v1/permission_pb.js";
import { App, Button, Form, Input, Modal, Table, type TableColumnsType, Tag } from "antd";
import { useCallback, useState } from "react";
import { useClient } from "../../../api/client.js";
import { toApiError } from "../../../api/errors.js";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { useCan } from "../../../components/admin/permissions.js";
import { permissionArea } from "../../../components/admin/permissionTree.js";
import { useRemote } from "../../../components/admin/remote.js";
import { tablePagination } from "../../../components/admin/table.js";
import { ApiErrorAlert } from "../../../components/common/ApiErrorAlert.js";
import { formatTime, idKey } from "../../../components/common/format.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

interface TitleValues {
  title: string;
  description: string;
}

/** /admin/user/permission: every grantable permission; titles and descriptions are editable. */
export default function PermissionPage() {
  const { t } = useI18n();
  const client = useClient(PermissionAPI);
  const can = useCan();
  const { message } = App.useApp();
  const [query, setQuery] = useState({ page: 1, size: 20, wd: "" });
  const [editing, setEditing] = useState<Permission | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<TitleValues>();

  const load = useCallback(
    (signal: AbortSignal) =>
      client.listPermission({ page: BigInt(query.page), size: BigInt(query.size), wd: query.wd }, { signal }),
    [client, query],
  );
  const list = useRemote(load, t("adm.common.loadFailed"));
  const canEdit = can("/api.v1.PermissionAPI/UpdatePermission");

  const save = async (values: TitleValues) => {
    if (!editing) return;
    setSaving(true);
    try {
      await client.updatePermission({
        id: editing.id,
        method: editing.method,
        path: editing.path,
        title: values.title.trim(),
        description: values.description ?? "",
      });
      void message.success(t("adm.common.saved"));
      setEditing(null);
      list.reload();
    } catch (cause) {
      void message.error(toApiError(cause, t("adm.common.saveFailed")).message);
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<Permission> = [
    { title: t("adm.common.id"), dataIndex: "id", width: 64, render: idKey },
    { title: t("adm.common.title"), dataIndex: "title" },
    { title: t("adm.perm.area"), key: "area", render: (_, p) => <Tag>{permissionArea(p) || t("adm.perm.other")}</Tag> },
    { title: t("adm.perm.method"), dataIndex: "method", width: 80 },
    { title: t("adm.perm.path"), dataIndex: "path", render: (path: string) => <code>{path}</code> },
    { title: t("adm.common.description"), dataIndex: "description", ellipsis: true, width: 200 },
    { title: t("adm.common.updatedAt"), dataIndex: "updatedAt", render: formatTime },
    ...(canEdit
      ? [
          {
            title: t("adm.common.actions"),
            key: "actions",
            fixed: "right" as const,
            render: (_: unknown, p: Permission) => (
              <Button
                type="link"
                icon={<EditOutlined />}
                onClick={() => setEditing(p)}
                aria-label={t("adm.common.edit")}
              >
                {t("adm.common.edit")}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const toolbar = (
    <>
      <Input.Search
        allowClear
        placeholder={t("adm.perm.searchPlaceholder")}
        aria-label={t("adm.common.search")}
        style={{ width: 260, maxWidth: "100%" }}
        onSearch={(wd) => setQuery((q) => ({ ...q, wd: wd.trim(), page: 1 }))}
      />
      <Button icon={<ReloadOutlined />} onClick={list.reload}>
        {t("adm.common.refresh")}
      </Button>
    </>
  );

  return (
    <AdminCard title={t("admin.user.permission")} toolbar={toolbar}>
      {list.error && <ApiErrorAlert error={list.error} onRetry={list.reload} />}
      <Table<Permission>
        rowKey={(p) => idKey(p.id)}
        columns={columns}
        dataSource={list.data?.permission ?? []}
        loading={list.loading}
        scroll={{ x: "max-content" }}
        pagination={tablePagination(t, query, list.data?.total, (page, size) =>
          setQuery((q) => ({ ...q, page, size })),
        )}
        data-testid="permission-table"
      />
      <Modal
        title={`${t("adm.perm.edit")} · ${editing?.path ?? ""}`}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t("adm.common.save")}
        confirmLoading={saving}
        destroyOnHidden
      >
        <Form<TitleValues>
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={save}
          initialValues={{ title: editing?.title ?? "", description: editing?.description ?? "" }}
        >
          <Form.Item
            name="title"
            label={t("adm.common.title")}
            rules={[{ required: true, whitespace: true, message: t("adm.common.titleRequired") }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="description" label={t("adm.common.description")}>
            <Input.TextArea rows={3} maxLength={255} />
          </Form.Item>
        </Form>
      </Modal>
    </AdminCard>
  );
}

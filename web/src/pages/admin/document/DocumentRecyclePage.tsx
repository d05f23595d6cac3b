import { ClearOutlined, DeleteOutlined, UndoOutlined } from "@ant-design/icons";
import { type Document, RecycleAPI } from "@wenku/proto/api/v1/document_pb.js";
import { Button, Table, type TableColumnsType } from "antd";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { AdminToolbar } from "../../../components/admin/AdminToolbar.js";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useCan } from "../../../components/admin/permissions.js";
import { actionsColumn, RowActions } from "../../../components/admin/RowActions.js";
import { titleColumn } from "../../../components/admin/table.js";
import { useConfirm } from "../../../components/admin/useConfirm.js";
import { formatBytes, formatTime, idKey } from "../../../components/common/format.js";
import { adminListRequest } from "../../../components/document/documentQuery.js";
import { DocumentStatusTag } from "../../../components/document/documentStatus.js";
import { useDocumentOptions } from "../../../components/document/useDocumentOptions.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { DocumentTitleCell } from "./DocumentTitleCell.js";
import { DOCUMENT_SERVICES, documentQueryOf, uploaderColumn } from "./documentListQuery.js";

const RECYCLE_API = "/api.v1.RecycleAPI";

/** /admin/document/recycle: deleted documents; restore them, purge some, or empty the bin. */
export default function DocumentRecyclePage() {
  const { t } = useI18n();
  const can = useCan();
  const confirm = useConfirm();
  const { categoryTitle } = useDocumentOptions();
  const list = useAdminList({
    method: RecycleAPI.method.listRecycleDocument,
    request: (query) => adminListRequest(documentQueryOf(query)),
    rows: (r) => r.document,
    rowKey: (doc) => idKey(doc.id),
  });
  const changed = { alsoInvalidates: DOCUMENT_SERVICES, onSuccess: list.clearSelection };
  const restore = useAdminMutation(RecycleAPI.method.recoverRecycleDocument, {
    ...changed,
    success: t("adm.recycle.restored"),
  });
  const purge = useAdminMutation(RecycleAPI.method.deleteRecycleDocument, {
    ...changed,
    success: t("adm.common.deleted"),
  });
  const clear = useAdminMutation(RecycleAPI.method.clearRecycleDocument, {
    ...changed,
    success: t("adm.recycle.cleared"),
  });
  const canRestore = can(`${RECYCLE_API}/RecoverRecycleDocument`);
  const canPurge = can(`${RECYCLE_API}/DeleteRecycleDocument`);

  const columns: TableColumnsType<Document> = [
    { title: t("adm.common.id"), dataIndex: "id", width: 64, responsive: ["md"], render: idKey },
    titleColumn(t("dl.title"), (doc: Document) => <DocumentTitleCell doc={doc} categoryTitle={categoryTitle} />, 200),
    uploaderColumn(t),
    {
      title: t("adm.common.status"),
      key: "status",
      responsive: ["md"],
      render: (_, doc) => <DocumentStatusTag status={doc.status} convertError={doc.convertError} />,
    },
    { title: t("dl.size"), dataIndex: "size", responsive: ["lg"], render: (size: bigint) => formatBytes(size) },
    {
      title: t("adm.recycle.deletedBy"),
      key: "deletedBy",
      responsive: ["md"],
      render: (_, doc) => doc.deletedUsername || (doc.deletedUserId ? `#${idKey(doc.deletedUserId)}` : "-"),
    },
    { title: t("adm.recycle.deletedAt"), dataIndex: "deletedAt", render: formatTime, responsive: ["sm"] },
    actionsColumn(t, (doc: Document) => (
      <RowActions
        actions={[
          canRestore && {
            key: "restore",
            label: t("adm.recycle.restore"),
            icon: <UndoOutlined />,
            onClick: () => void restore.run({ id: [doc.id] }),
          },
          canPurge && {
            key: "purge",
            label: t("adm.recycle.purge"),
            icon: <DeleteOutlined />,
            danger: true,
            confirm: {
              title: t("adm.common.confirmAction", { action: t("adm.recycle.purge"), name: doc.title }),
              description: t("adm.recycle.purgeHint"),
            },
            onClick: () => void purge.run({ id: [doc.id] }),
          },
        ]}
      />
    )),
  ];

  const toolbar = (
    <AdminToolbar
      list={list}
      searchPlaceholder={t("adm.doc.searchPlaceholder")}
      batch={
        canRestore && (
          <Button
            icon={<UndoOutlined />}
            disabled={list.selected.length === 0}
            onClick={() => void restore.run({ id: list.selected.map((d) => d.id) })}
            data-testid="recycle-restore"
          >
            {t("adm.recycle.restoreSelected")}
          </Button>
        )
      }
      onBatchDelete={canPurge ? (rows) => purge.run({ id: rows.map((d) => d.id) }) : undefined}
      batchDeleteLabel={t("adm.recycle.purge")}
      batchDeleteTitle={(count) => t("adm.recycle.purgeConfirm", { count })}
      batchDeleteHint={t("adm.recycle.purgeHint")}
      rowName={(d) => d.title}
    >
      {can(`${RECYCLE_API}/ClearRecycleDocument`) && (
        <Button
          danger
          type="primary"
          icon={<ClearOutlined />}
          disabled={list.total === 0}
          onClick={() =>
            confirm({
              title: t("adm.recycle.clearConfirm"),
              hint: `${t("adm.common.total", { total: list.total })} · ${t("adm.recycle.purgeHint")}`,
              onOk: () => clear.run({}),
            })
          }
          data-testid="recycle-clear"
        >
          {t("adm.recycle.clear")}
        </Button>
      )}
    </AdminToolbar>
  );

  return (
    <AdminCard title={t("admin.document.recycle")} toolbar={toolbar} list={list}>
      <Table<Document>
        {...list.tableProps(canRestore || canPurge)}
        columns={columns}
        scroll={{ x: "max-content" }}
        data-testid="recycle-table"
      />
    </AdminCard>
  );
}

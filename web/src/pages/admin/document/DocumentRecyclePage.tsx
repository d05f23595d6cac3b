import { type Document, RecycleAPI } from "@wenku/proto/api/v1/document_pb.js";
import type { TableColumnsType } from "antd";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useCan } from "../../../components/admin/permissions.js";
import { RecycleBinCard } from "../../../components/admin/RecycleBinCard.js";
import { titleColumn } from "../../../components/admin/table.js";
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
  ];

  return (
    <RecycleBinCard
      title={t("admin.document.recycle")}
      list={list}
      columns={columns}
      searchPlaceholder={t("adm.doc.searchPlaceholder")}
      rowName={(d) => d.title}
      purgeConfirm={(count) => t("adm.recycle.purgeConfirm", { count })}
      onRestore={can(`${RECYCLE_API}/RecoverRecycleDocument`) ? (id) => restore.run({ id }) : undefined}
      onPurge={can(`${RECYCLE_API}/DeleteRecycleDocument`) ? (id) => purge.run({ id }) : undefined}
      onClear={can(`${RECYCLE_API}/ClearRecycleDocument`) ? () => clear.run({}) : undefined}
    />
  );
}

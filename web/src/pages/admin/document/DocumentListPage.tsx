import { SyncOutlined } from "@ant-design/icons";
import { type Document, DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import type { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { Button, Flex, Select, Table, type TableColumnsType } from "antd";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { AdminToolbar } from "../../../components/admin/AdminToolbar.js";
import { CategoryFilter } from "../../../components/admin/CategoryFilter.js";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useEditing } from "../../../components/admin/list/useEditing.js";
import { useCan } from "../../../components/admin/permissions.js";
import { actionsColumn, RowActions } from "../../../components/admin/RowActions.js";
import { reviewRowActions } from "../../../components/admin/reviewActions.js";
import { titleColumn } from "../../../components/admin/table.js";
import { useConfirm } from "../../../components/admin/useConfirm.js";
import { formatBytes, formatTime, idKey } from "../../../components/common/format.js";
import { DocumentFormDrawer } from "../../../components/document/DocumentFormDrawer.js";
import { adminListRequest } from "../../../components/document/documentQuery.js";
import { DOCUMENT_STATUSES, documentStatusView } from "../../../components/document/documentStatus.js";
import { useDocumentOptions } from "../../../components/document/useDocumentOptions.js";
import { useSizeClass } from "../../../hooks/useSizeClass.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { TYPE_FILTERS, type TypeFilter } from "../../category/categoryFilters.js";
import { CHECKS, DocumentBatchBar, reasonInput } from "./DocumentBatchBar.js";
import { DocumentStatusCell } from "./DocumentStatusCell.js";
import { DocumentTitleCell } from "./DocumentTitleCell.js";
import { DOC_API, DOCUMENT_SERVICES, documentQueryOf, uploaderColumn } from "./documentListQuery.js";

/**
 * /admin/document/list: every document in every status; filter by keyword, status, category, type
 * and language; review (approve, reject, disable), edit, delete, and batch the same on a selection.
 * On a phone the status stands under the title (a column of its own would be off-screen at 375 px).
 */
export default function DocumentListPage() {
  const { t } = useI18n();
  const mobile = useSizeClass() === "mobile";
  const can = useCan();
  const confirm = useConfirm();
  const options = useDocumentOptions();
  const editing = useEditing<Document>();
  const list = useAdminList({
    method: DocumentAPI.method.listDocument,
    request: (query) => adminListRequest(documentQueryOf(query)),
    rows: (r) => r.document,
    rowKey: (doc) => idKey(doc.id),
  });
  const changed = { alsoInvalidates: DOCUMENT_SERVICES, onSuccess: list.clearSelection };
  const check = useAdminMutation(DocumentAPI.method.checkDocument, changed);
  const remove = useAdminMutation(DocumentAPI.method.deleteDocument, { ...changed, success: t("adm.common.deleted") });
  const reconvert = useAdminMutation(DocumentAPI.method.setDocumentReconvert, {
    ...changed,
    success: t("adm.doc.reconvertQueued"),
  });
  const filter = (name: string) => (value: string | readonly (string | number)[] | undefined) =>
    list.setFilter(name, value);

  const columns: TableColumnsType<Document> = [
    { title: t("adm.common.id"), dataIndex: "id", width: 64, responsive: ["md"], render: idKey },
    titleColumn(
      t("dl.title"),
      (doc: Document) =>
        mobile ? (
          <Flex vertical gap={4} align="flex-start">
            <DocumentTitleCell doc={doc} categoryTitle={options.categoryTitle} />
            <DocumentStatusCell doc={doc} />
          </Flex>
        ) : (
          <DocumentTitleCell doc={doc} categoryTitle={options.categoryTitle} />
        ),
      200,
    ),
    uploaderColumn(t),
    ...(mobile
      ? []
      : [
          {
            title: t("adm.common.status"),
            key: "status",
            width: 160,
            render: (_: unknown, doc: Document) => <DocumentStatusCell doc={doc} />,
          },
        ]),
    { title: t("dl.pages"), dataIndex: "pages", width: 64, responsive: ["md"] },
    { title: t("dl.size"), dataIndex: "size", responsive: ["md"], render: (size: bigint) => formatBytes(size) },
    {
      title: t("adm.doc.viewsDownloads"),
      key: "counts",
      responsive: ["lg"],
      render: (_, doc) => `${doc.viewCount} / ${doc.downloadCount}`,
    },
    { title: t("adm.common.createdAt"), dataIndex: "createdAt", render: formatTime, responsive: ["lg"] },
    actionsColumn(t, (doc: Document) => (
      <RowActions
        name={doc.title}
        deleteHint={t("adm.doc.deleteHint")}
        actions={
          can(`${DOC_API}/CheckDocument`)
            ? reviewRowActions({
                t,
                confirm,
                checks: CHECKS,
                current: doc.status,
                name: doc.title,
                reason: reasonInput(t),
                run: (status, reason) => check.run({ id: [doc.id], status, reason }),
              })
            : []
        }
        onEdit={can(`${DOC_API}/UpdateDocument`) ? () => editing.open(doc) : undefined}
        onDelete={can(`${DOC_API}/DeleteDocument`) ? () => void remove.run({ id: [doc.id] }) : undefined}
      />
    )),
  ];

  const toolbar = (
    <AdminToolbar list={list} searchPlaceholder={t("adm.doc.searchPlaceholder")}>
      <Select<DocumentStatus[]>
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        placeholder={t("adm.doc.allStatus")}
        aria-label={t("adm.common.status")}
        style={{ width: 200, maxWidth: "100%" }}
        value={list.filterValues("status").map(Number) as DocumentStatus[]}
        options={DOCUMENT_STATUSES.map((s) => ({ value: s, label: t(documentStatusView(s).label) }))}
        onChange={filter("status")}
        data-testid="document-status-filter"
      />
      <CategoryFilter list={list} options={options.categoryOptions} />
      <Select<TypeFilter>
        allowClear
        placeholder={t("adm.doc.allTypes")}
        style={{ width: 120 }}
        value={list.query.filters.type as TypeFilter | undefined}
        options={Object.keys(TYPE_FILTERS).map((key) => ({
          value: key as TypeFilter,
          label: t(`cat.type.${key as TypeFilter}`),
        }))}
        onChange={filter("type")}
      />
      <Select<string>
        allowClear
        placeholder={t("adm.doc.allLanguages")}
        style={{ width: 130 }}
        value={list.query.filters.languageId}
        options={options.languageOptions}
        onChange={filter("languageId")}
      />
      {can(`${DOC_API}/SetDocumentReconvert`) && (
        <Button
          icon={<SyncOutlined />}
          data-testid="document-reconvert"
          onClick={() =>
            confirm({
              title: t("adm.doc.reconvertConfirm"),
              hint: t("adm.doc.reconvertHint"),
              danger: false,
              onOk: () => reconvert.run({}),
            })
          }
        >
          {t("adm.doc.reconvert")}
        </Button>
      )}
    </AdminToolbar>
  );

  return (
    <AdminCard title={t("admin.document.list")} toolbar={toolbar} list={list}>
      <DocumentBatchBar selected={list.selected} options={options} can={can} onDone={list.clearSelection} />
      <Table<Document> {...list.tableProps(true)} columns={columns} data-testid="document-table" />
      <DocumentFormDrawer
        key={editing.key}
        document={editing.edit}
        options={options}
        staff
        onClose={editing.close}
        onSaved={() => {
          editing.close();
          list.reload();
        }}
      />
    </AdminCard>
  );
}

import {
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  EditOutlined,
  ReloadOutlined,
  StopOutlined,
  SyncOutlined,
} from "@ant-design/icons";
import { type Document, DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import {
  App,
  Button,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tooltip,
  TreeSelect,
  Typography,
} from "antd";
import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import { useClient } from "../../../api/client.js";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { useCan } from "../../../components/admin/permissions.js";
import { useRemote } from "../../../components/admin/remote.js";
import { tablePagination } from "../../../components/admin/table.js";
import { ApiErrorAlert } from "../../../components/common/ApiErrorAlert.js";
import { formatBytes, formatTime, idKey } from "../../../components/common/format.js";
import { DocumentFormDrawer } from "../../../components/document/DocumentFormDrawer.js";
import {
  adminListRequest,
  type DocumentQuery,
  EMPTY_DOCUMENT_QUERY,
  statusFromSearch,
} from "../../../components/document/documentQuery.js";
import {
  DOCUMENT_STATUSES,
  DocumentStatusTag,
  documentStatusView,
} from "../../../components/document/documentStatus.js";
import { useDocumentOptions } from "../../../components/document/useDocumentOptions.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { TYPE_FILTERS, type TypeFilter } from "../../category/categoryFilters.js";
import { DOC_API, DocumentBatchBar, useDocumentAction } from "./DocumentBatchBar.js";
import { DocumentTitleCell } from "./DocumentTitleCell.js";

/** Row actions of the review: each shown unless the document already has that status. */
const CHECKS = [
  { status: DocumentStatus.CONVERTED, label: "adm.doc.approve", icon: <CheckOutlined /> },
  { status: DocumentStatus.REJECTED, label: "adm.doc.reject", icon: <CloseOutlined /> },
  { status: DocumentStatus.DISABLED, label: "adm.doc.disable", icon: <StopOutlined /> },
] as const;

/**
 * /admin/document/list: every document in every status; filter by keyword, status, category, type
 * and language; review (approve, reject, disable), edit, delete, and batch the same on a selection.
 */
export default function DocumentListPage() {
  const { t } = useI18n();
  const client = useClient(DocumentAPI);
  const can = useCan();
  const { modal } = App.useApp();
  const run = useDocumentAction();
  const options = useDocumentOptions();
  const [params] = useSearchParams();
  const [query, setQuery] = useState<DocumentQuery>(() => ({
    ...EMPTY_DOCUMENT_QUERY,
    status: statusFromSearch(params.get("status")),
  }));
  const [selected, setSelected] = useState<Document[]>([]);
  const [editing, setEditingState] = useState<Document | null>(null);
  // A new drawer (and form store) for every opening, so the last document's values never carry over.
  const [opening, setOpening] = useState(0);
  const setEditing = (doc: Document | null) => {
    if (doc) setOpening((n) => n + 1);
    setEditingState(doc);
  };

  const load = useCallback(
    (signal: AbortSignal) => client.listDocument(adminListRequest(query), { signal }),
    [client, query],
  );
  const list = useRemote(load, t("adm.common.loadFailed"));
  const filter = (next: Partial<DocumentQuery>) => setQuery((q) => ({ ...q, ...next, page: 1 }));
  const changed = () => {
    setSelected([]);
    list.reload();
  };
  const act = async (call: () => Promise<unknown>, done?: string) => {
    if (await run(call, done)) changed();
  };

  const columns: TableColumnsType<Document> = [
    { title: t("adm.common.id"), dataIndex: "id", width: 64, render: idKey },
    {
      title: t("dl.title"),
      key: "title",
      width: 320,
      render: (_, doc) => <DocumentTitleCell doc={doc} categoryTitle={options.categoryTitle} />,
    },
    { title: t("adm.doc.uploader"), key: "user", render: (_, doc) => doc.username || `#${idKey(doc.userId)}` },
    {
      title: t("adm.common.status"),
      key: "status",
      width: 160,
      render: (_, doc) => (
        <Space orientation="vertical" size={2}>
          <DocumentStatusTag status={doc.status} convertError={doc.convertError} />
          {doc.status === DocumentStatus.FAILED && doc.convertError && (
            <Typography.Text
              type="danger"
              style={{ fontSize: 12, maxWidth: 160 }}
              ellipsis={{ tooltip: doc.convertError }}
              data-testid="convert-error"
            >
              {doc.convertError}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: t("dl.pages"), dataIndex: "pages", width: 64 },
    { title: t("dl.size"), dataIndex: "size", render: (size: bigint) => formatBytes(size) },
    {
      title: t("adm.doc.viewsDownloads"),
      key: "counts",
      render: (_, doc) => `${doc.viewCount} / ${doc.downloadCount}`,
    },
    { title: t("adm.common.createdAt"), dataIndex: "createdAt", render: formatTime },
    {
      title: t("adm.common.actions"),
      key: "actions",
      fixed: "right",
      render: (_, doc) => (
        <Space size={0}>
          {can(`${DOC_API}/CheckDocument`) &&
            CHECKS.filter((c) => c.status !== doc.status).map((c) => (
              <Tooltip key={c.status} title={t(c.label)}>
                <Button
                  type="link"
                  icon={c.icon}
                  aria-label={t(c.label)}
                  danger={c.status !== DocumentStatus.CONVERTED}
                  onClick={() => void act(() => client.checkDocument({ id: [doc.id], status: c.status }))}
                />
              </Tooltip>
            ))}
          {can(`${DOC_API}/UpdateDocument`) && (
            <Tooltip title={t("adm.common.edit")}>
              <Button
                type="link"
                icon={<EditOutlined />}
                aria-label={t("adm.common.edit")}
                onClick={() => setEditing(doc)}
              />
            </Tooltip>
          )}
          {can(`${DOC_API}/DeleteDocument`) && (
            <Popconfirm
              title={t("adm.common.confirmDeleteOne", { name: doc.title })}
              description={t("adm.doc.deleteHint")}
              onConfirm={() => void act(() => client.deleteDocument({ id: [doc.id] }), t("adm.common.deleted"))}
            >
              <Button type="link" danger icon={<DeleteOutlined />} aria-label={t("adm.common.delete")} />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const toolbar = (
    <>
      <Input.Search
        allowClear
        placeholder={t("adm.doc.searchPlaceholder")}
        aria-label={t("adm.common.search")}
        style={{ width: 240, maxWidth: "100%" }}
        onSearch={(wd) => filter({ wd: wd.trim() })}
      />
      <Select<DocumentStatus[]>
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        placeholder={t("adm.doc.allStatus")}
        aria-label={t("adm.common.status")}
        style={{ width: 200, maxWidth: "100%" }}
        value={query.status}
        options={DOCUMENT_STATUSES.map((s) => ({ value: s, label: t(documentStatusView(s).label) }))}
        onChange={(status) => filter({ status })}
        data-testid="document-status-filter"
      />
      <TreeSelect
        allowClear
        showSearch
        treeNodeFilterProp="title"
        placeholder={t("adm.doc.allCategories")}
        style={{ width: 180, maxWidth: "100%" }}
        value={query.categoryId}
        treeData={options.categoryOptions}
        onChange={(categoryId?: string) => filter({ categoryId })}
      />
      <Select<TypeFilter>
        allowClear
        placeholder={t("adm.doc.allTypes")}
        style={{ width: 120 }}
        value={query.type}
        options={Object.keys(TYPE_FILTERS).map((key) => ({
          value: key as TypeFilter,
          label: t(`cat.type.${key as TypeFilter}`),
        }))}
        onChange={(type) => filter({ type })}
      />
      <Select<string>
        allowClear
        placeholder={t("adm.doc.allLanguages")}
        style={{ width: 130 }}
        value={query.languageId}
        options={options.languageOptions}
        onChange={(languageId) => filter({ languageId })}
      />
      <Button icon={<ReloadOutlined />} onClick={list.reload}>
        {t("adm.common.refresh")}
      </Button>
      {can(`${DOC_API}/SetDocumentReconvert`) && (
        <Button
          icon={<SyncOutlined />}
          data-testid="document-reconvert"
          onClick={() =>
            modal.confirm({
              title: t("adm.doc.reconvertConfirm"),
              content: t("adm.doc.reconvertHint"),
              onOk: () => act(() => client.setDocumentReconvert({}), t("adm.doc.reconvertQueued")),
            })
          }
        >
          {t("adm.doc.reconvert")}
        </Button>
      )}
    </>
  );

  return (
    <AdminCard title={t("admin.document.list")} toolbar={toolbar}>
      {list.error && <ApiErrorAlert error={list.error} onRetry={list.reload} />}
      <DocumentBatchBar selected={selected} options={options} can={can} onDone={changed} />
      <Table<Document>
        rowKey={(doc) => idKey(doc.id)}
        columns={columns}
        dataSource={list.data?.document ?? []}
        loading={list.loading}
        scroll={{ x: "max-content" }}
        rowSelection={{ selectedRowKeys: selected.map((d) => idKey(d.id)), onChange: (_, rows) => setSelected(rows) }}
        pagination={tablePagination(t, query, list.data?.total, (page, size) =>
          setQuery((q) => ({ ...q, page, size })),
        )}
        data-testid="document-table"
      />
      <DocumentFormDrawer
        key={opening}
        document={editing}
        options={options}
        staff
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          changed();
        }}
      />
    </AdminCard>
  );
}

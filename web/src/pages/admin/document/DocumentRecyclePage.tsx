import { ClearOutlined, DeleteOutlined, ReloadOutlined, UndoOutlined } from "@ant-design/icons";
import { type Document, RecycleAPI } from "@wenku/proto/api/v1/document_pb.js";
import { App, Button, Input, Popconfirm, Space, Table, type TableColumnsType, Tooltip } from "antd";
import { useCallback, useState } from "react";
import { useClient } from "../../../api/client.js";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { useCan } from "../../../components/admin/permissions.js";
import { useRemote } from "../../../components/admin/remote.js";
import { tablePagination } from "../../../components/admin/table.js";
import { ApiErrorAlert } from "../../../components/common/ApiErrorAlert.js";
import { formatBytes, formatTime, idKey } from "../../../components/common/format.js";
import {
  adminListRequest,
  type DocumentQuery,
  EMPTY_DOCUMENT_QUERY,
} from "../../../components/document/documentQuery.js";
import { DocumentStatusTag } from "../../../components/document/documentStatus.js";
import { useDocumentOptions } from "../../../components/document/useDocumentOptions.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { useDocumentAction } from "./DocumentBatchBar.js";
import { DocumentTitleCell } from "./DocumentTitleCell.js";

const RECYCLE_API = "/api.v1.RecycleAPI";

/** /admin/document/recycle: deleted documents; restore them, purge some, or empty the bin. */
export default function DocumentRecyclePage() {
  const { t } = useI18n();
  const client = useClient(RecycleAPI);
  const can = useCan();
  const { modal } = App.useApp();
  const run = useDocumentAction();
  const { categoryTitle } = useDocumentOptions();
  const [query, setQuery] = useState<DocumentQuery>(EMPTY_DOCUMENT_QUERY);
  const [selected, setSelected] = useState<Document[]>([]);

  const load = useCallback(
    (signal: AbortSignal) => client.listRecycleDocument(adminListRequest(query), { signal }),
    [client, query],
  );
  const list = useRemote(load, t("adm.common.loadFailed"));
  const act = async (call: () => Promise<unknown>, done: string) => {
    if (await run(call, done)) {
      setSelected([]);
      list.reload();
    }
  };
  const restore = (rows: readonly Document[]) =>
    act(() => client.recoverRecycleDocument({ id: rows.map((d) => d.id) }), t("adm.recycle.restored"));
  const purge = (rows: readonly Document[]) =>
    act(() => client.deleteRecycleDocument({ id: rows.map((d) => d.id) }), t("adm.common.deleted"));
  const canRestore = can(`${RECYCLE_API}/RecoverRecycleDocument`);
  const canPurge = can(`${RECYCLE_API}/DeleteRecycleDocument`);

  const columns: TableColumnsType<Document> = [
    { title: t("adm.common.id"), dataIndex: "id", width: 64, render: idKey },
    {
      title: t("dl.title"),
      key: "title",
      width: 320,
      render: (_, doc) => <DocumentTitleCell doc={doc} categoryTitle={categoryTitle} />,
    },
    { title: t("adm.doc.uploader"), key: "user", render: (_, doc) => doc.username || `#${idKey(doc.userId)}` },
    {
      title: t("adm.common.status"),
      key: "status",
      render: (_, doc) => <DocumentStatusTag status={doc.status} convertError={doc.convertError} />,
    },
    { title: t("dl.size"), dataIndex: "size", render: (size: bigint) => formatBytes(size) },
    {
      title: t("adm.recycle.deletedBy"),
      key: "deletedBy",
      render: (_, doc) => doc.deletedUsername || (doc.deletedUserId ? `#${idKey(doc.deletedUserId)}` : "-"),
    },
    { title: t("adm.recycle.deletedAt"), dataIndex: "deletedAt", render: formatTime },
    {
      title: t("adm.common.actions"),
      key: "actions",
      fixed: "right",
      render: (_, doc) => (
        <Space size={0}>
          {canRestore && (
            <Tooltip title={t("adm.recycle.restore")}>
              <Button
                type="link"
                icon={<UndoOutlined />}
                aria-label={t("adm.recycle.restore")}
                onClick={() => void restore([doc])}
              />
            </Tooltip>
          )}
          {canPurge && (
            <Popconfirm
              title={t("adm.recycle.purgeConfirm", { count: 1 })}
              description={t("adm.recycle.purgeHint")}
              okButtonProps={{ danger: true }}
              onConfirm={() => void purge([doc])}
            >
              <Button type="link" danger icon={<DeleteOutlined />} aria-label={t("adm.recycle.purge")} />
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
        onSearch={(wd) => setQuery((q) => ({ ...q, wd: wd.trim(), page: 1 }))}
      />
      <Button icon={<ReloadOutlined />} onClick={list.reload}>
        {t("adm.common.refresh")}
      </Button>
      {canRestore && (
        <Button
          icon={<UndoOutlined />}
          disabled={selected.length === 0}
          onClick={() => void restore(selected)}
          data-testid="recycle-restore"
        >
          {t("adm.recycle.restoreSelected")}
        </Button>
      )}
      {canPurge && (
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={selected.length === 0}
          onClick={() =>
            modal.confirm({
              title: t("adm.recycle.purgeConfirm", { count: selected.length }),
              content: t("adm.recycle.purgeHint"),
              okButtonProps: { danger: true },
              onOk: () => purge(selected),
            })
          }
        >
          {t("adm.recycle.purge")}
        </Button>
      )}
      {can(`${RECYCLE_API}/ClearRecycleDocument`) && (
        <Button
          danger
          type="primary"
          icon={<ClearOutlined />}
          disabled={Number(list.data?.total ?? 0n) === 0}
          onClick={() =>
            modal.confirm({
              title: t("adm.recycle.clearConfirm"),
              content: t("adm.recycle.purgeHint"),
              okButtonProps: { danger: true },
              onOk: () => act(() => client.clearRecycleDocument({}), t("adm.recycle.cleared")),
            })
          }
          data-testid="recycle-clear"
        >
          {t("adm.recycle.clear")}
        </Button>
      )}
    </>
  );

  return (
    <AdminCard title={t("admin.document.recycle")} toolbar={toolbar}>
      {list.error && <ApiErrorAlert error={list.error} onRetry={list.reload} />}
      <Table<Document>
        rowKey={(doc) => idKey(doc.id)}
        columns={columns}
        dataSource={list.data?.document ?? []}
        loading={list.loading}
        scroll={{ x: "max-content" }}
        rowSelection={
          canRestore || canPurge
            ? { selectedRowKeys: selected.map((d) => idKey(d.id)), onChange: (_, rows) => setSelected(rows) }
            : undefined
        }
        pagination={tablePagination(t, query, list.data?.total, (page, size) =>
          setQuery((q) => ({ ...q, page, size })),
        )}
        data-testid="recycle-table"
      />
    </AdminCard>
  );
}

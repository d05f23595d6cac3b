import { CloudDownloadOutlined, SendOutlined } from "@ant-design/icons";
import { SpiderDocumentStatus as Doc, type SpiderDocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { type SpiderDocument, SpiderDocumentAPI } from "@wenku/proto/api/v1/spider_pb.js";
import { Button, Select, Table, type TableColumnsType, Tag, Typography } from "antd";
import { Link } from "react-router";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { AdminToolbar } from "../../../components/admin/AdminToolbar.js";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useCan } from "../../../components/admin/permissions.js";
import { actionsColumn, RowActions } from "../../../components/admin/RowActions.js";
import { titleColumn } from "../../../components/admin/table.js";
import { formatBytes, formatTime, idKey } from "../../../components/common/format.js";
import { DocTypeIcon } from "../../../components/document/DocTypeIcon.js";
import { useSizeClass } from "../../../hooks/useSizeClass.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { PublishAllButton } from "./PublishAllButton.js";
import { documentsInProgress, SPIDER_DOCUMENT_STATUSES, spiderDocumentStatusView } from "./spiderStatus.js";

const SPIDER_DOCUMENT_API = "/api.v1.SpiderDocumentAPI";
const ID = /^\d{1,18}$/;
/** States from which a file may be published: downloaded, or a publish that failed and may be tried again. */
const PUBLISHABLE: ReadonlySet<SpiderDocumentStatus> = new Set([Doc.DOWNLOADED, Doc.PUBLISH_FAILED]);
/** States from which a file may be downloaded again. */
const DOWNLOADABLE: ReadonlySet<SpiderDocumentStatus> = new Set([Doc.DOWNLOAD_FAILED, Doc.DOWNLOADED]);

function DocumentState({ doc }: { doc: SpiderDocument }) {
  const { t } = useI18n();
  const view = spiderDocumentStatusView(doc.status);
  const failed = doc.status === Doc.DOWNLOAD_FAILED || doc.status === Doc.PUBLISH_FAILED;
  return (
    <div data-testid="spider-document-status">
      <Tag color={view.color} bordered={false}>
        {t(view.label)}
      </Tag>
      {failed && doc.error && (
        <Typography.Text type="danger" style={{ display: "block", fontSize: 12 }} title={t("adm.spider.doc.reason")}>
          {doc.error}
        </Typography.Text>
      )}
      {doc.status === Doc.PUBLISHED && doc.documentId > 0n && (
        <Link
          to={`/document/${idKey(doc.documentId)}`}
          target="_blank"
          rel="noopener"
          style={{ display: "block", fontSize: 12 }}
          data-testid="spider-document-published"
        >
          {t("adm.spider.doc.openDocument")}
        </Link>
      )}
    </div>
  );
}

/**
 * /admin/spider/document: the files the spider found, as they move from found to published (the
 * spec's nine states), each failure with its reason. Filter by state, by the URL that found them
 * (from the URL list's count) and by type; publish one, the selection, or everything downloaded;
 * download a failed one again; delete. The page reads itself again while files are on the move.
 */
export default function SpiderDocumentPage() {
  const { t } = useI18n();
  const can = useCan();
  const mobile = useSizeClass() === "mobile";
  const list = useAdminList({
    method: SpiderDocumentAPI.method.listSpiderDocument,
    request: ({ page, size, wd, filters }) => ({
      page: BigInt(page),
      size: BigInt(size),
      wd,
      status: filters.status ? [Number(filters.status) as SpiderDocumentStatus] : [],
      spiderUrlId: filters.spiderUrlId && ID.test(filters.spiderUrlId) ? [BigInt(filters.spiderUrlId)] : [],
      ext: filters.ext ?? "",
    }),
    rows: (r) => r.spiderDocument,
    rowKey: (d) => idKey(d.id),
    pageSize: 20,
    poll: documentsInProgress,
  });
  const remove = useAdminMutation(SpiderDocumentAPI.method.deleteSpiderDocument, {
    success: t("adm.common.deleted"),
    failure: t("adm.common.deleteFailed"),
    onSuccess: list.clearSelection,
  });
  const batch = useAdminMutation(SpiderDocumentAPI.method.batchUpdateSpiderDocument, {
    success: false,
    onSuccess: list.clearSelection,
  });
  const queue = (docs: readonly SpiderDocument[], status: SpiderDocumentStatus) =>
    batch.run({ id: docs.map((d) => d.id), status });

  const canUpdate = can(`${SPIDER_DOCUMENT_API}/BatchUpdateSpiderDocument`);
  const canDelete = can(`${SPIDER_DOCUMENT_API}/DeleteSpiderDocument`);
  const publishable = list.selected.filter((d) => PUBLISHABLE.has(d.status));
  const urlFilter = list.query.filters.spiderUrlId;

  const columns: TableColumnsType<SpiderDocument> = [
    titleColumn(
      t("adm.common.title"),
      (d: SpiderDocument) => (
        <div>
          <div>
            <DocTypeIcon ext={d.ext} size={16} /> {d.title || d.url}
          </div>
          <Typography.Link
            href={d.url}
            target="_blank"
            rel="noreferrer noopener"
            type="secondary"
            style={{ fontSize: 12, wordBreak: "break-all" }}
          >
            {d.url}
          </Typography.Link>
          {mobile && <DocumentState doc={d} />}
        </div>
      ),
      200,
      (d) => d.title || d.url,
    ),
    ...(mobile
      ? []
      : [
          {
            title: t("adm.common.status"),
            key: "status",
            width: 160,
            render: (_: unknown, d: SpiderDocument) => <DocumentState doc={d} />,
          },
        ]),
    {
      title: t("adm.spider.doc.size"),
      key: "size",
      responsive: ["md"],
      render: (_, d) => (d.size > 0n ? formatBytes(d.size) : "-"),
    },
    {
      title: t("adm.spider.url"),
      key: "spiderUrlId",
      responsive: ["lg"],
      render: (_, d) => (
        <Typography.Link onClick={() => list.setFilter("spiderUrlId", idKey(d.spiderUrlId))}>
          #{idKey(d.spiderUrlId)}
        </Typography.Link>
      ),
    },
    {
      title: t("adm.common.createdAt"),
      key: "createdAt",
      responsive: ["xl"],
      render: (_, d) => formatTime(d.createdAt),
    },
    actionsColumn(t, (d: SpiderDocument) => (
      <RowActions
        name={d.title || d.url}
        deleteHint={t("adm.spider.doc.deleteHint")}
        actions={[
          canUpdate &&
            PUBLISHABLE.has(d.status) && {
              key: "publish",
              label: t("adm.spider.doc.publish"),
              icon: <SendOutlined />,
              onClick: () => void queue([d], Doc.QUEUED_TO_PUBLISH),
            },
          canUpdate &&
            DOWNLOADABLE.has(d.status) && {
              key: "download",
              label: t("adm.spider.doc.download"),
              icon: <CloudDownloadOutlined />,
              onClick: () => void queue([d], Doc.QUEUED),
            },
        ]}
        onDelete={canDelete ? () => void remove.run({ id: [d.id] }) : undefined}
      />
    )),
  ];

  const toolbar = (
    <AdminToolbar
      list={list}
      searchPlaceholder={t("adm.spider.doc.searchPlaceholder")}
      onBatchDelete={canDelete ? (rows) => remove.run({ id: rows.map((d) => d.id) }) : undefined}
      batchDeleteHint={t("adm.spider.doc.deleteHint")}
      rowName={(d) => d.title || d.url}
      batch={
        canUpdate && (
          <>
            <Button
              icon={<SendOutlined />}
              disabled={publishable.length === 0}
              loading={batch.pending}
              onClick={() => void queue(publishable, Doc.QUEUED_TO_PUBLISH)}
              data-testid="spider-publish-selected"
            >
              {t("adm.spider.doc.publishSelected")}
            </Button>
            <PublishAllButton spiderUrlId={urlFilter && ID.test(urlFilter) ? BigInt(urlFilter) : undefined} />
          </>
        )
      }
    >
      <Select<string>
        allowClear
        placeholder={t("adm.spider.allStatus")}
        aria-label={t("adm.common.status")}
        style={{ width: 130 }}
        value={list.query.filters.status}
        options={SPIDER_DOCUMENT_STATUSES.map((s) => ({
          value: String(s),
          label: t(spiderDocumentStatusView(s).label),
        }))}
        onChange={(v?: string) => list.setFilter("status", v)}
        data-testid="spider-document-status-filter"
      />
      {urlFilter && (
        <Tag closable onClose={() => list.setFilter("spiderUrlId", undefined)} data-testid="spider-url-filter">
          {t("adm.spider.doc.fromUrl", { id: urlFilter })}
        </Tag>
      )}
    </AdminToolbar>
  );

  return (
    <AdminCard title={t("admin.spider.document")} toolbar={toolbar} list={list}>
      <Table<SpiderDocument>
        {...list.tableProps(canDelete || canUpdate)}
        columns={columns}
        data-testid="spider-document-table"
      />
    </AdminCard>
  );
}

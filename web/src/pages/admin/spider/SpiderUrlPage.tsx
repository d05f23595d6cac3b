import { FileSearchOutlined, PauseCircleOutlined, RedoOutlined } from "@ant-design/icons";
import { CrawlStatus as Crawl, type CrawlStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { type SpiderUrl, SpiderUrlAPI } from "@wenku/proto/api/v1/spider_pb.js";
import { Select, Table, type TableColumnsType, Tag, Typography } from "antd";
import { Link, useNavigate } from "react-router";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { AdminToolbar } from "../../../components/admin/AdminToolbar.js";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useEditing } from "../../../components/admin/list/useEditing.js";
import { useCan } from "../../../components/admin/permissions.js";
import { actionsColumn, RowActions } from "../../../components/admin/RowActions.js";
import { titleColumn } from "../../../components/admin/table.js";
import { formatTime, idKey } from "../../../components/common/format.js";
import { useDocumentOptions } from "../../../components/document/useDocumentOptions.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { SpiderUrlFormDrawer } from "./SpiderUrlFormDrawer.js";
import { CRAWL_STATUSES, crawlInProgress, crawlStatusView } from "./spiderStatus.js";

const SPIDER_URL_API = "/api.v1.SpiderUrlAPI";

/** A crawl's state, and why the last one failed. */
export function CrawlState({ url }: { url: SpiderUrl }) {
  const { t } = useI18n();
  const view = crawlStatusView(url.status);
  return (
    <div data-testid="spider-url-status">
      <Tag color={view.color} bordered={false}>
        {t(view.label)}
      </Tag>
      {url.status === Crawl.FAILED && url.error && (
        <Typography.Text type="danger" style={{ display: "block", fontSize: 12 }}>
          {url.error}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * /admin/spider/url: the sites the spider collects documents from. Each URL shows its crawl's state
 * (and the reason of a failure), how many documents it found (a link to them) and when it last ran;
 * the page reads itself again while a crawl is waiting or running. Add, edit, crawl again, delete.
 */
export default function SpiderUrlPage() {
  const { t } = useI18n();
  const can = useCan();
  const navigate = useNavigate();
  const options = useDocumentOptions();
  const editing = useEditing<SpiderUrl | "new">();
  const list = useAdminList({
    method: SpiderUrlAPI.method.listSpiderUrl,
    request: ({ page, size, wd, filters }) => ({
      page: BigInt(page),
      size: BigInt(size),
      wd,
      status: filters.status ? [Number(filters.status) as CrawlStatus] : [],
    }),
    rows: (r) => r.spiderUrl,
    rowKey: (u) => idKey(u.id),
    poll: crawlInProgress,
  });
  const remove = useAdminMutation(SpiderUrlAPI.method.deleteSpiderUrl, {
    success: t("adm.common.deleted"),
    failure: t("adm.common.deleteFailed"),
    onSuccess: list.clearSelection,
  });
  const recrawl = useAdminMutation(SpiderUrlAPI.method.updateSpiderUrl, { success: t("adm.spider.recrawled") });
  const stop = useAdminMutation(SpiderUrlAPI.method.updateSpiderUrl, { success: t("adm.spider.stopped") });

  const canUpdate = can(`${SPIDER_URL_API}/UpdateSpiderUrl`);
  const canDelete = can(`${SPIDER_URL_API}/DeleteSpiderUrl`);
  const canSeeDocuments = can("/api.v1.SpiderDocumentAPI/ListSpiderDocument");
  const columns: TableColumnsType<SpiderUrl> = [
    titleColumn(
      t("adm.spider.url"),
      (u: SpiderUrl) => (
        <div>
          {u.title && <strong>{u.title}</strong>}
          <Typography.Text
            type={u.title ? "secondary" : undefined}
            style={{ display: "block", fontSize: u.title ? 12 : undefined, wordBreak: "break-all" }}
          >
            {u.url}
          </Typography.Text>
        </div>
      ),
      200,
      (u) => u.title || u.url,
    ),
    { title: t("adm.common.status"), key: "status", width: 140, render: (_, u) => <CrawlState url={u} /> },
    {
      title: t("adm.spider.found"),
      key: "total",
      render: (_, u) =>
        canSeeDocuments ? (
          <Link to={`/admin/spider/document?spiderUrlId=${idKey(u.id)}`} data-testid="spider-url-found">
            {u.total}
          </Link>
        ) : (
          u.total
        ),
    },
    { title: t("adm.spider.interval"), key: "interval", responsive: ["lg"], render: (_, u) => u.interval },
    { title: t("adm.spider.depth"), key: "depth", responsive: ["xl"], render: (_, u) => u.depth },
    {
      title: t("adm.spider.crawledAt"),
      key: "crawledAt",
      responsive: ["md"],
      render: (_, u) => (u.crawledAt ? formatTime(u.crawledAt) : "-"),
    },
    actionsColumn(t, (u: SpiderUrl) => (
      <RowActions
        name={u.title || u.url}
        deleteHint={t("adm.spider.deleteHint")}
        actions={[
          canUpdate &&
            u.status !== Crawl.PENDING &&
            u.status !== Crawl.CRAWLING && {
              key: "recrawl",
              label: t("adm.spider.recrawl"),
              icon: <RedoOutlined />,
              onClick: () => void recrawl.run({ ...u, status: Crawl.PENDING, error: "" }),
            },
          canUpdate &&
            (u.status === Crawl.PENDING || u.status === Crawl.CRAWLING) && {
              key: "stop",
              label: t("adm.spider.stop"),
              icon: <PauseCircleOutlined />,
              // the spider ends a running crawl at its next request; the reason reads 已停止
              onClick: () => void stop.run({ ...u, status: Crawl.FAILED }),
              confirm: { title: t("adm.spider.stopConfirm", { name: u.title || u.url }) },
            },
          canSeeDocuments && {
            key: "documents",
            label: t("adm.spider.documents"),
            icon: <FileSearchOutlined />,
            onClick: () => void navigate(`/admin/spider/document?spiderUrlId=${idKey(u.id)}`),
          },
        ]}
        onEdit={canUpdate ? () => editing.open(u) : undefined}
        onDelete={canDelete ? () => void remove.run({ id: [u.id] }) : undefined}
      />
    )),
  ];

  const toolbar = (
    <AdminToolbar
      list={list}
      searchPlaceholder={t("adm.spider.searchPlaceholder")}
      onAdd={can(`${SPIDER_URL_API}/CreateSpiderUrl`) ? () => editing.open("new") : undefined}
      addLabel={t("adm.spider.add")}
      addTestId="spider-url-add"
      onBatchDelete={canDelete ? (rows) => remove.run({ id: rows.map((u) => u.id) }) : undefined}
      batchDeleteHint={t("adm.spider.deleteHint")}
      rowName={(u) => u.title || u.url}
    >
      <Select<string>
        allowClear
        placeholder={t("adm.spider.allStatus")}
        aria-label={t("adm.common.status")}
        style={{ width: 130 }}
        value={list.query.filters.status}
        options={CRAWL_STATUSES.map((s) => ({ value: String(s), label: t(crawlStatusView(s).label) }))}
        onChange={(v?: string) => list.setFilter("status", v)}
        data-testid="spider-url-status-filter"
      />
    </AdminToolbar>
  );

  return (
    <AdminCard title={t("admin.spider.url")} toolbar={toolbar} list={list}>
      <Table<SpiderUrl> {...list.tableProps(canDelete)} columns={columns} data-testid="spider-url-table" />
      <SpiderUrlFormDrawer
        key={editing.key}
        edit={editing.edit}
        options={options}
        onClose={editing.close}
        onSaved={editing.close}
      />
    </AdminCard>
  );
}

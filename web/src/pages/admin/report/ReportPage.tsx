import { CheckOutlined, UndoOutlined } from "@ant-design/icons";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ReportReason } from "@wenku/proto/api/v1/enums_pb.js";
import { type ListReportRequestSchema, type Report, ReportAPI } from "@wenku/proto/api/v1/report_pb.js";
import { Select, Table, type TableColumnsType, Tag, Typography } from "antd";
import { Link } from "react-router";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { AdminToolbar } from "../../../components/admin/AdminToolbar.js";
import { type ListQuery, useAdminList } from "../../../components/admin/list/useAdminList.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useCan } from "../../../components/admin/permissions.js";
import { actionsColumn, RowActions } from "../../../components/admin/RowActions.js";
import { titleColumn } from "../../../components/admin/table.js";
import { useConfirm } from "../../../components/admin/useConfirm.js";
import { formatTime, idKey } from "../../../components/common/format.js";
import { REPORT_REASONS, reasonKey } from "../../../components/social/reportReasons.js";
import { useSizeClass } from "../../../hooks/useSizeClass.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

type StatusFilter = "open" | "handled";
/** The server's limit of a handling note (reports.remark). */
export const REMARK_MAX = 255;

/** ListReport's request for the URL's page, keyword and filters (status open/handled, reason 1-6). */
export function reportListRequest({
  page,
  size,
  wd,
  filters,
}: Pick<ListQuery, "page" | "size" | "wd" | "filters">): MessageInitShape<typeof ListReportRequestSchema> {
  const reason = Number(filters.reason);
  return {
    page: BigInt(page),
    size: BigInt(size),
    wd,
    status: filters.status === "open" ? [false] : filters.status === "handled" ? [true] : [],
    reason: REPORT_REASONS.includes(reason) ? [reason as ReportReason] : [],
  };
}

/**
 * /admin/report: reports of documents, newest first; filter by status, reason and the document's
 * title; handle one with a note (or reopen it), delete one or many.
 */
export default function ReportPage() {
  const { t } = useI18n();
  const can = useCan();
  const confirm = useConfirm();
  const mobile = useSizeClass() === "mobile";
  const list = useAdminList({
    method: ReportAPI.method.listReport,
    request: reportListRequest,
    rows: (r) => r.report,
    rowKey: (item) => idKey(item.id),
    pageSize: 20,
  });
  const remove = useAdminMutation(ReportAPI.method.deleteReport, {
    success: t("adm.common.deleted"),
    failure: t("adm.common.deleteFailed"),
    onSuccess: list.clearSelection,
  });
  const handle = useAdminMutation(ReportAPI.method.updateReport, {
    success: t("adm.report.handledOk"),
    failure: t("adm.report.handleFailed"),
  });
  const reopen = useAdminMutation(ReportAPI.method.updateReport, {
    success: t("adm.report.reopened"),
    failure: t("adm.report.handleFailed"),
  });
  const canDelete = can("/api.v1.ReportAPI/DeleteReport");
  const canHandle = can("/api.v1.ReportAPI/UpdateReport");
  const name = (item: Report) => item.documentTitle || `#${idKey(item.documentId)}`;

  const columns: TableColumnsType<Report> = [
    titleColumn(
      t("adm.report.document"),
      (item: Report) =>
        item.documentTitle ? (
          <Link to={`/document/${idKey(item.documentId)}`} target="_blank" rel="noopener">
            {item.documentTitle}
          </Link>
        ) : (
          name(item)
        ),
      160,
      name,
    ),
    {
      title: t("adm.report.reason"),
      key: "reason",
      render: (_, item) => <Tag bordered={false}>{t(reasonKey(item.reason))}</Tag>,
    },
    {
      title: t("adm.report.status"),
      key: "status",
      render: (_, item) =>
        item.status ? (
          <Tag color="success">{t("adm.report.handled")}</Tag>
        ) : (
          <Tag color="warning">{t("adm.report.open")}</Tag>
        ),
    },
    {
      title: t("adm.report.remark"),
      key: "remark",
      render: (_, item) =>
        item.remark ? (
          <Typography.Text style={{ maxWidth: 220, overflowWrap: "anywhere" }} data-testid="report-remark">
            {item.remark}
          </Typography.Text>
        ) : (
          "-"
        ),
    },
    {
      title: t("adm.report.reporter"),
      key: "reporter",
      responsive: ["md"],
      render: (_, item) => (
        <Link to={`/user/${idKey(item.userId)}`} target="_blank" rel="noopener">
          {item.username || `#${idKey(item.userId)}`}
        </Link>
      ),
    },
    {
      title: t("adm.report.createdAt"),
      key: "createdAt",
      responsive: ["sm"],
      render: (_, item) => formatTime(item.createdAt),
    },
    actionsColumn(t, (item: Report) => (
      <RowActions
        name={name(item)}
        actions={[
          canHandle &&
            !item.status && {
              key: "handle",
              label: t("adm.report.handle"),
              icon: <CheckOutlined />,
              onClick: () =>
                confirm({
                  title: t("adm.report.handleTitle", { title: name(item) }),
                  danger: false,
                  input: {
                    label: t("adm.report.remark"),
                    placeholder: t("adm.report.remarkPlaceholder"),
                    maxLength: REMARK_MAX,
                  },
                  onOk: (remark) => handle.run({ id: item.id, status: true, remark }),
                }),
            },
          canHandle &&
            item.status && {
              key: "reopen",
              label: t("adm.report.reopen"),
              icon: <UndoOutlined />,
              confirm: { title: t("adm.report.reopenTitle") },
              onClick: () => void reopen.run({ id: item.id, status: false, remark: item.remark }),
            },
        ]}
        onDelete={canDelete ? () => void remove.run({ id: [item.id] }) : undefined}
      />
    )),
  ];

  const toolbar = (
    <AdminToolbar
      list={list}
      searchPlaceholder={t("adm.report.searchPlaceholder")}
      onBatchDelete={canDelete ? (rows) => remove.run({ id: rows.map((item) => item.id) }) : undefined}
      rowName={name}
    >
      <Select<StatusFilter>
        allowClear
        placeholder={t("adm.report.allStatuses")}
        aria-label={t("adm.report.status")}
        style={{ width: mobile ? 130 : 140 }}
        value={list.query.filters.status as StatusFilter | undefined}
        options={[
          { value: "open", label: t("adm.report.open") },
          { value: "handled", label: t("adm.report.handled") },
        ]}
        onChange={(status?: StatusFilter) => list.setFilter("status", status)}
        data-testid="report-status-filter"
      />
      <Select<string>
        allowClear
        placeholder={t("adm.report.allReasons")}
        aria-label={t("adm.report.reason")}
        style={{ width: mobile ? 130 : 140 }}
        value={list.query.filters.reason}
        options={REPORT_REASONS.map((r) => ({ value: String(r), label: t(reasonKey(r)) }))}
        onChange={(reason?: string) => list.setFilter("reason", reason)}
        data-testid="report-reason-filter"
      />
    </AdminToolbar>
  );

  return (
    <AdminCard title={t("admin.report")} toolbar={toolbar} list={list}>
      <Table<Report> {...list.tableProps(canDelete)} columns={columns} data-testid="report-table" />
    </AdminCard>
  );
}

import { SmsStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { type Sms, SmsAPI } from "@wenku/proto/api/v1/sms_pb.js";
import { Descriptions, Input, Select, Table, type TableColumnsType, Tag, Typography } from "antd";
import { Link } from "react-router";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { AdminToolbar } from "../../../components/admin/AdminToolbar.js";
import { useAdminList } from "../../../components/admin/list/useAdminList.js";
import { titleColumn } from "../../../components/admin/table.js";
import { formatTime, idKey } from "../../../components/common/format.js";
import { useSizeClass } from "../../../hooks/useSizeClass.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

const TYPES = ["0", "1", "2"] as const;
const STATUSES = ["0", "1", "2"] as const;
const STATUS_COLORS: Record<number, string> = {
  [SmsStatus.SENDING]: "processing",
  [SmsStatus.SUCCESS]: "success",
  [SmsStatus.FAILED]: "error",
};
/** The providers' names as the SMS settings page shows them. */
const PROVIDERS = new Map([
  ["smsAliyun", "阿里云"],
  ["smsTencent", "腾讯云"],
  ["smsBaidu", "百度云"],
  ["smsHuawei", "华为云"],
  ["smsHaomas", "浩信"],
  ["smsLog", "log"],
]);

/**
 * /admin/user/sms: every text message the site sent (verification codes), newest first: number, what
 * for, whether the vendor took it and, expanded, the text (the code masked), the vendor's error and its
 * raw answer. Filters: keyword, number, type, status.
 */
export default function SmsPage() {
  const { t } = useI18n();
  const mobile = useSizeClass() === "mobile";
  const list = useAdminList({
    method: SmsAPI.method.listSms,
    request: ({ page, size, wd, filters }) => ({
      page: BigInt(page),
      size: BigInt(size),
      wd,
      mobile: filters.mobile ?? "",
      type: filters.type ? [Number(filters.type)] : [],
      status: filters.status ? [Number(filters.status)] : [],
    }),
    rows: (r) => r.sms,
    rowKey: (s) => idKey(s.id),
    pageSize: 20,
  });
  const status = (s: Sms) => (
    <Tag color={STATUS_COLORS[s.status]} bordered={false} data-testid="sms-status">
      {t(`adm.sms.status.${s.status}` as "adm.sms.status.0")}
    </Tag>
  );

  const columns: TableColumnsType<Sms> = [
    titleColumn(
      t("adm.sms.mobile"),
      (s: Sms) => (
        <div>
          <Typography.Text copyable={{ text: s.mobile }}>{s.mobile}</Typography.Text>
          {mobile && <div>{status(s)}</div>}
        </div>
      ),
      130,
      (s: Sms) => s.mobile,
    ),
    { title: t("adm.sms.type"), key: "type", render: (_, s) => t(`adm.sms.type.${s.type}` as "adm.sms.type.0") },
    ...(mobile ? [] : [{ title: t("adm.sms.status"), key: "status", render: (_: unknown, s: Sms) => status(s) }]),
    {
      title: t("adm.sms.provider"),
      key: "provider",
      responsive: ["md"],
      render: (_, s) => PROVIDERS.get(s.provider) ?? s.provider,
    },
    {
      title: t("adm.sms.user"),
      key: "user",
      responsive: ["lg"],
      render: (_, s) =>
        s.userId === 0n ? (
          <Tag bordered={false}>{t("adm.sms.anonymous")}</Tag>
        ) : (
          <Link to={`/user/${idKey(s.userId)}`} target="_blank" rel="noopener">
            {s.username || `#${idKey(s.userId)}`}
          </Link>
        ),
    },
    { title: t("adm.sms.ip"), key: "ip", responsive: ["lg"], render: (_, s) => s.ip || "-" },
    { title: t("adm.sms.createdAt"), key: "createdAt", responsive: ["md"], render: (_, s) => formatTime(s.createdAt) },
  ];

  const toolbar = (
    <AdminToolbar list={list} searchPlaceholder={t("adm.sms.searchPlaceholder")}>
      <Input.Search
        key={list.query.filters.mobile ?? ""}
        allowClear
        defaultValue={list.query.filters.mobile}
        placeholder={t("adm.sms.mobile")}
        aria-label={t("adm.sms.mobile")}
        style={{ width: mobile ? "100%" : 160 }}
        maxLength={20}
        onSearch={(value) => list.setFilter("mobile", value.trim())}
        data-testid="sms-mobile-filter"
      />
      <Select<string>
        allowClear
        placeholder={t("adm.sms.allTypes")}
        aria-label={t("adm.sms.type")}
        style={{ width: 120 }}
        value={list.query.filters.type}
        options={TYPES.map((v) => ({ value: v, label: t(`adm.sms.type.${v}`) }))}
        onChange={(v?: string) => list.setFilter("type", v)}
      />
      <Select<string>
        allowClear
        placeholder={t("adm.sms.allStatuses")}
        aria-label={t("adm.sms.status")}
        style={{ width: 120 }}
        value={list.query.filters.status}
        options={STATUSES.map((v) => ({ value: v, label: t(`adm.sms.status.${v}`) }))}
        onChange={(v?: string) => list.setFilter("status", v)}
        data-testid="sms-status-filter"
      />
    </AdminToolbar>
  );

  return (
    <AdminCard title={t("admin.user.sms")} toolbar={toolbar} list={list}>
      <Table<Sms>
        {...list.tableProps(false)}
        columns={columns}
        expandable={{
          expandedRowRender: (s) => (
            <Descriptions size="small" column={1} bordered data-testid="sms-detail">
              <Descriptions.Item label={t("adm.sms.content")}>{s.content || t("adm.sms.none")}</Descriptions.Item>
              <Descriptions.Item label={t("adm.sms.error")}>
                {s.error ? <Typography.Text type="danger">{s.error}</Typography.Text> : t("adm.sms.none")}
              </Descriptions.Item>
              <Descriptions.Item label={t("adm.sms.response")}>
                <Typography.Text code style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  {s.response || t("adm.sms.none")}
                </Typography.Text>
              </Descriptions.Item>
            </Descriptions>
          ),
        }}
        data-testid="sms-table"
      />
    </AdminCard>
  );
}

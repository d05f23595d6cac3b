import { useQuery } from "@connectrpc/connect-query";
import { ConfigAPI, type StatsTrendDay } from "@wenku/proto/api/v1/config_pb.js";
import { Card, Segmented, Skeleton, theme } from "antd";
import { useState } from "react";
import { toApiError } from "../../../api/errors.js";
import { type ChartSeries, LineChart } from "../../../components/admin/LineChart.js";
import { useCan } from "../../../components/admin/permissions.js";
import { ApiErrorAlert } from "../../../components/common/ApiErrorAlert.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import type { MessageKey } from "../../../i18n/zh-CN.js";

/** The ranges the card offers (GetStatsTrend takes 7 to 90 days). */
export const TREND_RANGES = [7, 30, 90] as const;

type Metric = "documents" | "users" | "conversions" | "conversionFailures" | "downloads";
const METRICS: readonly {
  key: Metric;
  label: MessageKey;
  color: (t: ReturnType<typeof theme.useToken>["token"]) => string;
}[] = [
  { key: "documents", label: "adm.trend.documents", color: (t) => t.colorPrimary },
  { key: "users", label: "adm.trend.users", color: (t) => t.colorSuccess },
  { key: "conversions", label: "adm.trend.conversions", color: (t) => t.colorInfo },
  { key: "conversionFailures", label: "adm.trend.failures", color: (t) => t.colorError },
  { key: "downloads", label: "adm.trend.downloads", color: (t) => t.colorWarning },
];

/** The browser's time zone: the days of the chart are the viewer's days. */
const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** The dashboard's trend: uploads, registrations, conversions and downloads per day (for holders of GetStatsTrend). */
export function TrendCard() {
  const can = useCan();
  return can("/api.v1.ConfigAPI/GetStatsTrend") ? <Trend /> : null;
}

function Trend() {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const [days, setDays] = useState<number>(30);
  const trend = useQuery(ConfigAPI.method.getStatsTrend, { days, timeZone: viewerTimeZone() });
  const list: StatsTrendDay[] = trend.data?.day ?? [];
  const series: ChartSeries[] = METRICS.map((m) => ({
    key: m.key,
    label: t(m.label),
    color: m.color(token),
    values: list.map((d) => d[m.key]),
  }));
  return (
    <Card
      size="small"
      title={t("adm.trend.title")}
      style={{ marginTop: 24 }}
      data-testid="dashboard-trend"
      extra={
        <Segmented
          size="small"
          value={days}
          onChange={(value) => setDays(Number(value))}
          options={TREND_RANGES.map((n) => ({ value: n, label: t("adm.trend.days", { count: n }) }))}
        />
      }
    >
      {trend.error && (
        <ApiErrorAlert error={toApiError(trend.error, t("adm.trend.failed"))} onRetry={() => void trend.refetch()} />
      )}
      {!trend.data && !trend.error && <Skeleton active paragraph={{ rows: 4 }} />}
      {trend.data && (
        <>
          <LineChart title={t("adm.trend.title")} labels={list.map((d) => d.date.slice(5))} series={series} />
          <ul
            data-testid="trend-totals"
            style={{
              display: "flex",
              flexWrap: "wrap",
              gap: "8px 20px",
              listStyle: "none",
              padding: 0,
              margin: "8px 0 0",
            }}
          >
            {series.map((s) => (
              <li key={s.key} style={{ display: "flex", alignItems: "center", gap: 6 }}>
                <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: s.color }} />
                {s.label}
                <strong>{s.values.reduce((n, v) => n + v, 0)}</strong>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

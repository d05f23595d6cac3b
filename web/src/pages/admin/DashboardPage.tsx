import { useQuery } from "@connectrpc/connect-query";
import { ConfigAPI, type Stats } from "@wenku/proto/api/v1/config_pb.js";
import { Button, Card, Col, Descriptions, Flex, Row, Skeleton, Statistic, Typography } from "antd";
import { Link } from "react-router";
import { toApiError } from "../../api/errors.js";
import { AdminCard } from "../../components/admin/AdminCard.js";
import { ApiErrorAlert } from "../../components/common/ApiErrorAlert.js";
import { formatTime } from "../../components/common/format.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import type { MessageKey } from "../../i18n/zh-CN.js";
import { ADMIN_PAGES } from "../../router/adminPages.js";
import { useSession } from "../../store/SessionProvider.js";
import { DeviceCard } from "./dashboard/DeviceCard.js";
import { EnvCard } from "./dashboard/EnvCard.js";
import { SearchIndexCard } from "./dashboard/SearchIndexCard.js";
import { TrendCard } from "./dashboard/TrendCard.js";

const COUNTERS: readonly [keyof Stats & `${string}Count`, MessageKey][] = [
  ["userCount", "adm.dash.users"],
  ["documentCount", "adm.dash.documents"],
  ["categoryCount", "adm.dash.categories"],
  ["articleCount", "adm.dash.articles"],
  ["commentCount", "adm.dash.comments"],
  ["bannerCount", "adm.dash.banners"],
  ["friendlinkCount", "adm.dash.friendlinks"],
  ["reportCount", "adm.dash.reports"],
];

/** Documents waiting for staff (shown to holders of GetStats's permission), each linking to the filtered list. */
const QUEUES: readonly [
  "documentPendingReviewCount" | "documentConvertFailedCount" | "documentConvertingCount",
  MessageKey,
  number,
][] = [
  ["documentPendingReviewCount", "adm.dash.pendingReview", 6],
  ["documentConvertFailedCount", "adm.dash.convertFailed", 3],
  ["documentConvertingCount", "adm.dash.converting", 1],
];

/** The back-office home: who you are, what you may open, and the site figures the server reports. */
export default function DashboardPage() {
  const { t } = useI18n();
  const session = useSession();
  const stats = useQuery(ConfigAPI.method.getStats, {});
  const statsError = stats.error && toApiError(stats.error, t("adm.dash.statsUnavailable"));
  const pages = ADMIN_PAGES.filter((p) => session.allowedPages.includes(p.path));
  const held = session.permissions.filter((p) => Number(p.id) > 0).length;

  return (
    <AdminCard title={t("admin.dashboard")}>
      <Card style={{ marginBottom: 16 }} data-testid="dashboard-welcome">
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t("adm.dash.welcome", { name: session.user?.username ?? "" })}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          {t("adm.dash.access", { permissions: held, pages: pages.length })}
        </Typography.Paragraph>
        {pages.length > 0 && (
          <Flex wrap gap={8} aria-label={t("adm.dash.shortcuts")}>
            {pages.slice(0, 12).map((p) => (
              <Link key={p.path} to={p.path}>
                <Button size="small">{t(p.title)}</Button>
              </Link>
            ))}
          </Flex>
        )}
      </Card>
      <Typography.Title level={5}>{t("adm.dash.stats")}</Typography.Title>
      {statsError && <ApiErrorAlert error={statsError} onRetry={() => void stats.refetch()} />}
      {!stats.data && !stats.error && <Skeleton active />}
      {stats.data && <StatsView stats={stats.data} />}
      <TrendCard />
      <SearchIndexCard />
      <EnvCard />
      <DeviceCard />
    </AdminCard>
  );
}

function StatsView({ stats }: { stats: Stats }) {
  const { t } = useI18n();
  const system = stats.os || stats.version || stats.hash;
  return (
    <>
      <Row gutter={[16, 16]} data-testid="dashboard-stats">
        {COUNTERS.map(([field, label]) => (
          <Col key={field} xs={12} sm={8} lg={6}>
            <Card size="small">
              <Statistic title={t(label)} value={stats[field]} />
            </Card>
          </Col>
        ))}
        {system &&
          QUEUES.map(([field, label, status]) => (
            <Col key={field} xs={12} sm={8} lg={6}>
              <Link to={`/admin/document/list?status=${status}`} data-testid={`dashboard-${field}`}>
                <Card size="small" hoverable>
                  <Statistic
                    title={t(label)}
                    value={stats[field]}
                    valueStyle={
                      stats[field] > 0 && field !== "documentConvertingCount" ? { color: "#d46b08" } : undefined
                    }
                  />
                </Card>
              </Link>
            </Col>
          ))}
      </Row>
      {system && (
        <Descriptions
          title={t("adm.dash.system")}
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          style={{ marginTop: 24 }}
          items={[
            { key: "os", label: t("adm.dash.os"), children: stats.os || "-" },
            { key: "version", label: t("adm.dash.version"), children: stats.version || "-" },
            { key: "hash", label: t("adm.dash.hash"), children: stats.hash || "-" },
            { key: "buildAt", label: t("adm.dash.buildAt"), children: formatTime(stats.buildAt) },
          ]}
        />
      )}
    </>
  );
}

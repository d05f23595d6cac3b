import { CrownFilled } from "@ant-design/icons";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Code } from "@connectrpc/connect";
import { keepPreviousData } from "@tanstack/react-query";
import { type UserVip, UserVipAPI } from "@wenku/proto/api/v1/vip_pb.js";
import { Button, Card, Descriptions, Empty, Flex, Spin, Tag, Typography, theme } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { useApiQuery } from "../../api/useApiQuery.js";
import { MeFrame } from "../../components/account/MeFrame.js";
import { ApiErrorAlert } from "../../components/common/ApiErrorAlert.js";
import { formatTime } from "../../components/common/format.js";
import { ListPager } from "../../components/common/ListPager.js";
import { OrderRow } from "../../components/orders/OrderRow.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSettings } from "../../settings/SettingsProvider.js";
import { vipCardTypeKey } from "../vip/vipCards.js";

export const VIP_ORDER_PAGE_SIZE = 10;

/** The caller's membership: active, lapsed (its past end) or never (GetUserVip NotFound). */
function Membership() {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const { settings } = useSettings();
  const mine = useApiQuery(UserVipAPI.method.getUserVip, {}, t("vip.mineFailed"), { retry: false });
  const never = mine.error?.code === Code.NotFound;
  const vip = never ? undefined : mine.data;
  const active = !!vip?.expiredAt && timestampDate(vip.expiredAt).getTime() > Date.now();
  // While the site sells no VIP, nothing offers it: the membership stays readable, the offer is a note.
  const join = !settings.vip.enable ? (
    <Typography.Text type="secondary" data-testid="me-vip-off">
      {t("vip.disabled")}
    </Typography.Text>
  ) : (
    <Link to="/joinvip">
      <Button type="primary" icon={<CrownFilled />} data-testid="me-vip-join">
        {t("vip.join")}
      </Button>
    </Link>
  );
  if (mine.error && !never) return <ApiErrorAlert error={mine.error} onRetry={mine.reload} />;
  if (mine.loading && !mine.data && !never) return <Spin style={{ display: "block", padding: 24 }} />;
  if (!vip) {
    return (
      <Flex vertical align="center" gap={12} style={{ padding: 24 }} data-testid="me-vip-status">
        <Typography.Text type="secondary">{t("vip.never")}</Typography.Text>
        {join}
      </Flex>
    );
  }
  return (
    <div data-testid="me-vip-status">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t("vip.status")}>
          {active ? (
            <Tag icon={<CrownFilled />} color="gold" data-testid="me-vip-active">
              {t("vip.active")}
            </Tag>
          ) : (
            <Tag data-testid="me-vip-lapsed">{t("vip.lapsed")}</Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t("vip.expiresAt")}>
          <span style={{ color: active ? undefined : token.colorTextSecondary }} data-testid="me-vip-expiry">
            {formatTime(vip.expiredAt)}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t("vip.lastCard")}>{t(vipCardTypeKey(vip.cardType))}</Descriptions.Item>
        <Descriptions.Item label={t("vip.totalDays")}>{t("vip.days", { days: vip.totalDays })}</Descriptions.Item>
      </Descriptions>
      {active && <Benefits vip={vip} />}
      <div style={{ marginTop: 12 }}>{join}</div>
    </div>
  );
}

/** A running membership's benefits: the document discount, free downloads left, today's VIP downloads. */
function Benefits({ vip }: { vip: UserVip }) {
  const { t } = useI18n();
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      title={t("vip.benefits")}
      style={{ marginTop: 12 }}
      data-testid="me-vip-benefits"
    >
      <Descriptions.Item label={t("vip.documentDiscount")}>
        <span data-testid="me-vip-discount">
          {vip.documentDiscount < 100
            ? t("vip.discountPercent", { percent: vip.documentDiscount })
            : t("vip.noDiscount")}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t("vip.freeDownloads")}>
        <span data-testid="me-vip-free-left">{t("vip.freeLeft", { left: vip.downloadLeft, total: vip.download })}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t("vip.dailyDownloads")}>
        <span data-testid="me-vip-today">
          {vip.timesEveryDay > 0
            ? t("vip.dailyCapped", { today: vip.downloadsToday, cap: vip.timesEveryDay })
            : t("vip.dailyUnlimited", { today: vip.downloadsToday })}
        </span>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The caller's BUY_VIP orders, newest first, each opening its /order page. */
function VipOrders() {
  const { t } = useI18n();
  const [page, setPage] = useState(1);
  const list = useApiQuery(
    UserVipAPI.method.listUserVipOrder,
    { page: BigInt(page), size: BigInt(VIP_ORDER_PAGE_SIZE) },
    t("vip.ordersFailed"),
    { placeholderData: keepPreviousData },
  );
  const rows = list.data?.order ?? [];
  const total = Number(list.data?.total ?? 0n);
  return (
    <>
      {list.error && <ApiErrorAlert error={list.error} onRetry={list.reload} />}
      <Spin spinning={list.loading}>
        <div style={{ minHeight: 80 }} data-testid="me-vip-orders">
          {list.data && rows.length === 0 && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("vip.noOrders")} />
          )}
          {rows.map((o) => (
            <OrderRow key={String(o.id)} order={o} testId="me-vip-order" />
          ))}
          <ListPager total={total} page={page} pageSize={VIP_ORDER_PAGE_SIZE} onChange={setPage} />
        </div>
      </Spin>
    </>
  );
}

/** /me/vip: the membership (status, expiry, benefits, a link to /joinvip) and the user's VIP orders. */
export default function MeVipPage() {
  const { t } = useI18n();
  return (
    <MeFrame title="page.me.vip">
      <Flex vertical gap={16}>
        <Card size="small" title={t("vip.status")}>
          <Membership />
        </Card>
        <Card size="small" title={t("vip.orders")}>
          <VipOrders />
        </Card>
      </Flex>
    </MeFrame>
  );
}

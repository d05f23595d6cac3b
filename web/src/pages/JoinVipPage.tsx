import { CheckCircleFilled, CrownFilled } from "@ant-design/icons";
import { useMutation } from "@connectrpc/connect-query";
import { OrderType } from "@wenku/proto/api/v1/enums_pb.js";
import { OrderAPI } from "@wenku/proto/api/v1/order_pb.js";
import { UserVipAPI, type VipCard } from "@wenku/proto/api/v1/vip_pb.js";
import { App, Button, Card, Col, Empty, Result, Row, Spin, Tag, Typography, theme } from "antd";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { toApiError } from "../api/errors.js";
import { useApiQuery } from "../api/useApiQuery.js";
import { ApiErrorAlert } from "../components/common/ApiErrorAlert.js";
import { useDiscountText } from "../components/orders/orderLabels.js";
import { formatCents } from "../components/orders/recharge.js";
import { usePageTitle } from "../hooks/usePageTitle.js";
import { useSizeClass } from "../hooks/useSizeClass.js";
import { useI18n } from "../i18n/I18nProvider.js";
import { loginPath } from "../router/paths.js";
import { useSettings } from "../settings/SettingsProvider.js";
import { useSiteName } from "../settings/useSiteName.js";
import { useSession } from "../store/SessionProvider.js";
import { payableCents, vipCardTypeKey } from "./vip/vipCards.js";

function CardOffer({ card, onBuy, buying }: { card: VipCard; onBuy: () => void; buying: boolean }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const { creditName } = useSiteName();
  const session = useSession();
  const discountText = useDiscountText();
  const payable = payableCents(card);
  const discount = discountText(card.discount);
  let label = t("vip.loginToBuy");
  if (session.user) label = session.user.isVip ? t("vip.renew") : t("vip.buy");
  return (
    <Card
      title={
        <span>
          <CrownFilled style={{ color: token.colorWarning }} /> {card.title}
        </span>
      }
      extra={<Tag color="gold">{t(vipCardTypeKey(card.type))}</Tag>}
      style={{ height: "100%" }}
      data-testid="vip-card"
    >
      <div style={{ display: "flex", alignItems: "baseline", gap: 8, flexWrap: "wrap" }}>
        <Typography.Text strong style={{ fontSize: 28, color: token.colorError }} data-testid="vip-card-price">
          ¥{formatCents(payable)}
        </Typography.Text>
        {payable < card.price && (
          <Typography.Text delete type="secondary">
            {t("vip.original", { price: formatCents(card.price) })}
          </Typography.Text>
        )}
        {discount && <Tag color="red">{discount}</Tag>}
      </div>
      <Typography.Paragraph type="secondary" style={{ margin: "4px 0 12px" }}>
        {t("vip.days", { days: card.days })}
        {card.creditPrice > 0 && ` · ${t("vip.credits", { credits: card.creditPrice, name: creditName })}`}
      </Typography.Paragraph>
      {card.description && (
        <Typography.Paragraph style={{ whiteSpace: "pre-wrap" }}>
          <CheckCircleFilled style={{ color: token.colorSuccess }} /> {card.description}
        </Typography.Paragraph>
      )}
      <Button type="primary" block loading={buying} onClick={onBuy} data-testid="vip-buy">
        {label}
      </Button>
    </Card>
  );
}

/** /joinvip: the VIP cards on sale; buying one creates a BUY_VIP order and opens its /order page. */
export default function JoinVipPage() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const session = useSession();
  const { settings } = useSettings();
  const mobile = useSizeClass() === "mobile";
  usePageTitle(t("page.joinVip"));
  const cards = useApiQuery(
    UserVipAPI.method.listVipCard,
    { page: 1n, size: 100n, enable: [true] },
    t("vip.loadFailed"),
  );
  const create = useMutation(OrderAPI.method.createOrder, {
    onSuccess: (order) => void navigate(`/order?order_no=${encodeURIComponent(order.orderNo)}`),
    onError: (cause) => void message.error(toApiError(cause, t("vip.buyFailed")).message),
  });
  const buy = (card: VipCard) => {
    if (!session.user) void navigate(loginPath("/joinvip"));
    else create.mutate({ orderType: OrderType.BUY_VIP, vipCardId: card.id });
  };

  let body: ReactNode;
  if (!settings.vip.enable) {
    body = <Result status="info" title={t("vip.disabled")} data-testid="vip-disabled" />;
  } else {
    const rows = cards.data?.vipCard ?? [];
    body = (
      <>
        {cards.error && <ApiErrorAlert error={cards.error} onRetry={cards.reload} />}
        <Spin spinning={cards.loading && !cards.data}>
          {cards.data && rows.length === 0 && <Empty description={t("vip.noCards")} />}
          <Row gutter={[16, 16]} data-testid="vip-cards">
            {rows.map((card) => (
              <Col key={String(card.id)} xs={24} sm={12} lg={8}>
                <CardOffer
                  card={card}
                  buying={create.isPending && create.variables?.vipCardId === card.id}
                  onBuy={() => buy(card)}
                />
              </Col>
            ))}
          </Row>
        </Spin>
      </>
    );
  }

  return (
    <div style={{ maxWidth: 1200, margin: "0 auto", padding: mobile ? "12px 8px" : "24px 16px" }}>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t("page.joinVip")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t("vip.intro")} {session.user && <Link to="/me/vip">{t("page.me.vip")}</Link>}
      </Typography.Paragraph>
      {body}
    </div>
  );
}

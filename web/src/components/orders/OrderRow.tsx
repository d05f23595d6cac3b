import type { Order } from "@wenku/proto/api/v1/order_pb.js";
import { Flex, Typography, theme } from "antd";
import { Link } from "react-router";
import { useI18n } from "../../i18n/I18nProvider.js";
import { formatTime } from "../common/format.js";
import { useOrderAmountText } from "./orderAmount.js";
import { OrderStatusTag, useOrderLabels } from "./orderLabels.js";

/**
 * One order in a user's list (/me/order, /me/vip): what was bought, linking to its /order page, the
 * number and time under it, the amount and the status; wraps onto two lines on a phone.
 */
export function OrderRow({ order: o, testId = "order-row" }: { order: Order; testId?: string }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const labels = useOrderLabels();
  const amount = useOrderAmountText();
  return (
    <Flex
      align="center"
      gap={12}
      wrap
      style={{ padding: "10px 0", borderBottom: `1px solid ${token.colorSplit}` }}
      data-testid={testId}
    >
      <div style={{ flex: 1, minWidth: 180 }}>
        <Link to={`/order?order_no=${encodeURIComponent(o.orderNo)}`} style={{ overflowWrap: "anywhere" }}>
          {o.productName || labels.type(o.orderType)}
        </Link>
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: "anywhere" }}>
            {labels.type(o.orderType)} · {t("order.no")} {o.orderNo} · {formatTime(o.createdAt)}
          </Typography.Text>
        </div>
      </div>
      <Typography.Text strong style={{ whiteSpace: "nowrap" }}>
        {amount(o)}
      </Typography.Text>
      <OrderStatusTag status={o.status} />
    </Flex>
  );
}

import { OrderStatus, OrderType, PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import type { Order } from "@wenku/proto/api/v1/order_pb.js";
import { Descriptions } from "antd";
import { formatTime } from "../../components/common/format.js";
import { useOrderAmountText } from "../../components/orders/orderAmount.js";
import { OrderStatusTag, useDiscountText, useOrderLabels } from "../../components/orders/orderLabels.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSiteName } from "../../settings/useSiteName.js";

/** What an order is: number, type, product, quantity, money, discount, status and its times. */
export function OrderSummary({ order, status }: { order: Order; status: OrderStatus }) {
  const { t } = useI18n();
  const labels = useOrderLabels();
  const { creditName } = useSiteName();
  const discount = useDiscountText();
  const amount = useOrderAmountText();
  const product = order.orderType === OrderType.RECHARGE ? `${order.quantity} ${creditName}` : order.productName;
  return (
    <Descriptions
      column={{ xs: 1, sm: 1, md: 2 }}
      size="small"
      bordered
      data-testid="order-summary"
      items={[
        { key: "no", label: t("order.no"), children: order.orderNo },
        { key: "status", label: t("order.status"), children: <OrderStatusTag status={status} /> },
        { key: "type", label: t("order.type"), children: labels.type(order.orderType) },
        { key: "product", label: t("order.product"), children: product || "-" },
        { key: "quantity", label: t("order.quantity"), children: order.quantity },
        {
          key: "amount",
          label: t("order.amount"),
          children: amount(order),
        },
        { key: "discount", label: t("order.discount"), children: discount(order.discount) ?? "-" },
        ...(order.payMethod !== PayMethod.UNSPECIFIED
          ? [{ key: "method", label: t("order.payMethod"), children: labels.payMethod(order.payMethod) }]
          : []),
        { key: "created", label: t("order.createdAt"), children: formatTime(order.createdAt) },
        status === OrderStatus.PENDING
          ? { key: "expires", label: t("order.expiredAt"), children: formatTime(order.expiredAt) }
          : { key: "paid", label: t("order.payAt"), children: formatTime(order.payAt) },
      ]}
    />
  );
}

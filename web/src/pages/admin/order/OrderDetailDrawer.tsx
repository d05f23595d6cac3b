import { OrderStatus } from "@wenku/proto/api/v1/enums_pb.js";
import type { Order } from "@wenku/proto/api/v1/order_pb.js";
import { Descriptions, Drawer } from "antd";
import { adminDrawerSize } from "../../../components/common/FormDrawer.js";
import { formatTime, idKey } from "../../../components/common/format.js";
import { useOrderAmountText } from "../../../components/orders/orderAmount.js";
import { OrderStatusTag, useDiscountText, useOrderLabels } from "../../../components/orders/orderLabels.js";
import { useSizeClass } from "../../../hooks/useSizeClass.js";
import { useI18n } from "../../../i18n/I18nProvider.js";

/** Every field of one order, read-only, in the admin drawer (50 %, 90 % on phones). */
export function OrderDetailDrawer({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t } = useI18n();
  const labels = useOrderLabels();
  const discount = useDiscountText();
  const amount = useOrderAmountText();
  const mobile = useSizeClass() === "mobile";
  const o = order;
  return (
    <Drawer
      title={t("adm.order.detail")}
      open={o !== null}
      onClose={onClose}
      size={adminDrawerSize(mobile)}
      destroyOnHidden
      data-testid="order-detail"
    >
      {o && (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: "no", label: t("order.no"), children: o.orderNo },
            { key: "status", label: t("order.status"), children: <OrderStatusTag status={o.status} /> },
            { key: "type", label: t("order.type"), children: labels.type(o.orderType) },
            { key: "product", label: t("order.product"), children: o.productName || idKey(o.productId) },
            { key: "user", label: t("adm.order.user"), children: `${o.username || "-"} (#${idKey(o.userId)})` },
            { key: "quantity", label: t("order.quantity"), children: o.quantity },
            { key: "amount", label: t("order.amount"), children: amount(o) },
            { key: "discount", label: t("order.discount"), children: discount(o.discount) ?? "-" },
            { key: "method", label: t("order.payMethod"), children: labels.payMethod(o.payMethod) },
            { key: "credit", label: t("adm.order.creditAmount"), children: o.creditAmount || "-" },
            { key: "trade", label: t("adm.order.tradeNo"), children: o.tradeNo || "-" },
            { key: "remark", label: t("adm.order.remark"), children: o.remark || "-" },
            { key: "message", label: t("adm.order.message"), children: o.message || "-" },
            { key: "created", label: t("order.createdAt"), children: formatTime(o.createdAt) },
            { key: "expires", label: t("order.expiredAt"), children: formatTime(o.expiredAt) },
            { key: "paid", label: t("order.payAt"), children: formatTime(o.payAt) },
            // closed_at is the deadline while PENDING (moredoc's meaning): a closing time only once CLOSED
            {
              key: "closed",
              label: t("adm.order.closedAt"),
              children: o.status === OrderStatus.CLOSED ? formatTime(o.closedAt) : "-",
            },
          ]}
        />
      )}
    </Drawer>
  );
}

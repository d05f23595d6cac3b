import { OrderStatus, OrderType, PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import { Tag } from "antd";
import { useI18n } from "../../i18n/I18nProvider.js";
import type { MessageKey } from "../../i18n/zh-CN.js";
import { useSiteName } from "../../settings/useSiteName.js";
import { discountOff, discountValue } from "./recharge.js";

/** The order statuses a filter offers, in the spec's order (§3: pending 1, paid 2, closed 3). */
export const ORDER_STATUSES = [OrderStatus.PENDING, OrderStatus.PAID, OrderStatus.CLOSED] as const;
/** The order types a filter offers (§3: buy document 1, buy VIP 2, recharge 3). */
export const ORDER_TYPES = [OrderType.BUY_DOCUMENT, OrderType.BUY_VIP, OrderType.RECHARGE] as const;
/** Every named payment method (§3, plus the demo sandbox 11). */
export const PAY_METHODS: readonly PayMethod[] = Object.values(PayMethod).filter(
  (v): v is PayMethod => typeof v === "number" && v !== PayMethod.UNSPECIFIED,
);

const STATUS: Record<number, { key: MessageKey; color: string }> = {
  [OrderStatus.PENDING]: { key: "order.pending", color: "warning" },
  [OrderStatus.PAID]: { key: "order.paid", color: "success" },
  [OrderStatus.CLOSED]: { key: "order.closed", color: "default" },
};

const TYPE: Record<number, MessageKey> = {
  [OrderType.BUY_DOCUMENT]: "order.typeDocument",
  [OrderType.BUY_VIP]: "order.typeVip",
  [OrderType.RECHARGE]: "order.typeRecharge",
};

export const statusKey = (status: OrderStatus): MessageKey | undefined => STATUS[status]?.key;
export const typeKey = (type: OrderType): MessageKey | undefined => TYPE[type];
/** order.pay.<n>; undefined for UNSPECIFIED (not paid yet) and unknown numbers. */
export const payMethodKey = (method: PayMethod): MessageKey | undefined =>
  PAY_METHODS.includes(method) ? (`order.pay.${method}` as MessageKey) : undefined;

/** The words for an order's enums, in the UI's language ("-" when unset). */
export function useOrderLabels() {
  const { t } = useI18n();
  const { creditName: name } = useSiteName();
  const word = (key: MessageKey | undefined) => (key ? t(key, { name }) : "-");
  return {
    status: (s: OrderStatus) => word(statusKey(s)),
    type: (ty: OrderType) => word(typeKey(ty)),
    payMethod: (m: PayMethod) => word(payMethodKey(m)),
  };
}

/** An order's status as a coloured tag (pending orange, paid green, closed grey). */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const labels = useOrderLabels();
  return (
    <Tag color={STATUS[status]?.color} data-testid="order-status">
      {labels.status(status)}
    </Tag>
  );
}

/** A discount as the UI words it (spec §9): "8.5折" (English: "15% off"); null for none (1, or unset 0). */
export function useDiscountText(): (discount: number) => string | null {
  const { t } = useI18n();
  return (discount) => {
    const value = discount > 0 ? discountValue(discount) : null;
    return value === null ? null : t("recharge.discount", { value, off: discountOff(discount) });
  };
}

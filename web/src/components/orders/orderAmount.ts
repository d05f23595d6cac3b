// What an order costs, as every order view shows it (/me/order, /me/vip, /order, the admin list and
// drawer): in credits when it is settled in credits, else in money. Documents are priced in credits,
// so a document order shows credits until it is paid in money; any order paid with credits shows what
// it took. `amount` (cents) is only what it would cost in money: 3 credits are not "¥0.03".
import { OrderType, PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import type { Order } from "@wenku/proto/api/v1/order_pb.js";
import { useSiteName } from "../../settings/useSiteName.js";
import { formatCents } from "./recharge.js";

type Priced = Pick<Order, "orderType" | "payMethod" | "amount" | "creditAmount">;

/** True when the order is (to be) settled in credits. */
export function settledInCredits(o: Priced): boolean {
  if (o.orderType === OrderType.BUY_DOCUMENT)
    return o.payMethod === PayMethod.CREDIT || o.payMethod === PayMethod.UNSPECIFIED;
  return o.payMethod === PayMethod.CREDIT && o.creditAmount > 0;
}

/** "3 积分" for an order settled in credits, "¥12.34" otherwise. */
export function orderAmountText(o: Priced, creditName: string): string {
  return settledInCredits(o) ? `${o.creditAmount} ${creditName}` : `¥${formatCents(o.amount)}`;
}

/** orderAmountText with the site's credit name. */
export function useOrderAmountText(): (o: Priced) => string {
  const { creditName } = useSiteName();
  return (o) => orderAmountText(o, creditName);
}

import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { OrderStatus, OrderType, type PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import { ListOrderReplySchema, type Order, OrderSchema } from "@wenku/proto/api/v1/order_pb.js";
import { moredocPaymentType } from "./moredoc.names.js";
import type { OrderRow } from "./order.repository.js";
import type { OrderPage } from "./order.service.js";

const ts = (d: Date | null) => (d ? timestampFromDate(d) : undefined);

/**
 * An order row as the API shows it (payment_url is answered by PayOrder only), with moredoc's names
 * beside ours: closed_at is the payment deadline while PENDING (moredoc clients count down to it). A
 * BUY_VIP order's product_id is its card's type as moredoc clients read it (0 year, 1 season, 2 month;
 * the card id when the type is unknown) and vip_card_id the card.
 */
export function toOrderProto(r: OrderRow, username = "", productUuid = "", vipCardType?: number): Order {
  const vip = r.orderType === OrderType.BUY_VIP;
  const closedAt = r.status === OrderStatus.PENDING ? r.expiredAt : r.status === OrderStatus.CLOSED ? r.closedAt : null;
  return create(OrderSchema, {
    id: r.id,
    orderNo: r.orderNo,
    userId: r.userId,
    username,
    orderType: r.orderType as OrderType,
    productId: vip && vipCardType !== undefined ? BigInt(vipCardType) : r.productId,
    vipCardId: vip ? r.productId : 0n,
    productName: r.productName,
    quantity: r.quantity,
    price: r.price,
    amount: r.amount,
    discount: r.discount,
    status: r.status as OrderStatus,
    payMethod: r.payMethod as PayMethod,
    payAt: ts(r.payAt),
    closedAt: ts(closedAt),
    remark: r.remark,
    message: r.message,
    createdAt: ts(r.createdAt),
    updatedAt: ts(r.updatedAt),
    creditAmount: r.creditAmount,
    tradeNo: r.tradeNo ?? "",
    expiredAt: ts(r.expiredAt),
    paymentType: moredocPaymentType(r.payMethod),
    productUuid,
    paidAt: ts(r.payAt),
  });
}

/** A page of orders as the API shows them (a document's uuid and a card's type keyed by the row's own type). */
export const toListOrderReply = ({ total, rows, names, uuids, cardTypes }: OrderPage) =>
  create(ListOrderReplySchema, {
    total: BigInt(total),
    order: rows.map((r) =>
      toOrderProto(
        r,
        names.get(r.userId),
        r.orderType === OrderType.BUY_DOCUMENT ? uuids.get(r.productId) : "",
        r.orderType === OrderType.BUY_VIP ? cardTypes.get(r.productId) : undefined,
      ),
    ),
  });

import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { OrderStatus, type OrderType, type PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import { type Order, OrderSchema } from "@wenku/proto/api/v1/order_pb.js";
import { moredocPaymentType } from "./moredoc.names.js";
import type { OrderRow } from "./order.repository.js";

const ts = (d: Date | null) => (d ? timestampFromDate(d) : undefined);

/**
 * An order row as the API shows it (payment_url is answered by PayOrder only), with moredoc's names
 * beside ours: closed_at is the payment deadline while PENDING (moredoc clients count down to it).
 */
export function toOrderProto(r: OrderRow, username = "", productUuid = ""): Order {
  const closedAt = r.status === OrderStatus.PENDING ? r.expiredAt : r.status === OrderStatus.CLOSED ? r.closedAt : null;
  return create(OrderSchema, {
    id: r.id,
    orderNo: r.orderNo,
    userId: r.userId,
    username,
    orderType: r.orderType as OrderType,
    productId: r.productId,
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

import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { OrderStatus, OrderType, PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import { type Order, OrderSchema } from "@wenku/proto/api/v1/order_pb.js";
import type { OrderRow } from "./order.repository.js";

const ts = (d: Date | null) => (d ? timestampFromDate(d) : undefined);

/** An order row as the API shows it (payment_url is answered by PayOrder only). */
export function toOrderProto(r: OrderRow, username = ""): Order {
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
    closedAt: ts(r.closedAt),
    remark: r.remark,
    message: r.message,
    createdAt: ts(r.createdAt),
    updatedAt: ts(r.updatedAt),
    creditAmount: r.creditAmount,
    tradeNo: r.tradeNo ?? "",
    expiredAt: ts(r.expiredAt),
  });
}

import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import { type OrderStatus, OrderType } from "@wenku/proto/api/v1/enums_pb.js";
import {
  GetOrderStatusReplySchema,
  ListUserCreditLogReplySchema,
  type OrderAPI,
  PayOrderReplySchema,
} from "@wenku/proto/api/v1/order_pb.js";
import { toCreditLog } from "../credits/ledger.mapper.js";
import type { LedgerService } from "../credits/ledger.service.js";
import { moredocPaymentType } from "./moredoc.names.js";
import { toListOrderReply, toOrderProto } from "./order.mapper.js";
import type { PayService } from "./order.pay.js";
import type { OrderService, OrderView } from "./order.service.js";

const viewReply = ({ row, productUuid, vipCardType }: OrderView) => toOrderProto(row, "", productUuid, vipCardType);

/** The services OrderAPI's methods call. */
export interface OrderDomain {
  orders: OrderService;
  payments: PayService;
  ledger: LedgerService;
}

/** Thin RPC edge of OrderAPI: orders and payment, and the caller's own credit log (the ledger). */
export function createOrderHandlers({ orders, payments, ledger }: OrderDomain): ServiceImpl<typeof OrderAPI> {
  return {
    async createOrder(req, ctx) {
      return viewReply(await orders.place(actor(ctx), req));
    },
    async creditRecharge(req, ctx) {
      return toOrderProto(
        await orders.create(actor(ctx), { orderType: OrderType.RECHARGE, quantity: req.quantity, productId: 0n }),
      );
    },
    async getOrder(req, ctx) {
      return viewReply(await orders.get(actor(ctx), req));
    },
    async getOrderStatus(req, ctx) {
      const r = await payments.status(actor(ctx), req);
      return create(GetOrderStatusReplySchema, {
        orderNo: r.orderNo,
        status: r.status as OrderStatus,
        payAt: toOrderProto(r).payAt,
        message: r.message,
      });
    },
    async payOrder(req, ctx) {
      const { row, paymentUrl, qrcode } = await payments.pay(actor(ctx), req);
      return create(PayOrderReplySchema, {
        orderNo: row.orderNo,
        status: row.status as OrderStatus,
        orderStatus: row.status as OrderStatus,
        payMethod: row.payMethod,
        paymentType: moredocPaymentType(row.payMethod),
        paymentUrl: paymentUrl ?? "",
        qrcode: qrcode ?? "",
        message: row.message,
      });
    },
    async closeOrder(req, ctx) {
      await orders.close(actor(ctx), req.orderNo);
      return {};
    },
    async listOrder(req) {
      return toListOrderReply(await orders.list(req));
    },
    async listUserOrder(req, ctx) {
      return toListOrderReply(await orders.listMine(actor(ctx), req));
    },
    async deleteOrder(req) {
      await orders.remove(req.id);
      return {};
    },
    async systemRecharge(req) {
      return toOrderProto(await orders.systemRecharge(req));
    },
    async listUserCreditLog(req, ctx) {
      const { total, rows } = await ledger.myLog(actor(ctx), req);
      return create(ListUserCreditLogReplySchema, { total: BigInt(total), creditLog: rows.map(toCreditLog) });
    },
  };
}

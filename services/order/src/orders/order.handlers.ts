import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import { type OrderStatus, OrderType } from "@wenku/proto/api/v1/enums_pb.js";
import type { OrderInternalAPI } from "@wenku/proto/api/v1/order_internal_pb.js";
import {
  GetOrderStatusReplySchema,
  ListOrderReplySchema,
  type OrderAPI,
  PayOrderReplySchema,
} from "@wenku/proto/api/v1/order_pb.js";
import type { DownloadCharge } from "./download.charge.js";
import { toOrderProto } from "./order.mapper.js";
import type { PayService } from "./order.pay.js";
import type { OrderRow } from "./order.repository.js";
import type { OrderService } from "./order.service.js";

const listReply = ({ total, rows, names }: { total: number; rows: OrderRow[]; names: Map<bigint, string> }) =>
  create(ListOrderReplySchema, { total: BigInt(total), order: rows.map((r) => toOrderProto(r, names.get(r.userId))) });

/** OrderAPI's order RPCs: one call into the domain each. */
export function createOrderHandlers(
  orders: OrderService,
  payments: PayService,
): Omit<ServiceImpl<typeof OrderAPI>, "listUserCreditLog"> {
  return {
    async createOrder(req, ctx) {
      return toOrderProto(await orders.create(actor(ctx), req));
    },
    async creditRecharge(req, ctx) {
      return toOrderProto(
        await orders.create(actor(ctx), { orderType: OrderType.RECHARGE, quantity: req.quantity, productId: 0n }),
      );
    },
    async getOrder(req, ctx) {
      return toOrderProto(await orders.get(actor(ctx), req));
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
        payMethod: row.payMethod,
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
      return listReply(await orders.list(req));
    },
    async listUserOrder(req, ctx) {
      return listReply(await orders.listMine(actor(ctx), req));
    },
    async deleteOrder(req) {
      await orders.remove(req.id);
      return {};
    },
    async systemRecharge(req) {
      return toOrderProto(await orders.systemRecharge(req));
    },
  };
}

/** OrderInternalAPI.HandlePaymentNotify: the gateway forwards /callback/<provider> here. */
export function createNotifyHandlers(
  payments: PayService,
): Pick<ServiceImpl<typeof OrderInternalAPI>, "handlePaymentNotify"> {
  return {
    async handlePaymentNotify(req) {
      const reply = await payments.notify(req.provider, {
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), v])),
        body: req.body,
        query: req.query,
      });
      return { status: reply.status, contentType: reply.contentType, body: reply.body };
    },
  };
}

/** ChargeDocumentDownload: the content service, before a priced download. */
export function createChargeHandlers(
  charges: DownloadCharge,
): Pick<ServiceImpl<typeof OrderInternalAPI>, "chargeDocumentDownload"> {
  return {
    chargeDocumentDownload: (req) => charges.charge(req.userId, req.documentId, req.freeDays, req.vipOnly),
  };
}

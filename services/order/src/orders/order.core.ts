// What every order path shares: loading an order as the caller may see it, closing it lazily once
// its time ran out, delivering a PAID order through its product line, and the periodic sweep.
import { type CallContext, DomainError, type Identity, type Logger, requireSignedIn } from "@wenku/kit";
import { OrderStatus, type OrderType } from "@wenku/proto/api/v1/enums_pb.js";
import type { ProductLines } from "./lines.js";
import type { OrderRepository, OrderRow } from "./order.repository.js";
import type { PaidOrder } from "./product.js";

export const orderMessages = {
  notFound: "订单不存在",
  expired: "订单超时未支付，已自动关闭",
  closedByUser: "订单已关闭",
  closed: "订单已关闭，请重新下单",
  paid: "订单已支付",
  alreadyBought: "您已购买过该文档，无需重复购买",
  chooseMethod: "请选择支付方式",
  noCredits: "该订单不支持积分支付，请选择其他支付方式",
  free: "免费，无需支付",
  noOnline: "该订单无需在线支付",
  paidCredits: "已使用积分支付",
  paidOnline: "支付成功",
  notOwn: "只能支付自己的订单",
  orderNo: "订单号无效",
  tooManyOpen: (max: number) => `未支付的订单已有 ${max} 个，请先支付或关闭已有订单后再下单`,
};

export interface CoreDeps {
  repo: OrderRepository;
  lines: ProductLines;
  log: Logger;
  clock: () => Date;
}

const SWEEP_BATCH = 50;

export function toPaidOrder(row: OrderRow): PaidOrder {
  return {
    id: row.id,
    orderNo: row.orderNo,
    userId: row.userId,
    orderType: row.orderType as OrderType,
    productId: row.productId,
    quantity: row.quantity,
    amount: row.amount,
    creditAmount: row.creditAmount,
    payMethod: row.payMethod,
    paidAt: row.payAt ?? row.updatedAt,
    remark: row.remark,
  };
}

export function createOrderCore(deps: CoreDeps) {
  const { repo, log } = deps;

  /** A PENDING order past its time is closed now (the sweep would close it soon anyway). */
  async function expireIfDue(row: OrderRow): Promise<OrderRow> {
    if (row.status !== OrderStatus.PENDING || row.expiredAt > deps.clock()) return row;
    await repo.close(row.id, deps.clock(), orderMessages.expired);
    return (await repo.findByNo(row.orderNo, true)) ?? row;
  }

  return {
    expireIfDue,

    /**
     * The caller's order (staff granted the RPC: anyone's), closed first if its time ran out.
     * Someone else's order is "not found", never "forbidden": order numbers are not probed.
     */
    async load(call: CallContext, ref: { orderNo?: string; id?: bigint }): Promise<{ who: Identity; row: OrderRow }> {
      const who = requireSignedIn(call);
      const row = ref.orderNo
        ? await repo.findByNo(ref.orderNo)
        : ref.id && ref.id > 0n
          ? await repo.findById(ref.id)
          : null;
      if (!row || (row.userId !== who.userId && !who.granted))
        throw new DomainError("not_found", orderMessages.notFound);
      return { who, row: await expireIfDue(row) };
    },

    deliver,

    /** Closes expired PENDING orders and retries undelivered PAID ones. */
    async sweep(): Promise<{ closed: number; delivered: number }> {
      const closed = await repo.closeExpired(deps.clock(), orderMessages.expired);
      const rows = await repo.undelivered(SWEEP_BATCH);
      for (const row of rows) await deliver(row);
      return { closed, delivered: rows.length };
    },
  };

  /** Delivers a PAID order through its line; a failure leaves it undelivered for the sweep. */
  async function deliver(row: OrderRow): Promise<void> {
    if (row.status !== OrderStatus.PAID || row.deliveredAt) return;
    const line = deps.lines.find(row.orderType as OrderType);
    if (!line) {
      log.warn({ orderNo: row.orderNo, type: row.orderType }, "order: no product line to deliver it");
      return;
    }
    try {
      await line.deliver(toPaidOrder(row));
      await repo.markDelivered(row.id, deps.clock());
    } catch (err) {
      log.error({ err, orderNo: row.orderNo }, "order: delivery failed; the sweep retries it");
    }
  }
}
export type OrderCore = ReturnType<typeof createOrderCore>;

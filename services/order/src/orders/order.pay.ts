// Paying an order: with credits (a ledger spend once per order, then PENDING → PAID by a
// conditional update; a spend that lost the race to a close is refunded), or online through a
// provider (a pay link or QR content; the provider's verified notify marks it paid).
//
// A verified "paid" notify for an order that is CLOSED (or already paid by another trade) changes
// nothing and is logged at error level as needing a manual refund; the platform is told SUCCESS so
// it stops retrying. Notifies for unknown orders, other amounts or another method are refused
// (FAIL) and change nothing.
import { type CallContext, DomainError, type Logger, toTextParams } from "@wenku/kit";
import { OrderStatus, PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import type { LedgerService } from "../credits/ledger.service.js";
import {
  NotifyRejected,
  type NotifyReply,
  type PaymentProvider,
  type RawNotify,
  type VerifiedNotify,
} from "../payments/provider.js";
import type { ProviderRegistry } from "../payments/registry.js";
import type { PaySettingsSource } from "../ports.js";
import { chosenPayMethod } from "./moredoc.names.js";
import { type OrderCore, orderMessages } from "./order.core.js";
import type { OrderRepository, OrderRow } from "./order.repository.js";

export interface PayDeps {
  repo: OrderRepository;
  core: OrderCore;
  ledger: Pick<LedgerService, "apply">;
  providers: ProviderRegistry;
  paySettings: Pick<PaySettingsSource, "orderConfig">;
  /** The site's public origin (system.domain) for notify URLs; "" when unset. */
  origin(): Promise<string>;
  log: Logger;
  clock: () => Date;
}

export interface PayResult {
  row: OrderRow;
  paymentUrl?: string;
  qrcode?: string;
}

/** How often GetOrderStatus may ask a platform about one order. */
const QUERY_GAP_MS = 10_000;
const MOBILE = /Mobile|Android|iPhone|iPad|HarmonyOS/i;

/** Only a path on this site: an absolute URL elsewhere would make us an open redirect. */
function safeReturn(url: string, orderNo: string): string {
  return url.startsWith("/") && !url.startsWith("//") && !url.includes("\\")
    ? url.slice(0, 512)
    : `/order?order_no=${orderNo}`;
}

export function createPayService(deps: PayDeps) {
  const { repo, core, log } = deps;
  const queried = new Map<string, number>();

  const refuse = (row: OrderRow): never => {
    if (row.status === OrderStatus.PAID) throw new DomainError("failed_precondition", orderMessages.paid);
    throw new DomainError("failed_precondition", orderMessages.closed);
  };

  async function payWithCredits(row: OrderRow): Promise<PayResult> {
    if (row.creditAmount <= 0)
      throw new DomainError("failed_precondition", orderMessages.noCredits, undefined, "pay_method");
    await deps.ledger.apply({
      userId: row.userId,
      amount: -row.creditAmount,
      code: "order",
      reason: `支付订单：${[...row.productName].slice(0, 100).join("")}`,
      params: toTextParams({ product: row.productName, order_no: row.orderNo }),
      refKind: "order",
      refId: row.id,
      idempotencyKey: `order:${row.id}:pay`,
    });
    const won = await repo.markPaid(row.id, {
      payMethod: PayMethod.CREDIT,
      payAt: deps.clock(),
      message: orderMessages.paidCredits,
    });
    const now = (await repo.findByNo(row.orderNo, true)) ?? row;
    if (won === "paid" || (now.status === OrderStatus.PAID && now.payMethod === PayMethod.CREDIT && won === "lost")) {
      await core.deliver(now);
      return { row: (await repo.findByNo(row.orderNo, true)) ?? now };
    }
    // The spend lost: the order was closed or paid otherwise meanwhile, or the document was bought by another order.
    await deps.ledger.apply({
      userId: row.userId,
      amount: row.creditAmount,
      code: "refund",
      reason: `订单未成交，退回：${[...row.productName].slice(0, 100).join("")}`,
      params: toTextParams({ product: row.productName, order_no: row.orderNo }),
      refKind: "order",
      refId: row.id,
      idempotencyKey: `order:${row.id}:refund`,
    });
    if (won === "duplicate") {
      await repo.close(row.id, deps.clock(), orderMessages.alreadyBought);
      throw new DomainError("failed_precondition", orderMessages.alreadyBought);
    }
    return refuse(now);
  }

  /**
   * A verified "paid" from a provider (notify or query): PENDING → PAID once and delivered. false:
   * refused (unknown order, other amount or method), nothing changed. true: applied, a replay, or
   * money taken for a closed/otherwise paid order (logged as needing a refund).
   */
  async function applyPaid(provider: PaymentProvider, v: VerifiedNotify): Promise<boolean> {
    const nlog = log.child({ provider: provider.name });
    const row = await repo.findByNo(v.orderNo, true);
    const facts = { orderNo: v.orderNo, tradeNo: v.tradeNo, amount: v.amountCents };
    if (!row) {
      nlog.warn(facts, "payment notify refused: unknown order");
      return false;
    }
    if (
      v.amountCents !== row.amount ||
      (row.payMethod !== 0 && row.payMethod !== provider.method && row.status === OrderStatus.PENDING)
    ) {
      nlog.warn(
        { ...facts, orderAmount: row.amount, orderMethod: row.payMethod },
        "payment notify refused: amount or method mismatch",
      );
      return false;
    }
    if (row.status === OrderStatus.PENDING) {
      const won = await repo.markPaid(row.id, {
        payMethod: provider.method,
        tradeNo: v.tradeNo,
        payAt: v.paidAt ?? deps.clock(),
        message: orderMessages.paidOnline,
      });
      if (won === "paid") {
        await core.deliver((await repo.findByNo(row.orderNo, true)) ?? row);
        return true;
      }
      if (won === "duplicate") {
        nlog.error(
          facts,
          "payment notify: trade number pays another order, or the document was bought already: NEEDS A REFUND",
        );
        return true;
      }
    }
    const now = (await repo.findByNo(row.orderNo, true)) ?? row;
    if (now.status === OrderStatus.PAID && now.payMethod === provider.method && now.tradeNo === v.tradeNo) {
      return true; // a replay: nothing changes
    }
    nlog.error(
      { ...facts, status: now.status },
      "payment notify: money taken for a closed or otherwise paid order: NEEDS A REFUND",
    );
    return true;
  }

  return {
    /** PayOrder: the method as pay_method or moredoc's payment_type; is_wap (moredoc) or the user agent says "phone". */
    async pay(
      call: CallContext,
      req: { orderNo: string; payMethod: PayMethod; paymentType?: PayMethod; returnUrl: string; isWap?: boolean },
    ): Promise<PayResult> {
      const method = chosenPayMethod({ payMethod: req.payMethod, paymentType: req.paymentType ?? 0 });
      const { who, row } = await core.load(call, { orderNo: req.orderNo });
      if (row.userId !== who.userId) throw new DomainError("permission_denied", orderMessages.notOwn);
      if (row.status === OrderStatus.PAID) return { row }; // a repeated click, or 50 at once: one spend, all see PAID
      if (row.status !== OrderStatus.PENDING) refuse(row);
      if (method === PayMethod.UNSPECIFIED)
        throw new DomainError("invalid_argument", orderMessages.chooseMethod, undefined, "pay_method");
      if (method === PayMethod.CREDIT) return payWithCredits(row);
      if (row.amount <= 0)
        throw new DomainError("failed_precondition", orderMessages.noOnline, undefined, "pay_method");
      const { pay } = await deps.paySettings.orderConfig();
      const provider = deps.providers.forMethod(method, pay);
      await repo.choose(row.id, provider.method);
      const started = await provider.start({
        orderNo: row.orderNo,
        amountCents: row.amount,
        subject: [...row.productName].slice(0, 64).join("") || row.orderNo,
        notifyUrl: `${await deps.origin()}/callback/${provider.name}`,
        returnUrl: safeReturn(req.returnUrl, row.orderNo),
        clientIp: call.clientIp,
        expiresAt: row.expiredAt,
        mobile: !!req.isWap || MOBILE.test(call.userAgent ?? ""),
      });
      return { row: { ...row, payMethod: provider.method }, ...started };
    },

    /** A platform's callback: verified by its provider, matched against the order, applied once. */
    async notify(providerName: string, raw: RawNotify): Promise<NotifyReply> {
      const { pay } = await deps.paySettings.orderConfig();
      const provider = deps.providers.forName(providerName, pay);
      if (!provider) return { status: 404, contentType: "text/plain; charset=utf-8", body: "unknown payment provider" };
      let v: Awaited<ReturnType<typeof provider.verifyNotify>>;
      try {
        v = await provider.verifyNotify(raw);
      } catch (err) {
        if (!(err instanceof NotifyRejected)) throw err;
        log.warn({ provider: provider.name, reason: err.reason }, "payment notify refused: not authentic");
        return provider.notifyReply(false);
      }
      if (!v.paid) return provider.notifyReply(true); // a verified notify of another state: nothing to do
      return provider.notifyReply(await applyPaid(provider, v));
    },

    /**
     * GetOrderStatus: a PENDING order paid online is asked of its platform (when the provider can
     * be asked, at most every QUERY_GAP_MS per order), so a lost notify does not leave it pending.
     */
    async status(call: CallContext, ref: { orderNo: string; id: bigint }): Promise<OrderRow> {
      if (!ref.orderNo && ref.id <= 0n)
        throw new DomainError("invalid_argument", orderMessages.orderNo, undefined, "order_no");
      const { row } = await core.load(call, ref.orderNo ? { orderNo: ref.orderNo } : { id: ref.id });
      if (row.status !== OrderStatus.PENDING || row.payMethod === 0 || row.payMethod === PayMethod.CREDIT) return row;
      const last = queried.get(row.orderNo) ?? 0;
      if (Date.now() - last < QUERY_GAP_MS) return row;
      queried.set(row.orderNo, Date.now());
      if (queried.size > 10_000) queried.clear();
      try {
        const provider = deps.providers.forMethod(row.payMethod, (await deps.paySettings.orderConfig()).pay);
        const v = await provider.query?.(row.orderNo);
        if (v?.paid && v.orderNo === row.orderNo) await applyPaid(provider, v);
      } catch (err) {
        log.warn({ err, orderNo: row.orderNo }, "order status: the platform could not be asked");
        return row;
      }
      return (await repo.findByNo(row.orderNo)) ?? row;
    },
  };
}
export type PayService = ReturnType<typeof createPayService>;

// RECHARGE: quantity credits, a multiple of score.credit_exchange (or a tier's amount), priced from
// it and the recharge_discount tiers; delivering grants the credits (a system recharge books them
// as system_recharge with its reason).
import { DomainError, toTextParams } from "@wenku/kit";
import { OrderType, PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import type { LedgerService } from "../credits/ledger.service.js";
import type { PaySettingsSource } from "../ports.js";
import { creditsToCents, discountFor, FULL, parseTiers } from "./money.js";
import type { PaidOrder, ProductLine, Quote } from "./product.js";

/** The most credits one recharge order may buy. */
export const MAX_RECHARGE = 1_000_000;

export const rechargeMessages = {
  disabled: "积分充值未开启",
  quantity: `充值数量须为 1 到 ${MAX_RECHARGE} 之间的整数`,
  credit: `参数 credit 无效：充值数量须为 1 到 ${MAX_RECHARGE} 之间的整数`, // moredoc's name for quantity
  tooSmall: "充值金额不足 0.01 元，请增加充值数量",
  step: (exchange: number) => `充值数量须为 ${exchange} 的整数倍`,
};

/** A recharge quantity: an integer 1…MAX_RECHARGE, else invalid_argument on `field` (the name it came as). */
export function checkRechargeQuantity(quantity: number, field: "quantity" | "credit" = "quantity"): number {
  if (!Number.isSafeInteger(quantity) || quantity <= 0 || quantity > MAX_RECHARGE)
    throw new DomainError("invalid_argument", rechargeMessages[field], undefined, field);
  return quantity;
}

export function createRechargeLine(deps: {
  paySettings: Pick<PaySettingsSource, "recharge">;
  ledger: Pick<LedgerService, "apply">;
  creditName(): Promise<string>;
}): ProductLine {
  return {
    type: OrderType.RECHARGE,
    async quote(_userId, _productId, quantity): Promise<Quote> {
      checkRechargeQuantity(quantity);
      const r = await deps.paySettings.recharge();
      if (!r.enable) throw new DomainError("failed_precondition", rechargeMessages.disabled);
      const exchange = Math.max(1, r.creditExchange);
      const tiers = parseTiers(r.tiers);
      // Spec §5: a custom amount steps by credit_exchange; a tier's own amount is offered as it is.
      if (quantity % exchange !== 0 && !tiers.some((t) => t.amount === quantity))
        throw new DomainError("invalid_argument", rechargeMessages.step(exchange), undefined, "quantity");
      const discount = discountFor(tiers, quantity);
      const amount = creditsToCents(quantity, exchange, discount);
      if (amount <= 0) throw new DomainError("invalid_argument", rechargeMessages.tooSmall, undefined, "quantity");
      return {
        productId: 0n,
        productName: `充值 ${quantity} ${await deps.creditName()}`,
        quantity,
        price: creditsToCents(quantity, exchange), // a recharge's price: its undiscounted total
        amount,
        discount: discount / FULL,
        creditAmount: 0, // credits are not bought with credits
      };
    },
    async deliver(o: PaidOrder): Promise<void> {
      const system = o.payMethod === PayMethod.SYSTEM_RECHARGE;
      await deps.ledger.apply({
        userId: o.userId,
        amount: o.quantity,
        code: system ? "system_recharge" : "recharge",
        reason: (system ? o.remark || "系统充值" : `充值订单 ${o.orderNo}`).slice(0, 255),
        // A system recharge always names its remark, "" for none: the client tells it from an older entry so.
        params: system
          ? { remark: [...(o.remark ?? "")].slice(0, 255).join("") }
          : toTextParams({ order_no: o.orderNo }),
        refKind: "order",
        refId: o.id,
        idempotencyKey: `order:${o.id}:deliver`,
      });
    },
  };
}

// BUY_VIP (order type 2) as a product line: a VIP card priced from the server's own card row, and
// delivered by extending the buyer's membership once per order (vip.service.ts deliver).
import { DomainError } from "@wenku/kit";
import { OrderType } from "@wenku/proto/api/v1/enums_pb.js";
import type { ProductLine } from "../orders/product.js";
import { benefitsOf, type VipRepository } from "./vip.repository.js";
import { cardPrice, vipMessages } from "./vip.rules.js";
import type { VipService } from "./vip.service.js";

export interface VipLineDeps {
  repo: Pick<VipRepository, "card" | "anyCard">;
  vip: Pick<VipService, "deliver">;
  /** Settings.vip.enable: buying is refused while VIP is off. */
  vipEnabled(): Promise<boolean>;
}

export function createVipLine(deps: VipLineDeps): ProductLine {
  return {
    type: OrderType.BUY_VIP,

    async quote(_userId, productId, quantity) {
      if (productId <= 0n)
        throw new DomainError("invalid_argument", vipMessages.productRequired, undefined, "product_id");
      if (quantity < 0 || quantity > 1)
        throw new DomainError("invalid_argument", vipMessages.quantity, undefined, "quantity");
      if (!(await deps.vipEnabled())) throw new DomainError("failed_precondition", vipMessages.vipDisabled);
      const card = await deps.repo.card(productId);
      if (!card) throw new DomainError("not_found", vipMessages.notFound);
      if (!card.enable) throw new DomainError("failed_precondition", vipMessages.notOnSale);
      const { price, amount, creditAmount } = cardPrice(card);
      return {
        productId: card.id,
        productName: `VIP会员-${card.title}`.slice(0, 128),
        quantity: 1,
        price,
        amount,
        discount: card.discount,
        creditAmount,
      };
    },

    async deliver(order) {
      // The card as it is now (also when deleted since): its days and type extend the membership.
      const card = await deps.repo.anyCard(order.productId);
      if (!card) throw new Error(`BUY_VIP order ${order.orderNo}: VIP card ${order.productId} does not exist`);
      await deps.vip.deliver({
        userId: order.userId,
        orderId: order.id,
        cardId: card.id,
        cardType: card.type,
        days: card.days,
        benefits: benefitsOf(card),
      });
    },
  };
}

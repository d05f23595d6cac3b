// BUY_VIP (order type 2) as a product line: a VIP card priced from the server's own card row, and
// delivered by extending the buyer's membership once per order (vip.service.ts deliver). The card is
// the one vip_card_id names, or the first on sale of the type moredoc clients send as product_id.
import { DomainError } from "@wenku/kit";
import { OrderType } from "@wenku/proto/api/v1/enums_pb.js";
import type { ProductLine } from "../orders/product.js";
import { benefitsOf, type VipRepository } from "./vip.repository.js";
import { cardPrice, vipChoice, vipMessages } from "./vip.rules.js";
import type { VipService } from "./vip.service.js";

export interface VipLineDeps {
  repo: Pick<VipRepository, "card" | "anyCard" | "cardOnSale">;
  vip: Pick<VipService, "deliver">;
  /** Settings.vip.enable: buying is refused while VIP is off. */
  vipEnabled(): Promise<boolean>;
}

export function createVipLine(deps: VipLineDeps): ProductLine {
  return {
    type: OrderType.BUY_VIP,

    async quote(_userId, productId, quantity, choice) {
      const wanted = vipChoice(productId, choice?.vipCardId);
      if (quantity < 0 || quantity > 1)
        throw new DomainError("invalid_argument", vipMessages.quantity, undefined, "quantity");
      if (!(await deps.vipEnabled())) throw new DomainError("failed_precondition", vipMessages.vipDisabled);
      const card = "cardId" in wanted ? await deps.repo.card(wanted.cardId) : await deps.repo.cardOnSale(wanted.type);
      if (!card)
        throw new DomainError("not_found", "cardId" in wanted ? vipMessages.notFound : vipMessages.typeNotOnSale);
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

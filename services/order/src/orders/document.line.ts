// BUY_DOCUMENT: a document's price in credits comes from the content service. The paid order is
// the purchase record (orders_one_purchase_key: one paid purchase per user and document). A
// document costs nothing for its uploader or for someone who bought it before: such an order is
// paid at once. Delivery pays the uploader the full price (no share key exists in the score
// config) as a "sale" entry, once per order.
import { Code, ConnectError } from "@connectrpc/connect";
import { DomainError } from "@wenku/kit";
import { OrderType } from "@wenku/proto/api/v1/enums_pb.js";
import type { LedgerService } from "../credits/ledger.service.js";
import type { OrderSources } from "./clients.js";
import { creditsToCents } from "./money.js";
import type { OrderRepository } from "./order.repository.js";
import type { PaidOrder, ProductLine, Quote } from "./product.js";

export const documentMessages = {
  notFound: "文档不存在",
  notPublic: "文档尚未公开，暂不能购买",
};

export function createDocumentLine(deps: {
  sources: Pick<OrderSources, "documentProduct" | "recharge">;
  orders: Pick<OrderRepository, "hasPurchased">;
  ledger: Pick<LedgerService, "apply">;
}): ProductLine {
  const product = async (id: bigint) => {
    if (id <= 0n) throw new DomainError("invalid_argument", documentMessages.notFound, undefined, "product_id");
    try {
      return await deps.sources.documentProduct(id);
    } catch (err) {
      if (ConnectError.from(err).code === Code.NotFound) throw new DomainError("not_found", documentMessages.notFound);
      throw err;
    }
  };
  return {
    type: OrderType.BUY_DOCUMENT,
    async quote(userId, productId): Promise<Quote> {
      const doc = await product(productId);
      if (!doc.public) throw new DomainError("failed_precondition", documentMessages.notPublic);
      const free = doc.price <= 0 || doc.userId === userId || (await deps.orders.hasPurchased(userId, doc.id));
      const credits = free ? 0 : doc.price;
      const exchange = Math.max(1, (await deps.sources.recharge()).creditExchange);
      const cents = creditsToCents(credits, exchange);
      return {
        productId: doc.id,
        productName: [...doc.title].slice(0, 128).join(""),
        quantity: 1,
        price: cents,
        amount: cents,
        discount: 1,
        creditAmount: credits,
      };
    },
    async deliver(o: PaidOrder): Promise<void> {
      if (o.creditAmount <= 0) return; // free: nobody earns anything
      const doc = await product(o.productId).catch((err: unknown) => {
        if (err instanceof DomainError && err.kind === "not_found") return null; // purged since: nobody to pay
        throw err;
      });
      if (!doc) return;
      if (doc.userId <= 0n || doc.userId === o.userId) return;
      await deps.ledger.apply({
        userId: doc.userId,
        amount: o.creditAmount,
        code: "sale",
        reason: `文档《${[...doc.title].slice(0, 100).join("")}》被购买`,
        refKind: "order",
        refId: o.id,
        idempotencyKey: `order:${o.id}:sale`,
      });
    },
  };
}

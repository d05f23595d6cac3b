// BUY_DOCUMENT: a document's price in credits comes from the content service. The paid order is
// the purchase record, and a download right (purchase.repository.ts): for
// download.free_download_duration days, or for one download when that is 0. A document costs
// nothing for its uploader or for a buyer it still entitles: such an order is paid at once (moredoc
// clients create one before every download). A running VIP membership pays its card's percent of the
// price (vip.rules.ts vipDocumentPrice). Delivery pays the uploader what the buyer paid (no share key
// exists in the score config) as a "sale" entry, once per order.
import { Code, ConnectError } from "@connectrpc/connect";
import { DomainError, toTextParams } from "@wenku/kit";
import { OrderType } from "@wenku/proto/api/v1/enums_pb.js";
import type { LedgerService } from "../credits/ledger.service.js";
import type { DocumentProducts, PaySettingsSource } from "../ports.js";
import { vipDocumentPrice } from "../vip/vip.rules.js";
import { creditsToCents } from "./money.js";
import type { PaidOrder, ProductLine, Quote } from "./product.js";
import type { PurchaseRepository } from "./purchase.repository.js";

export const documentMessages = {
  notFound: "文档不存在",
  notPublic: "文档尚未公开，暂不能购买",
};

export function createDocumentLine(deps: {
  documents: DocumentProducts;
  paySettings: Pick<PaySettingsSource, "recharge">;
  purchases: Pick<PurchaseRepository, "entitled">;
  ledger: Pick<LedgerService, "apply">;
  /** download.free_download_duration now. */
  freeDays(): Promise<number>;
  /** The percent of a price the user pays: their running VIP membership's, else 100. */
  pricePercent(userId: bigint): Promise<number>;
  clock: () => Date;
}): ProductLine {
  const product = (id: bigint) => findDocumentProduct(deps.documents, id);
  return {
    type: OrderType.BUY_DOCUMENT,
    async quote(userId, productId): Promise<Quote> {
      const doc = await product(productId);
      if (!doc.public) throw new DomainError("failed_precondition", documentMessages.notPublic);
      const free =
        doc.price <= 0 ||
        doc.userId === userId ||
        (await deps.purchases.entitled(userId, doc.id, await deps.freeDays(), deps.clock()));
      const percent = free ? 100 : await deps.pricePercent(userId);
      const credits = free ? 0 : vipDocumentPrice(doc.price, percent);
      const exchange = Math.max(1, (await deps.paySettings.recharge()).creditExchange);
      return {
        productId: doc.id,
        productName: [...doc.title].slice(0, 128).join(""),
        quantity: 1,
        price: creditsToCents(free ? 0 : doc.price, exchange),
        amount: creditsToCents(credits, exchange),
        // The column needs a factor > 0: a 0 % card makes the order free (amount 0), shown undiscounted.
        discount: percent > 0 ? percent / 100 : 1,
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
        params: toTextParams({ title: doc.title }),
        refKind: "order",
        refId: o.id,
        idempotencyKey: `order:${o.id}:sale`,
      });
    },
  };
}

/** The document as a product; NotFound in the order domain's words. */
export async function findDocumentProduct(documents: DocumentProducts, id: bigint) {
  if (id <= 0n) throw new DomainError("invalid_argument", documentMessages.notFound, undefined, "product_id");
  try {
    return await documents.product(id);
  } catch (err) {
    if (ConnectError.from(err).code === Code.NotFound) throw new DomainError("not_found", documentMessages.notFound);
    throw err;
  }
}

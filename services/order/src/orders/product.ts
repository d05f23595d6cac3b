// What an order sells. Each order type has one ProductLine: it prices an order from the server's
// own data (never from the client) and delivers what was bought once the order is paid. The order
// domain (orders/) owns order rows, payment and state; a line owns its product (recharge: the
// ledger; VIP: vip/; documents: the content service).
import type { OrderType } from "@wenku/proto/api/v1/enums_pb.js";

/** A priced order, before it is stored. */
export interface Quote {
  productId: bigint;
  /** Shown in the order list and to the payment platform; at most 128 characters. */
  productName: string;
  /** Credits for a recharge, otherwise 1. */
  quantity: number;
  /** Unit price, cents. */
  price: number;
  /** Payable total after discount, cents (0 for a free product: the order is paid at once). */
  amount: number;
  /** Applied discount factor, 0 < discount ≤ 1. */
  discount: number;
  /** Credits charged when paid with PAY_METHOD_CREDIT; 0: this product cannot be paid with credits. */
  creditAmount: number;
}

/** What CreateOrder names besides the product id; a line reads only its own part. */
export interface QuoteChoice {
  /** BUY_VIP: this card; 0 or absent: the product id is a card type (moredoc's /joinvip). */
  vipCardId?: bigint;
}

/** A paid order as a line sees it when delivering. */
export interface PaidOrder {
  id: bigint;
  orderNo: string;
  userId: bigint;
  orderType: OrderType;
  productId: bigint;
  quantity: number;
  amount: number;
  creditAmount: number;
  payMethod: number;
  paidAt: Date;
  /** The staff note (a system recharge's reason); absent: none. */
  remark?: string;
}

export interface ProductLine {
  readonly type: OrderType;
  /**
   * Prices an order for `userId`. Throws DomainError: invalid_argument for a bad quantity or product
   * id, not_found for an unknown or withdrawn product, failed_precondition when it is not on sale.
   */
  quote(userId: bigint, productId: bigint, quantity: number, choice?: QuoteChoice): Promise<Quote>;
  /**
   * Delivers a paid order. Called after the order row is PAID, possibly more than once (a retried
   * notify, a restart between pay and delivery): it must be idempotent per order id. Throwing leaves
   * the order PAID and undelivered; the order domain retries delivery later.
   */
  deliver(order: PaidOrder): Promise<void>;
}

// ChargeDocumentDownload: the content service asks before it serves a priced document. A purchase
// that still entitles the buyer is used; otherwise the document is bought now, with credits, through
// the same order and payment path as CreateOrder + PayOrder (one spend per order, the uploader's
// sale on delivery). One charge per user and document runs at a time (a claim row, not a held
// connection): a double click pays once, and with free_download_duration 0 each download pays once.
import { type CallContext, DomainError } from "@wenku/kit";
import { OrderStatus, OrderType, PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import { type LedgerService, ledgerMessages } from "../credits/ledger.service.js";
import type { ProductLines } from "./lines.js";
import type { PurchaseRepository } from "./purchase.repository.js";

export const chargeMessages = {
  busy: "该文档的下载正在处理中，请稍后再试",
  user: "用户ID无效",
  document: "文档ID无效",
};

/** How long a charge waits for another one of the same user and document (then: busy). */
const WAIT_MS = 15_000;
const POLL_MS = 50;

interface OrderPort {
  create(
    call: CallContext,
    req: { orderType: OrderType; quantity: number; productId: bigint },
  ): Promise<{ id: bigint; orderNo: string; status: number; creditAmount: number }>;
  close(call: CallContext, orderNo: string): Promise<void>;
}

interface PayPort {
  pay(call: CallContext, req: { orderNo: string; payMethod: PayMethod; returnUrl: string }): Promise<unknown>;
}

export function createDownloadCharge(deps: {
  purchases: PurchaseRepository;
  lines: ProductLines;
  ledger: Pick<LedgerService, "balances">;
  creditName(): Promise<string>;
  orders: OrderPort;
  payments: PayPort;
  clock: () => Date;
  sleep?: (ms: number) => Promise<void>;
}) {
  const { purchases } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  /** The buyer as the order domain sees a caller (an internal call on their behalf). */
  const asUser = (userId: bigint): CallContext => ({
    identity: { userId, sessionId: "", granted: false, staff: false },
    clientIp: "",
    requestId: "",
    internal: true,
  });

  async function buy(userId: bigint, documentId: bigint, freeDays: number) {
    // Short credits are refused before an order exists (no closed order per refused click); the
    // ledger still decides under its lock when the balance moves meanwhile.
    const q = await deps.lines.get(OrderType.BUY_DOCUMENT).quote(userId, documentId, 1);
    const balance = (await deps.ledger.balances([userId])).get(userId) ?? 0;
    if (q.creditAmount > balance)
      throw new DomainError("failed_precondition", ledgerMessages.insufficient(await deps.creditName(), balance));
    const call = asUser(userId);
    const order = await deps.orders.create(call, {
      orderType: OrderType.BUY_DOCUMENT,
      quantity: 1,
      productId: documentId,
    });
    if (order.status === OrderStatus.PAID) return { charged: 0, orderNo: order.orderNo }; // free for this user
    try {
      await deps.payments.pay(call, { orderNo: order.orderNo, payMethod: PayMethod.CREDIT, returnUrl: "" });
    } catch (err) {
      // Credits short (or the order lost a race): the order stays as a closed record, never payable later.
      await deps.orders.close(call, order.orderNo).catch(() => undefined);
      throw err;
    }
    if (freeDays <= 0) await purchases.markUsed(order.id, deps.clock()); // bought for this one download
    return { charged: order.creditAmount, orderNo: order.orderNo };
  }

  return {
    async charge(userId: bigint, documentId: bigint, freeDays: number): Promise<{ charged: number; orderNo: string }> {
      if (userId <= 0n) throw new DomainError("invalid_argument", chargeMessages.user, undefined, "user_id");
      if (documentId <= 0n)
        throw new DomainError("invalid_argument", chargeMessages.document, undefined, "document_id");
      const days = Math.max(0, Math.floor(freeDays));
      const deadline = Date.now() + WAIT_MS;
      // Everything under the claim: a purchase bought for one download (free_days 0) is marked used
      // before another charge may look for an unused one.
      while (!(await purchases.claim(userId, documentId, deps.clock()))) {
        if (Date.now() > deadline) throw new DomainError("unavailable", chargeMessages.busy);
        await sleep(POLL_MS);
      }
      try {
        const used = await purchases.use(userId, documentId, days, deps.clock());
        if (used) return { charged: 0, orderNo: used };
        return await buy(userId, documentId, days);
      } finally {
        await purchases.release(userId, documentId);
      }
    },
  };
}
export type DownloadCharge = ReturnType<typeof createDownloadCharge>;

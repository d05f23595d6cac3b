// ChargeDocumentDownload: the content service asks before it serves a priced document. A purchase
// that still entitles the buyer is used; otherwise the document is bought now, with credits, through
// the same order and payment path as CreateOrder + PayOrder (one spend per order, the uploader's
// sale on delivery). One charge per user and document runs at a time (a claim row, not a held
// connection): a double click pays once, and with free_download_duration 0 each download pays once.
// A running VIP membership (vip/vip.downloads.repository.ts) serves a priced or VIP document free while its
// free downloads last, then the purchase is made at the card's discount (the quote applies it); the
// card's daily cap holds for all of these. VIP documents are for members only.
import { type CallContext, createLines, DomainError } from "@wenku/kit";
import type { DocumentProduct } from "@wenku/proto/api/v1/content_internal_pb.js";
import { OrderStatus, OrderType, PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import { type LedgerService, ledgerMessages } from "../credits/ledger.service.js";
import { VipDownloadKind, type VipDownloads } from "../vip/vip.downloads.repository.js";
import type { ProductLines } from "./lines.js";
import type { PurchaseRepository } from "./purchase.repository.js";

export const chargeMessages = {
  busy: "该文档的下载正在处理中，请稍后再试",
  user: "用户ID无效",
  document: "文档ID无效",
  vipOnly: "该文档为VIP专享文档，仅VIP会员可以下载，请先开通VIP会员（/joinvip）",
  dailyCap: (n: number) => `您今日的VIP下载次数已达上限（${n} 次），请明天再来`,
};

export interface ChargeResult {
  /** Credits spent now. */
  charged: number;
  /** The purchase that serves the download; empty for a VIP member's free download. */
  orderNo: string;
  /** A VIP membership's benefit served it. */
  vip: boolean;
  /** The membership's free downloads left (vip only). */
  freeLeft: number;
}

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
  /** The document as a product (price, uploader, VIP mark). */
  product(id: bigint): Promise<DocumentProduct>;
  vip: Pick<VipDownloads, "active" | "earlierFree" | "take" | "attach" | "undo">;
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

  async function buy(userId: bigint, documentId: bigint) {
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
    await purchases.markUsed(order.id, deps.clock()); // bought for this download: with 0 days its only one
    return { charged: order.creditAmount, orderNo: order.orderNo };
  }

  const plain = (r: { charged: number; orderNo: string }): ChargeResult => ({ ...r, vip: false, freeLeft: 0 });
  const busy = () => new DomainError("unavailable", chargeMessages.busy);

  /**
   * The charges of one user and document in this process wait in line before the claim row: a burst
   * of 50 clicks had 49 charges polling the row every 50 ms while one worked, and on a loaded machine
   * that polling was most of the work (the last charges ran out of WAIT_MS).
   */
  const lines = createLines();

  /** Under the claim, no earlier purchase serving: the membership's benefits, or a purchase as anyone's. */
  async function serve(userId: bigint, documentId: bigint, days: number, vipOnly: boolean): Promise<ChargeResult> {
    const now = deps.clock();
    const doc = await deps.product(documentId);
    const vipDoc = vipOnly || doc.isVip;
    const member = await deps.vip.active(userId, now);
    if (!member) {
      if (vipDoc) throw new DomainError("permission_denied", chargeMessages.vipOnly);
      return plain(await buy(userId, documentId));
    }
    const priced = doc.price > 0 && doc.userId !== userId;
    const left = Math.max(0, member.download - member.downloadUsed);
    if (priced && (await deps.vip.earlierFree(userId, documentId, days, now)))
      return { charged: 0, orderNo: "", vip: true, freeLeft: left };
    const pass = await deps.vip.take(userId, documentId, priced, now);
    if (!pass.ok && pass.reason === "daily_cap")
      throw new DomainError("resource_exhausted", chargeMessages.dailyCap(pass.cap));
    if (!pass.ok) {
      // Lapsed since the look above: as anyone's download.
      if (vipDoc) throw new DomainError("permission_denied", chargeMessages.vipOnly);
      return plain(await buy(userId, documentId));
    }
    if (pass.kind !== VipDownloadKind.DISCOUNTED)
      return { charged: 0, orderNo: "", vip: true, freeLeft: pass.freeLeft };
    try {
      const bought = await buy(userId, documentId); // the quote applies the card's discount
      await deps.vip.attach(pass.id, bought.orderNo);
      return { ...bought, vip: true, freeLeft: 0 };
    } catch (err) {
      await deps.vip.undo(pass.id); // not served: it counts toward no cap
      throw err;
    }
  }

  return {
    async charge(userId: bigint, documentId: bigint, freeDays: number, vipOnly = false): Promise<ChargeResult> {
      if (userId <= 0n) throw new DomainError("invalid_argument", chargeMessages.user, undefined, "user_id");
      if (documentId <= 0n)
        throw new DomainError("invalid_argument", chargeMessages.document, undefined, "document_id");
      const days = Math.max(0, Math.floor(freeDays));
      const deadline = Date.now() + WAIT_MS;
      const key = `${userId}:${documentId}`;
      return lines.run(
        key,
        async () => {
          // Everything under the claim: a purchase bought for one download (free_days 0) is marked used
          // before another charge may look for an unused one.
          while (!(await purchases.claim(userId, documentId, deps.clock()))) {
            if (Date.now() > deadline) throw busy();
            await sleep(POLL_MS);
          }
          try {
            const used = await purchases.use(userId, documentId, days, deps.clock());
            if (used) return plain({ charged: 0, orderNo: used });
            return await serve(userId, documentId, days, vipOnly);
          } finally {
            await purchases.release(userId, documentId);
          }
        },
        { deadline, late: busy },
      );
    },
  };
}
export type DownloadCharge = ReturnType<typeof createDownloadCharge>;

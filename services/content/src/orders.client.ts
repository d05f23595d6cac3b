// The order service as the content service asks it: OrderInternalAPI over the service transport.
import { createClient, type Transport } from "@connectrpc/connect";
import { headers } from "@wenku/kit";
import { OrderInternalAPI } from "@wenku/proto/api/v1/order_internal_pb.js";
import type { CreditLedger, OrderDesk } from "./ports.js";

/** A charge may wait for another of the same user and document (up to 15 s in the order service). */
const TIMEOUT_MS = 20_000;

export function createOrderDesk(transport: Transport, internalToken: string): OrderDesk {
  const client = createClient(OrderInternalAPI, transport);
  const callOptions = { headers: { [headers.internal]: internalToken }, timeoutMs: TIMEOUT_MS };
  return {
    async chargeDownload(userId, documentId, freeDays, vipOnly) {
      const r = await client.chargeDocumentDownload({ userId, documentId, freeDays, vipOnly }, callOptions);
      return { charged: r.charged, orderNo: r.orderNo, vip: r.vip, freeLeft: r.freeLeft };
    },
  };
}

/** A booking or a balance is one quick statement in the order service. */
const LEDGER_TIMEOUT_MS = 5_000;

export function createCreditLedger(transport: Transport, internalToken: string): CreditLedger {
  const client = createClient(OrderInternalAPI, transport);
  const callOptions = { headers: { [headers.internal]: internalToken }, timeoutMs: LEDGER_TIMEOUT_MS };
  return {
    async apply(b) {
      await client.applyCredits(b, callOptions);
    },
    async balance(userId) {
      const r = await client.getCreditBalances({ userId: [userId] }, callOptions);
      return r.balance.find((x) => x.userId === userId)?.balance ?? 0;
    },
  };
}

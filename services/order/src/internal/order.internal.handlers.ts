// OrderInternalAPI, the one module implementing it: what other services ask the order service (every
// service books credits and reads balances; the content service charges priced downloads; the gateway
// forwards payment callbacks; the config service asks for the WeChat Pay check), each a call into its slice.
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import type { OrderInternalAPI } from "@wenku/proto/api/v1/order_internal_pb.js";
import { toCreditLog } from "../credits/ledger.mapper.js";
import type { LedgerService } from "../credits/ledger.service.js";
import type { DownloadCharge } from "../orders/download.charge.js";
import type { PayService } from "../orders/order.pay.js";
import type { WechatPayCheck } from "../payments/wechatpay.check.js";

/** The services OrderInternalAPI's methods call. */
export interface OrderInternalDomain {
  ledger: LedgerService;
  payments: PayService;
  charges: DownloadCharge;
  wechatpay: WechatPayCheck;
}

export function createOrderInternalHandlers({
  ledger,
  payments,
  charges,
  wechatpay,
}: OrderInternalDomain): ServiceImpl<typeof OrderInternalAPI> {
  return {
    async applyCredits(req) {
      const { entry, replayed } = await ledger.apply({
        userId: req.userId,
        amount: req.amount,
        code: req.code,
        reason: req.reason,
        params: req.params,
        refKind: req.refKind,
        refId: req.refId,
        idempotencyKey: req.idempotencyKey,
      });
      return { entry: toCreditLog(entry), replayed };
    },
    async getCreditBalances(req) {
      const balances = await ledger.balances(req.userId);
      return { balance: [...balances].map(([userId, balance]) => ({ userId, balance })) };
    },
    chargeDocumentDownload: (req) => charges.charge(req.userId, req.documentId, req.freeDays, req.vipOnly),
    async handlePaymentNotify(req) {
      const reply = await payments.notify(req.provider, {
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), v])),
        body: req.body,
        query: req.query,
      });
      return { status: reply.status, contentType: reply.contentType, body: reply.body };
    },
    async checkWechatPay(_req, ctx) {
      const found = await wechatpay(ctx.signal);
      return {
        serialNo: found.serial,
        effectiveAt: found.notBefore && timestampFromDate(found.notBefore),
        expiredAt: found.notAfter && timestampFromDate(found.notAfter),
      };
    },
  };
}

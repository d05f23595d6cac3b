import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import type { OrderInternalAPI } from "@wenku/proto/api/v1/order_internal_pb.js";
import {
  type CreditLog,
  CreditLogSchema,
  ListUserCreditLogReplySchema,
  type OrderAPI,
} from "@wenku/proto/api/v1/order_pb.js";
import type { CreditEntryRow } from "./ledger.repository.js";
import type { LedgerService } from "./ledger.service.js";

export function toCreditLog(e: CreditEntryRow): CreditLog {
  return create(CreditLogSchema, {
    id: e.id,
    userId: e.userId,
    amount: e.amount,
    balanceAfter: e.balanceAfter,
    reason: e.reason,
    refType: e.code,
    refId: e.refId,
    createdAt: timestampFromDate(e.createdAt),
  });
}

/** OrderAPI's ledger RPC (the caller's own log); the order RPCs are not built yet. */
export function createLedgerHandlers(ledger: LedgerService): Pick<ServiceImpl<typeof OrderAPI>, "listUserCreditLog"> {
  return {
    async listUserCreditLog(req, ctx) {
      const { total, rows } = await ledger.myLog(actor(ctx), req);
      return create(ListUserCreditLogReplySchema, { total: BigInt(total), creditLog: rows.map(toCreditLog) });
    },
  };
}

/** OrderInternalAPI: the other services book credits and read balances here. */
export function createLedgerInternalHandlers(
  ledger: LedgerService,
): Pick<ServiceImpl<typeof OrderInternalAPI>, "applyCredits" | "getCreditBalances"> {
  return {
    async applyCredits(req) {
      const { entry, replayed } = await ledger.apply({
        userId: req.userId,
        amount: req.amount,
        code: req.code,
        reason: req.reason,
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
  };
}

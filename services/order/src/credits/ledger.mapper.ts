import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { textParams } from "@wenku/kit";
import { type CreditLog, CreditLogSchema } from "@wenku/proto/api/v1/order_pb.js";
import type { CreditEntryRow } from "./ledger.repository.js";

export function toCreditLog(e: CreditEntryRow): CreditLog {
  return create(CreditLogSchema, {
    id: e.id,
    userId: e.userId,
    amount: e.amount,
    balanceAfter: e.balanceAfter,
    reason: e.reason,
    params: textParams(e.params),
    refType: e.code,
    refId: e.refId,
    createdAt: timestampFromDate(e.createdAt),
  });
}

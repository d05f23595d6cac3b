// The credit outbox of every service that owes credits (the user service's register bonus and
// check-in award, the content service's upload, favorite, comment rewards and delete penalty): a
// booking is written in the same transaction as what earned it, into a `credit_outbox` table of the
// owning service's own schema (each service's migration creates the same columns), and booked in the
// order service's ledger afterwards through the function the service passes. The kit's outbox does
// the keeping, retrying and parking; this module is what both services would otherwise each repeat
// about credits: the booking (ApplyCredits's request), its columns, and which of the ledger's
// refusals no retry changes. The ledger's idempotency key makes every retry, replica race or replay
// book once.
import { Code, ConnectError } from "@connectrpc/connect";
import { type Logger, textParams } from "@wenku/kit";
import { createOutbox, type Outbox, type OutboxCodec, type OutboxSql } from "@wenku/kit/outbox";
import type { ApplyCreditsRequest } from "@wenku/proto/api/v1/order_internal_pb.js";

/** OrderInternalAPI.ApplyCredits's request as plain data (its fields are described in order_internal.proto). */
export type CreditBooking = Omit<ApplyCreditsRequest, "$typeName" | "$unknown">;

export type CreditOutbox = Outbox<CreditBooking>;

/** The ledger's refusals that no retry can change (the booking itself is wrong): parked for an operator. */
const FINAL = new Set([Code.InvalidArgument, Code.AlreadyExists, Code.FailedPrecondition, Code.PermissionDenied]);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** The booking in credit_outbox's columns (PostgreSQL answers bigint columns as strings). */
const bookings: OutboxCodec<CreditBooking> = {
  columns: ["user_id", "amount", "code", "reason", "ref_kind", "ref_id", "params"],
  key: (b) => b.idempotencyKey,
  encode: (b) => [b.userId, b.amount, b.code, b.reason, b.refKind, b.refId, JSON.stringify(b.params)],
  decode: (row, idempotencyKey) => ({
    userId: BigInt(row.user_id as bigint | string),
    amount: Number(row.amount),
    code: String(row.code),
    reason: String(row.reason),
    refKind: String(row.ref_kind),
    refId: BigInt(row.ref_id as bigint | string),
    params: textParams(parseJson(String(row.params ?? "{}"))),
    idempotencyKey,
  }),
};

export function createCreditOutbox(opts: {
  /** Outside transactions: claims, deletes, reschedules. */
  db: OutboxSql;
  /** The owning service's schema, which holds `credit_outbox` (its migration creates it). */
  schema: string;
  /** Books one booking (the ledger); resolves when it is booked, throws when it is not. */
  deliver(b: CreditBooking): Promise<unknown>;
  log: Logger;
}): CreditOutbox {
  return createOutbox({
    db: opts.db,
    schema: opts.schema,
    table: "credit_outbox",
    codec: bookings,
    deliver: opts.deliver,
    refusedForGood: (err) => FINAL.has(ConnectError.from(err).code),
    log: opts.log,
  });
}

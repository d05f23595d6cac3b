// The content service's credit outbox: the shared one (@wenku/credit-outbox) over this
// service's credit_outbox table (migration 0018), delivering to the order service's ledger. A penalty
// takes at most what the owner has when it is delivered, so a balance never goes below 0 over it.
import { Code, ConnectError } from "@connectrpc/connect";
import { type CreditBooking, type CreditOutbox, createCreditOutbox } from "@wenku/credit-outbox";
import type { Logger } from "@wenku/kit";
import { CONTENT_SCHEMA, type Db } from "../db.js";
import type { CreditLedger } from "../ports.js";

/** A penalty re-reads the balance this often when spends race it, then waits for the sweep. */
const PENALTY_TRIES = 3;

/**
 * Books a penalty (a negative amount) for at most the balance: all of it when the user has enough,
 * what they have otherwise (the reason says so), nothing when they have nothing. A spend between the
 * balance read and the booking (the ledger refuses) reads again. A key the ledger already holds with
 * another amount (an earlier partial take whose reply was lost) was booked: done.
 */
async function bookPenalty(ledger: CreditLedger, b: CreditBooking): Promise<void> {
  const penalty = -b.amount;
  for (let i = 0; i < PENALTY_TRIES; i++) {
    const take = Math.min(penalty, await ledger.balance(b.userId));
    if (take <= 0) return;
    const reason = take < penalty ? `${b.reason}（余额不足，实扣 ${take}）` : b.reason;
    try {
      await ledger.apply({ ...b, amount: -take, reason });
      return;
    } catch (err) {
      const code = ConnectError.from(err).code;
      if (code === Code.AlreadyExists) return;
      if (code !== Code.FailedPrecondition) throw err;
    }
  }
  throw new ConnectError("the balance kept changing while the penalty was booked", Code.Unavailable);
}

export function createContentCreditOutbox(deps: { db: Db; ledger: CreditLedger; log: Logger }): CreditOutbox {
  return createCreditOutbox({
    db: deps.db,
    schema: CONTENT_SCHEMA,
    deliver: (b) => (b.amount < 0 ? bookPenalty(deps.ledger, b) : deps.ledger.apply(b)),
    log: deps.log,
  });
}

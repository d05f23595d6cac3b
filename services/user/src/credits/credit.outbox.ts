// Credit grants the user service owes the order service's ledger (the register bonus, check-in
// awards): the shared credit outbox (@wenku/credit-outbox) over this service's credit_outbox
// table (migration 0007_credit_outbox), delivering to the ledger. A grant is written in the same
// transaction as what earned it (the account, the check-in) and booked afterwards; one that cannot be
// booked now is retried by the sweep (service.ts) until it is, one refused for good is parked.
import { type CreditOutbox, createCreditOutbox } from "@wenku/credit-outbox";
import type { Logger } from "@wenku/kit";
import { type Db, USER_SCHEMA } from "../db.js";
import type { CreditLedger } from "../ports.js";

export function createUserCreditOutbox(deps: { db: Db; ledger: CreditLedger; log: Logger }): CreditOutbox {
  return createCreditOutbox({
    db: deps.db,
    schema: USER_SCHEMA,
    deliver: (b) => deps.ledger.apply(b),
    log: deps.log,
  });
}

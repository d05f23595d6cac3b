// The register bonus (score.register): owed in the transaction that creates the account (the credit
// outbox), booked in the ledger right after, once per account whatever retries or replicas do.
import type { CreditOutbox } from "@wenku/credit-outbox";
import type { Logger } from "@wenku/kit";
import type { OutboxSql } from "@wenku/kit/outbox";
import type { RewardSettings } from "../ports.js";

/** The bonus of one registration, read before its transaction. */
export interface PendingBonus {
  /** Inside the account's transaction. */
  enqueue(tx: OutboxSql, userId: bigint): Promise<void>;
  /** After the commit; never throws (a failed booking is retried by the outbox). */
  deliver(userId: bigint): Promise<void>;
}

export interface RegisterBonus {
  /** The configured bonus, or null when there is none (or the settings cannot be read: logged). */
  prepare(): Promise<PendingBonus | null>;
}

const keyOf = (userId: bigint) => `register:${userId}`;

export function createRegisterBonus(deps: {
  outbox: CreditOutbox;
  rewards: RewardSettings;
  log: Logger;
}): RegisterBonus {
  return {
    async prepare() {
      let register: number;
      let creditName: string;
      try {
        ({ register, creditName } = await deps.rewards.current());
      } catch (err) {
        // Never refuse a registration over its bonus.
        deps.log.error({ err }, "register bonus: the score settings could not be read, no bonus granted");
        return null;
      }
      if (register <= 0) return null;
      return {
        enqueue: (tx, userId) =>
          deps.outbox.enqueue(tx, {
            userId,
            amount: register,
            code: "register",
            reason: `注册获得 ${register} ${creditName}`,
            params: {},
            refKind: "user",
            refId: userId,
            idempotencyKey: keyOf(userId),
          }),
        async deliver(userId) {
          await deps.outbox.deliver([keyOf(userId)]);
        },
      };
    },
  };
}

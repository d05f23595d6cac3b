// The register bonus (score.register), booked in the ledger once per account.
import type { Logger } from "@wenku/kit";
import type { CreditLedger, RewardSettings } from "./credits.client.js";

export interface RegisterBonus {
  /** Grants the configured bonus to a new account; never fails the registration (logged instead). */
  grant(userId: bigint): Promise<void>;
}

export function createRegisterBonus(deps: {
  ledger: CreditLedger;
  rewards: RewardSettings;
  log: Logger;
}): RegisterBonus {
  return {
    async grant(userId) {
      try {
        const { register, creditName } = await deps.rewards.current();
        if (register <= 0) return;
        await deps.ledger.apply({
          userId,
          amount: register,
          code: "register",
          reason: `注册获得 ${register} ${creditName}`,
          refKind: "user",
          refId: userId,
          // One bonus per account, whatever retries or replicas do.
          idempotencyKey: `register:${userId}`,
        });
      } catch (err) {
        // The account exists already: refusing the registration now would leave the user unable to
        // register again (the name is taken). The key makes a later re-grant safe.
        deps.log.error({ err, userId: String(userId) }, "register bonus not booked");
      }
    },
  };
}

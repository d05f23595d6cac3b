// The order service's credits ledger as the user service uses it. The ledger owns every balance;
// the user service keeps no copy of it.
//
// user.credit_count is asked from the ledger when a user is shown (GetCreditBalances, batched like
// doc_count) rather than pushed into a users column after each booking: a pushed copy can miss an
// update (the user service down at the moment, two bookings reporting out of order) and then shows a
// balance the ledger never had. The answer is kept only until the order service broadcasts that the
// balance changed (api.v1.UserCountsChanged after each booking commits; users/user.counts.ts).
import { createClient, type Transport } from "@connectrpc/connect";
import type { CreditBooking } from "@wenku/credit-outbox";
import { headers, type SettingsReader } from "@wenku/kit";
import { OrderInternalAPI } from "@wenku/proto/api/v1/order_internal_pb.js";

/** GetCreditBalances answers at most this many ids per call. */
const BATCH = 1000;
const TIMEOUT_MS = 5_000;

export interface CreditLedger {
  /** Balances of `ids`; users without any booking are absent (0). */
  balances(ids: readonly bigint[]): Promise<Map<bigint, number>>;
  /** Books once per idempotency key (a replay answers the first booking); refused below 0. */
  apply(b: CreditBooking): Promise<{ balanceAfter: number; replayed: boolean }>;
}

export function createCreditLedger(transport: Transport, internalToken: string): CreditLedger {
  const client = createClient(OrderInternalAPI, transport);
  const callOptions = { headers: { [headers.internal]: internalToken }, timeoutMs: TIMEOUT_MS };
  return {
    async balances(ids) {
      const unique = [...new Set(ids)].filter((id) => id > 0n);
      const out = new Map<bigint, number>();
      for (let i = 0; i < unique.length; i += BATCH) {
        const reply = await client.getCreditBalances({ userId: unique.slice(i, i + BATCH) }, callOptions);
        for (const b of reply.balance) out.set(b.userId, b.balance);
      }
      return out;
    },
    async apply(b) {
      const reply = await client.applyCredits(b, callOptions);
      return { balanceAfter: reply.entry?.balanceAfter ?? 0, replayed: reply.replayed };
    },
  };
}

/** The score settings the user service's rewards follow, and the site's name for credits. */
export interface RewardSettings {
  current(): Promise<{ register: number; signIn: number; creditName: string }>;
}

export const DEFAULT_CREDIT_NAME = "积分";

/** The rewards from the public settings (cached, dropped at once when an admin saves them). */
export function rewardsFrom(reader: Pick<SettingsReader, "current">): RewardSettings {
  return {
    async current() {
      const s = await reader.current();
      return {
        register: Math.max(0, s.score?.register ?? 0),
        signIn: Math.max(0, s.score?.signIn ?? 0),
        creditName: s.system?.creditName || DEFAULT_CREDIT_NAME,
      };
    },
  };
}

/** Fixed rewards (tests, tools). */
export function staticRewards(r: { register: number; signIn: number; creditName?: string }): RewardSettings {
  return { current: async () => ({ creditName: DEFAULT_CREDIT_NAME, ...r }) };
}

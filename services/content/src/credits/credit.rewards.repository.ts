// The only code that touches the database for credit rewards: the credit_rewards rows (migration
// 0018) that make each cause count once and that the daily caps count, and the few document fields a
// reward names.
import type { Prisma } from "../../gen/prisma/client.js";

export type Tx = Prisma.TransactionClient;

// pg_advisory_xact_lock's first key: one user's rewards of one rule and day (the second key hashes them).
const CAP_LOCK = 0x63726564; // "cred"

export interface RewardClaim {
  rule: string;
  /** Who is credited (or charged). */
  userId: bigint;
  /** The site-local day it counts for, YYYY-MM-DD. */
  day: string;
  /** Its cause, once: also the ledger's idempotency key. */
  key: string;
  amount: number;
  /** At most this many rows of the user, rule and day; undefined: no cap. */
  limit?: number;
}

export interface RewardedDocument {
  id: bigint;
  userId: bigint;
  title: string;
}

/**
 * Records the reward unless its key was recorded before or the user's rows of that rule and day
 * already reached the limit. Rows of one user, rule and day are counted under a transaction-scoped
 * advisory lock, so concurrent claims (two uploads at once) cannot both take the last place: the
 * second waits for the first's commit and then counts it (READ COMMITTED: each statement sees what
 * committed before it). True when recorded.
 */
export async function claimReward(tx: Tx, c: RewardClaim): Promise<boolean> {
  if (c.limit !== undefined) {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CAP_LOCK}::int, hashtext(${`${c.rule}:${c.userId}:${c.day}`}))`;
  }
  const limit = c.limit ?? null;
  const rows = await tx.$queryRaw<{ id: bigint }[]>`
    INSERT INTO credit_rewards (rule, user_id, day, key, amount)
    SELECT ${c.rule}, ${c.userId}, ${c.day}::date, ${c.key}, ${c.amount}
    WHERE ${limit}::int IS NULL OR (
      SELECT count(*) FROM credit_rewards WHERE user_id = ${c.userId} AND rule = ${c.rule} AND day = ${c.day}::date
    ) < ${limit}::int
    ON CONFLICT (key) DO NOTHING
    RETURNING id`;
  return rows.length > 0;
}

/** The documents (owner and title) among `ids`, recycled ones too. */
export async function rewardedDocuments(tx: Tx, ids: readonly bigint[]): Promise<Map<bigint, RewardedDocument>> {
  if (!ids.length) return new Map();
  const rows = await tx.document.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, userId: true, title: true },
  });
  return new Map(rows.map((r) => [r.id, r]));
}

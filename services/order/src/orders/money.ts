// Recharge pricing, exact: discounts are read as decimal ten-thousandths and amounts computed in
// integers, so the same inputs always give the same cents (no float drift).
//
// Rounding: an amount that is not a whole number of cents is rounded half up to the nearest cent
// (e.g. 1 credit at 3 credits per yuan = 33.33… → 33 cents; 0.5 → 1).

/** One "credits:discount" tier of score.recharge_discount. */
export interface Tier {
  amount: number;
  /** Discount in ten-thousandths (0.95 → 9500), 1 ≤ d ≤ 10000. */
  discount: number;
}

const TIER = /^(\d{1,9})\s*:\s*(\d*\.?\d+)$/;
export const FULL = 10_000;

/** A decimal 0 < d ≤ 1 as ten-thousandths (more digits are rounded half up), or undefined. */
export function parseDiscount(text: string): number | undefined {
  const m = /^(\d*)\.?(\d*)$/.exec(text.trim());
  if (!m || text.trim() === "" || text.trim() === ".") return undefined;
  const whole = Number(m[1] || "0");
  const frac = (m[2] ?? "").padEnd(5, "0");
  const scaled = whole * FULL + Number(frac.slice(0, 4)) + (Number(frac[4]) >= 5 ? 1 : 0);
  return scaled > 0 && scaled <= FULL ? scaled : undefined;
}

/**
 * The tiers of score.recharge_discount, one "credits:discount" per line. Text that does not parse
 * as a whole gives no tiers (spec §5), as the recharge dialog shows.
 */
export function parseTiers(text: string): Tier[] {
  const tiers: Tier[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const m = TIER.exec(line.trim());
    const amount = Number(m?.[1]);
    const discount = m ? parseDiscount(m[2] ?? "") : undefined;
    if (!m || !(amount > 0) || discount === undefined) return [];
    tiers.push({ amount, discount });
  }
  return tiers;
}

/** The lowest discount among tiers whose amount ≤ quantity, else none (10000). */
export function discountFor(tiers: readonly Tier[], quantity: number): number {
  let best = FULL;
  for (const t of tiers) if (t.amount <= quantity && t.discount < best) best = t.discount;
  return best;
}

/** round(numerator / denominator) half up, for non-negative integers. */
function roundHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

/** Cents for `credits` at `exchange` credits per yuan, after a discount in ten-thousandths. */
export function creditsToCents(credits: number, exchange: number, discount = FULL): number {
  return roundHalfUp(BigInt(credits) * 100n * BigInt(discount), BigInt(exchange) * BigInt(FULL));
}

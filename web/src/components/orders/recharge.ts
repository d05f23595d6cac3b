// The recharge dialog's rules (spec §5 custom amount and discount, §9 discount and price display),
// pure so they are tested alone. An "amount" here is a number of credits; a price is in the site's
// currency: credits ÷ credit_exchange (credits per currency unit).

/** One preset of the recharge dialog: buying at least `amount` credits costs `discount` × the price. */
export interface RechargeTier {
  amount: number;
  discount: number;
}

const LINE = /^(\d+(?:\.\d+)?)\s*[:：]\s*(\d+(?:\.\d+)?)$/;

/**
 * The tiers of recharge_discount, one "amount:discount" per line (blank lines ignored), by amount.
 * Spec §5: text that cannot be parsed gives no tiers at all — one bad line (a discount outside
 * (0, 1], an amount that is not a positive whole number) and the dialog offers only the custom amount.
 */
export function parseTiers(text: string): RechargeTier[] {
  const tiers: RechargeTier[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "") continue;
    const match = LINE.exec(line);
    if (!match) return [];
    const amount = Number(match[1]);
    const discount = Number(match[2]);
    if (!Number.isInteger(amount) || amount <= 0 || !(discount > 0 && discount <= 1)) return [];
    tiers.push({ amount, discount });
  }
  return tiers.sort((a, b) => a.amount - b.amount);
}

/** Spec §5: the lowest discount among the tiers whose amount is at most `amount`, otherwise 1. */
export function discountFor(tiers: readonly RechargeTier[], amount: number): number {
  let best = 1;
  for (const tier of tiers) if (tier.amount <= amount && tier.discount < best) best = tier.discount;
  return best;
}

/**
 * Spec §9: a discount as the dialog shows it, ×10 with one decimal ("8.5" for 0.85, before the
 * discount word 折); null for 1 (no discount shown).
 */
export function discountValue(discount: number): string | null {
  return discount >= 1 ? null : (Math.round(discount * 100) / 10).toFixed(1);
}

/** The share taken off in percent (15 for 0.85): the English wording of a discount. */
export function discountOff(discount: number): number {
  return Math.round((1 - discount) * 100);
}

/** credit_exchange as a usable divisor: a missing or non-positive setting counts as 1. */
export function exchangeOf(creditExchange: number): number {
  return creditExchange > 0 ? creditExchange : 1;
}

/**
 * Spec §5: a custom amount steps by credit_exchange (the server refuses any other, so a price is
 * always whole cents); a tier's own amount is offered as it is, so it always passes.
 */
export function onStep(amount: number, creditExchange: number, tiers: readonly RechargeTier[]): boolean {
  return amount % exchangeOf(creditExchange) === 0 || tiers.some((tier) => tier.amount === amount);
}

/** Spec §9: the price of `amount` credits with two decimals, amount ÷ credit_exchange × discount. */
export function rechargePrice(amount: number, creditExchange: number, discount = 1): string {
  return ((amount / exchangeOf(creditExchange)) * discount).toFixed(2);
}

/** An order's money (cents) with two decimals: 1234 → "12.34". */
export function formatCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

import { creditsToCents, discountFor, parseDiscount, parseTiers } from "./money.js";

describe("recharge tiers", () => {
  test("parses credits:discount lines, blank lines ignored", () => {
    expect(parseTiers("1000:0.95\n\n 5000 : 0.9 \r\n10000:.8")).toEqual([
      { amount: 1000, discount: 9500 },
      { amount: 5000, discount: 9000 },
      { amount: 10000, discount: 8000 },
    ]);
  });

  test("text that does not parse as a whole gives no tiers", () => {
    for (const text of ["1000:0.95\nabc", "1000:1.5", "0:0.9", "1000:0", "1000-0.9", "-5:0.9", "1000:"])
      expect(parseTiers(text)).toEqual([]);
    expect(parseTiers("")).toEqual([]);
  });

  test("the discount is the lowest among tiers whose amount is at most the quantity, else none", () => {
    const tiers = parseTiers("1000:0.95\n5000:0.9\n3000:0.85");
    expect(discountFor(tiers, 999)).toBe(10000);
    expect(discountFor(tiers, 1000)).toBe(9500);
    expect(discountFor(tiers, 3000)).toBe(8500);
    expect(discountFor(tiers, 6000)).toBe(8500);
    expect(discountFor([], 6000)).toBe(10000);
  });

  test("discounts are read exactly to four decimals, more digits rounded half up", () => {
    expect(parseDiscount("1")).toBe(10000);
    expect(parseDiscount("0.1")).toBe(1000);
    expect(parseDiscount("0.12345")).toBe(1235);
    expect(parseDiscount("0.00004")).toBeUndefined();
    expect(parseDiscount("1.0001")).toBeUndefined();
    expect(parseDiscount("x")).toBeUndefined();
  });
});

describe("cents", () => {
  test("credits / exchange × 100 × discount, rounded half up to a cent", () => {
    expect(creditsToCents(1000, 100)).toBe(1000);
    expect(creditsToCents(1000, 100, 9500)).toBe(950);
    expect(creditsToCents(1, 3)).toBe(33); // 33.33…
    expect(creditsToCents(2, 3)).toBe(67); // 66.66…
    expect(creditsToCents(1, 200)).toBe(1); // 0.5 → 1
    expect(creditsToCents(1, 201)).toBe(0); // 0.497…
    expect(creditsToCents(999, 100, 9500)).toBe(949); // 949.05
    expect(creditsToCents(1_000_000, 1)).toBe(100_000_000);
  });
});

import { describe, expect, it } from "@jest/globals";
import {
  discountFor,
  discountOff,
  discountValue,
  exchangeOf,
  formatCents,
  onStep,
  parseTiers,
  rechargePrice,
} from "./recharge.js";

describe("recharge rules (spec §5, §9)", () => {
  it("parses one amount:discount tier a line, sorted by amount, ignoring blank lines", () => {
    expect(parseTiers("1000:0.9\n\n 100 : 1 \r\n500:0.95\n")).toEqual([
      { amount: 100, discount: 1 },
      { amount: 500, discount: 0.95 },
      { amount: 1000, discount: 0.9 },
    ]);
    expect(parseTiers("")).toEqual([]);
  });

  it("gives no tiers at all when any line cannot be parsed", () => {
    for (const text of [
      "100:0.9\nabc",
      "100:0.9\n200",
      "100:1.5",
      "100:0",
      "0:0.9",
      "10.5:0.9",
      "-100:0.9",
      "100:0.9:1",
      "100;0.9",
    ]) {
      expect(parseTiers(text)).toEqual([]);
    }
  });

  it("takes the lowest discount among the tiers at most the amount, otherwise 1", () => {
    const tiers = parseTiers("100:0.95\n500:0.9\n1000:0.92");
    expect(discountFor(tiers, 99)).toBe(1);
    expect(discountFor(tiers, 100)).toBe(0.95);
    expect(discountFor(tiers, 999)).toBe(0.9);
    expect(discountFor(tiers, 5000)).toBe(0.9);
    expect(discountFor([], 5000)).toBe(1);
  });

  it("shows a discount ×10 with one decimal, and nothing for 1", () => {
    expect(discountValue(1)).toBeNull();
    expect(discountValue(0.85)).toBe("8.5");
    expect(discountValue(0.9)).toBe("9.0");
    expect(discountValue(0.955)).toBe("9.6");
    expect(discountOff(0.85)).toBe(15);
  });

  it("accepts a custom amount on the credit_exchange step, and a tier's own amount off it", () => {
    const tiers = parseTiers("150:0.9");
    expect(onStep(300, 100, tiers)).toBe(true);
    expect(onStep(250, 100, tiers)).toBe(false);
    expect(onStep(150, 100, tiers)).toBe(true);
    expect(onStep(7, 0, [])).toBe(true); // no usable exchange: 1
  });

  it("prices with two decimals: amount ÷ credit_exchange, × the discount for the payable", () => {
    expect(rechargePrice(1000, 10)).toBe("100.00");
    expect(rechargePrice(1000, 10, 0.9)).toBe("90.00");
    expect(rechargePrice(5, 3)).toBe("1.67");
    expect(rechargePrice(7, 0)).toBe("7.00");
    expect(exchangeOf(-2)).toBe(1);
    expect(formatCents(1234)).toBe("12.34");
    expect(formatCents(5)).toBe("0.05");
  });
});

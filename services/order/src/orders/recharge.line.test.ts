// The recharge line's quote: a quantity is a multiple of credit_exchange (spec §5: the custom amount
// steps by it) or one of the tiers' amounts; anything else is refused on `quantity` with the step.
import { DomainError } from "@wenku/kit";
import type { RechargeConfig } from "../ports.js";
import { createRechargeLine, rechargeMessages } from "./recharge.line.js";

function line(config: Partial<RechargeConfig> = {}) {
  const recharge: RechargeConfig = { enable: true, creditExchange: 100, tiers: "1000:0.9\n2550:0.8", ...config };
  return createRechargeLine({
    paySettings: { recharge: async () => recharge },
    ledger: { apply: async () => ({}) as never },
    creditName: async () => "积分",
  });
}
const quote = (quantity: number, config?: Partial<RechargeConfig>) => line(config).quote(1n, 0n, quantity);

test("multiples of credit_exchange and the tiers' own amounts are priced", async () => {
  expect(await quote(300)).toMatchObject({ quantity: 300, amount: 300, price: 300, discount: 1 });
  expect(await quote(1000)).toMatchObject({ amount: 900, discount: 0.9 });
  expect(await quote(2550)).toMatchObject({ amount: 2040, price: 2550, discount: 0.8 }); // a tier, not a multiple
  expect(await quote(7, { creditExchange: 1 })).toMatchObject({ amount: 700 });
  expect(await quote(7, { creditExchange: 0 })).toMatchObject({ amount: 700 }); // unset: 1
});

test.each([1, 50, 150, 999, 1001, 2549])(
  "%i credits, not a multiple of 100 nor a tier → invalid_argument",
  async (q) => {
    const err = await quote(q).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect([(err as DomainError).kind, (err as DomainError).message, (err as DomainError).field]).toEqual([
      "invalid_argument",
      "充值数量须为 100 的整数倍",
      "quantity",
    ]);
    expect(rechargeMessages.step(100)).toBe("充值数量须为 100 的整数倍");
  },
);

test("the range is checked before the settings: negative, zero, fractional, above the maximum", async () => {
  for (const q of [-100, 0, 1.5, Number.NaN, 1_000_100]) {
    await expect(quote(q)).rejects.toMatchObject({ kind: "invalid_argument", message: rechargeMessages.quantity });
  }
});

test("recharge switched off → failed_precondition", async () => {
  await expect(quote(100, { enable: false })).rejects.toMatchObject({ kind: "failed_precondition" });
});

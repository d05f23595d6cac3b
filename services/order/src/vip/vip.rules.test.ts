import { DomainError } from "@wenku/kit";
import { VipCardType } from "@wenku/proto/api/v1/enums_pb.js";
import {
  cardPrice,
  cardTypeForDays,
  extendExpiry,
  validateCard,
  validateGrant,
  vipChoice,
  vipDocumentPrice,
  vipMessages,
} from "./vip.rules.js";

const card = {
  id: 0n,
  title: " 月卡 ",
  type: VipCardType.MONTH,
  price: 1990,
  creditPrice: 0,
  days: 30,
  description: " 无广告 ",
  enable: true,
  sort: 1,
  discount: 1,
};
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    if (err instanceof DomainError) return [err.kind, err.message, err.field];
    throw err;
  }
  throw new Error("expected a refusal");
};

test("a valid card is stored trimmed", () => {
  expect(validateCard(card)).toEqual({ ...card, id: undefined, title: "月卡", description: "无广告" });
});

test.each([
  [{ title: "" }, vipMessages.titleRequired, "title"],
  [{ title: "卡".repeat(65) }, vipMessages.titleTooLong, "title"],
  [{ type: 3 as VipCardType }, vipMessages.type, "type"],
  [{ price: -1 }, vipMessages.price, "price"],
  [{ price: 1.5 }, vipMessages.price, "price"],
  [{ creditPrice: -5 }, vipMessages.creditPrice, "credit_price"],
  [{ days: 0 }, vipMessages.days, "days"],
  [{ days: 3661 }, vipMessages.days, "days"],
  [{ discount: 0 }, vipMessages.discount, "discount"],
  [{ discount: 1.01 }, vipMessages.discount, "discount"],
  [{ discount: Number.NaN }, vipMessages.discount, "discount"],
  [{ description: "x".repeat(1025) }, vipMessages.descriptionTooLong, "description"],
])("a card with %o is refused", (change, message, field) => {
  expect(refusal(() => validateCard({ ...card, ...change }))).toEqual(["invalid_argument", message, field]);
});

test("the bounds themselves are accepted: 1 and 3660 days, a discount of 1, price 0", () => {
  for (const change of [{ days: 1 }, { days: 3660 }, { discount: 1 }, { discount: 0.01 }, { price: 0 }]) {
    expect(() => validateCard({ ...card, ...change })).not.toThrow();
  }
});

test("an order costs the price times the discount, rounded to the cent; credits are the credit price", () => {
  expect(cardPrice({ price: 1999, discount: 0.8, creditPrice: 120 })).toEqual({
    price: 1999,
    amount: 1599,
    creditAmount: 120,
  });
  expect(cardPrice({ price: 19900, discount: 1, creditPrice: 0 })).toEqual({
    price: 19900,
    amount: 19900,
    creditAmount: 0,
  });
  expect(cardPrice({ price: 5, discount: 0.5, creditPrice: 0 }).amount).toBe(3);
});

test("a membership is extended from its end while running, from now when lapsed or new", () => {
  const now = new Date("2026-01-01T00:00:00Z");
  const day = 86_400_000;
  expect(extendExpiry(null, 30, now)).toEqual(new Date(now.getTime() + 30 * day));
  expect(extendExpiry(new Date(now.getTime() - day), 1, now)).toEqual(new Date(now.getTime() + day));
  const running = new Date(now.getTime() + 10 * day);
  expect(extendExpiry(running, 5, now)).toEqual(new Date(now.getTime() + 15 * day));
});

test("a grant's card type follows its days; bad grants are refused", () => {
  expect([cardTypeForDays(365), cardTypeForDays(90), cardTypeForDays(89)]).toEqual([
    VipCardType.YEAR,
    VipCardType.SEASON,
    VipCardType.MONTH,
  ]);
  expect(validateGrant({ userId: 3n, days: 7, remark: " 补偿 " })).toEqual({ userId: 3n, days: 7, remark: "补偿" });
  expect(refusal(() => validateGrant({ userId: 0n, days: 7, remark: "" }))[1]).toBe(vipMessages.userRequired);
  expect(refusal(() => validateGrant({ userId: 3n, days: 0, remark: "" }))[1]).toBe(vipMessages.grantDays);
  expect(refusal(() => validateGrant({ userId: 3n, days: 1, remark: "r".repeat(256) }))[1]).toBe(
    vipMessages.remarkTooLong,
  );
});

test("a VIP member's document price: the card's percent, rounded down (the buyer's favour), never below 0", () => {
  expect([
    vipDocumentPrice(7, 85),
    vipDocumentPrice(10, 85),
    vipDocumentPrice(3, 50),
    vipDocumentPrice(1, 99),
    vipDocumentPrice(9, 100),
    vipDocumentPrice(9, 0),
    vipDocumentPrice(0, 85),
    vipDocumentPrice(-5, 85),
    vipDocumentPrice(2_000_000_000, 85),
  ]).toEqual([5, 8, 1, 0, 9, 0, 0, 0, 1_700_000_000]);
});

test("a card's benefits: whole numbers in range, or unset (the defaults / unchanged)", () => {
  expect(validateCard({ ...card, documentDiscount: 85, download: 30, timesEveryDay: 0 })).toMatchObject({
    documentDiscount: 85,
    download: 30,
    timesEveryDay: 0,
  });
  expect(validateCard(card).documentDiscount).toBeUndefined();
  for (const [change, field] of [
    [{ documentDiscount: 101 }, "document_discount"],
    [{ documentDiscount: 8.5 }, "document_discount"],
    [{ download: -1 }, "download"],
    [{ timesEveryDay: -1 }, "times_every_day"],
  ] as const) {
    expect(refusal(() => validateCard({ ...card, ...change }))[2]).toBe(field);
  }
});

test("a BUY_VIP order names its card by vip_card_id, else by card type in product_id as moredoc's /joinvip sends it", () => {
  expect(vipChoice(0n)).toEqual({ type: VipCardType.YEAR });
  expect(vipChoice(1n)).toEqual({ type: VipCardType.SEASON });
  expect(vipChoice(2n, 0n)).toEqual({ type: VipCardType.MONTH });
  expect(vipChoice(0n, 7n)).toEqual({ cardId: 7n }); // the card id wins over the type
  expect(vipChoice(1n, 1n)).toEqual({ cardId: 1n });
  const type = ["invalid_argument", vipMessages.type, "product_id"];
  expect(refusal(() => vipChoice(3n))).toEqual(type); // a card id of old clients: not a type
  expect(refusal(() => vipChoice(-1n))).toEqual(type);
  expect(refusal(() => vipChoice(0n, -2n))).toEqual(["invalid_argument", vipMessages.productRequired, "vip_card_id"]);
});

// Issue #25 item 6: an order settled in credits shows credits ("3 积分"), never its cents as money
// ("¥0.03"); money orders keep ¥ with two decimals.
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "@jest/globals";
import { OrderType, PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import { OrderSchema } from "@wenku/proto/api/v1/order_pb.js";
import { orderAmountText, settledInCredits } from "./orderAmount.js";

const order = (orderType: OrderType, payMethod: PayMethod, amount: number, creditAmount: number) =>
  create(OrderSchema, { orderType, payMethod, amount, creditAmount });

describe("orderAmountText", () => {
  it("shows a document bought with 3 credits as 3 credits, paid or still pending", () => {
    expect(orderAmountText(order(OrderType.BUY_DOCUMENT, PayMethod.CREDIT, 3, 3), "积分")).toBe("3 积分");
    expect(orderAmountText(order(OrderType.BUY_DOCUMENT, PayMethod.UNSPECIFIED, 3, 3), "金币")).toBe("3 金币");
    // a free document (the order is paid at once): nothing taken
    expect(orderAmountText(order(OrderType.BUY_DOCUMENT, PayMethod.CREDIT, 0, 0), "积分")).toBe("0 积分");
  });

  it("shows a VIP card paid with credits in credits, and in money otherwise", () => {
    expect(orderAmountText(order(OrderType.BUY_VIP, PayMethod.CREDIT, 1200, 40), "积分")).toBe("40 积分");
    expect(orderAmountText(order(OrderType.BUY_VIP, PayMethod.UNSPECIFIED, 1200, 40), "积分")).toBe("¥12.00");
    expect(orderAmountText(order(OrderType.BUY_VIP, PayMethod.SANDBOX, 1200, 40), "积分")).toBe("¥12.00");
    // a free card is marked paid with credits but took none: ¥0.00
    expect(orderAmountText(order(OrderType.BUY_VIP, PayMethod.CREDIT, 0, 0), "积分")).toBe("¥0.00");
  });

  it("shows recharges and documents paid in money in money", () => {
    expect(orderAmountText(order(OrderType.RECHARGE, PayMethod.WECHAT, 950, 0), "积分")).toBe("¥9.50");
    expect(orderAmountText(order(OrderType.RECHARGE, PayMethod.SYSTEM_RECHARGE, 0, 0), "积分")).toBe("¥0.00");
    expect(orderAmountText(order(OrderType.BUY_DOCUMENT, PayMethod.ALIPAY, 3, 3), "积分")).toBe("¥0.03");
    expect(settledInCredits(order(OrderType.BUY_DOCUMENT, PayMethod.ALIPAY, 3, 3))).toBe(false);
  });
});

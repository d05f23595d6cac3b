import { create } from "@bufbuild/protobuf";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { OrderType, VipCardType } from "@wenku/proto/api/v1/enums_pb.js";
import { type CreateOrderRequest, OrderAPI, OrderSchema } from "@wenku/proto/api/v1/order_pb.js";
import { type ListVipCardRequest, UserVipAPI, VipCardSchema } from "@wenku/proto/api/v1/vip_pb.js";
import { emptyServices, renderRoutes, testDeps } from "../../test/render.js";
import JoinVipPage from "./JoinVipPage.js";
import { payableCents } from "./vip/vipCards.js";

jest.setTimeout(60_000);

const cards = [
  create(VipCardSchema, { id: 3n, title: "月卡", type: VipCardType.MONTH, price: 1990, discount: 0.8, days: 30 }),
  create(VipCardSchema, {
    id: 4n,
    title: "年卡",
    type: VipCardType.YEAR,
    price: 19900,
    discount: 1,
    days: 365,
    creditPrice: 500,
  }),
];

function setup(enable: boolean, orders: CreateOrderRequest[] = [], lists: ListVipCardRequest[] = []) {
  const deps = testDeps({
    loadSettings: async () => ({ vip: { enable, icon: "" } }),
    services: (router) => {
      emptyServices(router);
      router.service(UserVipAPI, {
        listVipCard: (req) => {
          lists.push(req);
          return { total: BigInt(cards.length), vipCard: cards };
        },
      });
      router.service(OrderAPI, {
        createOrder: (req) => {
          orders.push(req);
          return create(OrderSchema, { orderNo: "V123", orderType: req.orderType });
        },
      });
    },
  });
  return deps;
}

describe("/joinvip", () => {
  it("prices a card as the server quotes it: price × discount, rounded to the cent", () => {
    expect(payableCents({ price: 1990, discount: 0.8 })).toBe(1592);
    expect(payableCents({ price: 5, discount: 0.5 })).toBe(3);
    expect(payableCents({ price: 1000, discount: 0 })).toBe(1000);
  });

  it("lists the enabled cards with the payable price, the struck original, the discount and the days", async () => {
    const lists: ListVipCardRequest[] = [];
    renderRoutes([{ path: "/joinvip", element: <JoinVipPage /> }], { path: "/joinvip", deps: setup(true, [], lists) });
    await waitFor(() => expect(screen.getAllByTestId("vip-card")).toHaveLength(2), { timeout: 15_000 });
    const [month, year] = screen.getAllByTestId("vip-card");
    expect(month?.textContent).toContain("¥15.92");
    expect(month?.textContent).toContain("原价 ¥19.90");
    expect(month?.textContent).toContain("8.0折");
    expect(month?.textContent).toContain("30天");
    expect(year?.textContent).toContain("¥199.00");
    expect(year?.textContent).not.toContain("原价");
    expect(year?.textContent).toContain("500");
    expect(lists[0]?.enable).toEqual([true]);
  });

  it("a signed-in user's purchase creates a BUY_VIP order and opens its order page", async () => {
    const orders: CreateOrderRequest[] = [];
    const deps = setup(true, orders);
    deps.sessionStore.login({ id: "7", username: "alice" }, "token-1");
    renderRoutes(
      [
        { path: "/joinvip", element: <JoinVipPage /> },
        { path: "/order", element: <p data-testid="order-page">order</p> },
      ],
      { path: "/joinvip", deps },
    );
    await waitFor(() => expect(screen.getAllByTestId("vip-buy")).toHaveLength(2), { timeout: 15_000 });
    fireEvent.click(screen.getAllByTestId("vip-buy")[0] as HTMLElement);
    await waitFor(() => expect(screen.getByTestId("order-page")).toBeTruthy());
    expect(orders).toHaveLength(1);
    // the card by its id (vip_card_id): product_id is the card type moredoc clients send
    expect([orders[0]?.orderType, orders[0]?.vipCardId, orders[0]?.productId]).toEqual([OrderType.BUY_VIP, 3n, 0n]);
  });

  it("says VIP is not available while it is switched off", async () => {
    renderRoutes([{ path: "/joinvip", element: <JoinVipPage /> }], { path: "/joinvip", deps: setup(false) });
    await waitFor(() => expect(screen.getByTestId("vip-disabled").textContent).toContain("本站暂未开启VIP会员"), {
      timeout: 15_000,
    });
    expect(screen.queryAllByTestId("vip-card")).toHaveLength(0);
  });
});

import { create } from "@bufbuild/protobuf";
import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor } from "@testing-library/react";
import { OrderStatus, OrderType } from "@wenku/proto/api/v1/enums_pb.js";
import { type ListUserOrderRequest, OrderAPI, OrderSchema } from "@wenku/proto/api/v1/order_pb.js";
import { UserAPI, UserSchema } from "@wenku/proto/api/v1/user_pb.js";
import { pickOption } from "../../../test/adminScreen.js";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import MeOrderPage, { meOrderRequest } from "./MeOrderPage.js";

jest.setTimeout(60_000);

const rows = [
  create(OrderSchema, {
    id: 1n,
    orderNo: "R1",
    orderType: OrderType.RECHARGE,
    amount: 1000,
    status: OrderStatus.PAID,
  }),
  create(OrderSchema, {
    id: 2n,
    orderNo: "D2",
    orderType: OrderType.BUY_DOCUMENT,
    productName: "线性代数讲义",
    amount: 250,
    status: OrderStatus.PENDING,
  }),
];

describe("/me/order", () => {
  it("maps the URL to ListUserOrder and ignores unknown values", () => {
    expect(meOrderRequest(new URLSearchParams("status=2&type=3&page=4"))).toEqual({
      page: 4n,
      size: 10n,
      status: [OrderStatus.PAID],
      orderType: [OrderType.RECHARGE],
    });
    expect(meOrderRequest(new URLSearchParams("status=9&type=x&page=-1"))).toMatchObject({
      page: 1n,
      status: [],
      orderType: [],
    });
  });

  it("lists the user's orders with status and amount, links each to its order page, and filters by status", async () => {
    const lists: ListUserOrderRequest[] = [];
    const deps = testDeps({
      services: (router) => {
        emptyServices(router);
        router.service(UserAPI, { getUser: () => create(UserSchema, { id: 7n, username: "alice" }) });
        router.service(OrderAPI, {
          listUserOrder: (req) => {
            lists.push(req);
            const found = rows.filter((r) => !req.status.length || req.status.includes(r.status));
            return { total: BigInt(found.length), order: found };
          },
        });
      },
    });
    deps.sessionStore.login({ id: "7", username: "alice" }, "token-1");
    renderRoutes([{ path: "/me/order", element: <MeOrderPage /> }], { path: "/me/order", deps });
    await waitFor(() => expect(screen.getAllByTestId("me-order-row")).toHaveLength(2), { timeout: 15_000 });
    const [paid, pending] = screen.getAllByTestId("me-order-row");
    expect(paid?.textContent).toContain("¥10.00");
    expect(paid?.textContent).toContain("已支付");
    expect(pending?.textContent).toContain("待支付");
    expect(screen.getByText("线性代数讲义").closest("a")?.getAttribute("href")).toBe("/order?order_no=D2");
    await pickOption(screen.getByLabelText("状态"), "待支付");
    await waitFor(() => expect(screen.getAllByTestId("me-order-row")).toHaveLength(1));
    expect(lists.at(-1)?.status).toEqual([OrderStatus.PENDING]);
  });
});

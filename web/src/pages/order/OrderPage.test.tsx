import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ConfigAPI, SettingsSchema } from "@wenku/proto/api/v1/config_pb.js";
import { OrderStatus, OrderType, PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import { type Order, OrderAPI, OrderSchema, type PayOrderRequest } from "@wenku/proto/api/v1/order_pb.js";
import { useLocation } from "react-router";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import OrderPage from "../OrderPage.js";
import { payMethodsFor } from "./PayPanel.js";
import PaySandboxPage, { readSandboxLink } from "./PaySandboxPage.js";

jest.setTimeout(60_000);

interface Server {
  order: Order;
  pays: PayOrderRequest[];
  closes: number;
  statusAsks: number;
  paymentUrl: string;
}

function setup(
  over: Omit<MessageInitShape<typeof OrderSchema>, "$typeName"> = {},
  methods: PayMethod[] = [PayMethod.SANDBOX],
) {
  const server: Server = {
    order: create(OrderSchema, {
      id: 1n,
      orderNo: "R100",
      orderType: OrderType.RECHARGE,
      quantity: 300,
      amount: 2850,
      discount: 0.95,
      status: OrderStatus.PENDING,
      userId: 7n,
      ...over,
    }),
    pays: [],
    closes: 0,
    statusAsks: 0,
    paymentUrl: "/pay/sandbox?order_no=R100&amount=2850&sign=abc",
  };
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(ConfigAPI, {
        getSettings: () => create(SettingsSchema, { payment: { payMethod: methods } }),
      });
      router.service(OrderAPI, {
        getOrder: (req) => {
          if (req.orderNo !== server.order.orderNo) throw new ConnectError("订单不存在", Code.NotFound);
          return server.order;
        },
        getOrderStatus: () => {
          server.statusAsks += 1;
          return { orderNo: server.order.orderNo, status: server.order.status };
        },
        payOrder: (req) => {
          server.pays.push(req);
          return { orderNo: req.orderNo, status: OrderStatus.PENDING, paymentUrl: server.paymentUrl };
        },
        closeOrder: () => {
          server.closes += 1;
          server.order.status = OrderStatus.CLOSED;
          return {};
        },
      });
    },
  });
  deps.sessionStore.login({ id: "7", username: "alice" } as never, "token-1");
  return { server, deps };
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

const routes = [
  { path: "/order", element: <OrderPage /> },
  { path: "/pay/sandbox", element: <PaySandboxPage /> },
  { path: "*", element: <Where /> },
];

describe("/order", () => {
  it("shows a pending recharge, pays with the chosen method, follows an in-app payment URL, and turns paid by polling", async () => {
    const { server, deps } = setup();
    renderRoutes(routes, { path: "/order?order_no=R100", deps });
    const summary = await screen.findByTestId("order-summary", {}, { timeout: 15_000 });
    expect(summary.textContent).toContain("R100");
    expect(summary.textContent).toContain("¥28.50");
    expect(summary.textContent).toContain("9.5折");
    expect(within(summary).getByTestId("order-status").textContent).toBe("待支付");
    const panel = await screen.findByTestId("pay-panel");
    await within(panel).findByText("沙箱支付");
    expect(within(panel).queryByText("积分支付")).toBeNull();
    fireEvent.click(within(panel).getByTestId("pay-submit"));
    await waitFor(() => expect(screen.queryByTestId("sandbox-pay")).not.toBeNull());
    expect(server.pays).toEqual([
      expect.objectContaining({
        orderNo: "R100",
        payMethod: PayMethod.SANDBOX,
        returnUrl: expect.stringContaining("/order?order_no=R100"),
      }),
    ]);
    expect(screen.getByTestId("sandbox-amount").textContent).toBe("¥28.50");
    expect(screen.getByText("沙箱支付：仅用于演示和测试，不会真实扣款")).toBeTruthy();

    fireEvent.click(screen.getByTestId("sandbox-cancel"));
    await screen.findByTestId("pay-panel", {}, { timeout: 15_000 });
    const asked = server.statusAsks;
    server.order.status = OrderStatus.PAID;
    expect(await screen.findByTestId("order-paid", {}, { timeout: 10_000 })).toBeTruthy();
    expect(server.statusAsks).toBeGreaterThan(asked);
    expect(screen.getByText("查看积分明细")).toBeTruthy();
  });

  it("offers credits for a document order, and closes a pending order after asking", async () => {
    const { server, deps } = setup({ orderType: OrderType.BUY_DOCUMENT, productName: "论文", quantity: 1 }, []);
    renderRoutes(routes, { path: "/order?order_no=R100", deps });
    const panel = await screen.findByTestId("pay-panel", {}, { timeout: 15_000 });
    await within(panel).findByText("积分支付");
    fireEvent.click(within(panel).getByTestId("order-close"));
    fireEvent.click(await screen.findByText(/^确\s*定$/));
    await waitFor(() => expect(server.closes).toBe(1));
    await waitFor(() => expect(screen.getByTestId("order-status").textContent).toBe("已关闭"));
    expect(screen.queryByTestId("pay-panel")).toBeNull();
  });

  it("says clearly when the order does not exist or has no number", async () => {
    const { deps } = setup();
    renderRoutes(routes, { path: "/order?order_no=NOPE", deps });
    expect(await screen.findByTestId("order-not-found", {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText("订单不存在")).toBeTruthy();
  });

  it("sends a visitor to log in first", async () => {
    const { deps } = setup();
    deps.sessionStore.logout();
    renderRoutes(routes, { path: "/order?order_no=R100", deps });
    await waitFor(() => expect(screen.getByTestId("where").textContent).toMatch(/^\/login\?redirect=/));
  });
});

describe("payment rules", () => {
  it("credits pay for anything but a recharge", () => {
    const online = [PayMethod.ALIPAY, PayMethod.SANDBOX];
    expect(payMethodsFor({ orderType: OrderType.RECHARGE }, online)).toEqual(online);
    expect(payMethodsFor({ orderType: OrderType.BUY_VIP }, online)).toEqual([...online, PayMethod.CREDIT]);
  });

  it("reads the sandbox link and refuses a malformed one", () => {
    expect(readSandboxLink(new URLSearchParams("order_no=R1&amount=250&sign=s"))).toEqual({
      orderNo: "R1",
      amount: 250,
      sign: "s",
    });
    for (const q of [
      "order_no=R1&amount=2.5&sign=s",
      "amount=1&sign=s",
      "order_no=R1&amount=1",
      "order_no=R1&amount=-1&sign=s",
    ]) {
      expect(readSandboxLink(new URLSearchParams(q))).toBeNull();
    }
  });
});

describe("/pay/sandbox", () => {
  it("posts the link's fields to /callback/sandbox as JSON and returns to the order; shows a refusal", async () => {
    const { deps } = setup();
    const calls: { url: string; body: unknown }[] = [];
    let ok = false;
    const original = globalThis.fetch;
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return ok
        ? new Response("{}", { status: 200 })
        : new Response(JSON.stringify({ code: 3, message: "签名错误" }), { status: 400 });
    }) as typeof fetch;
    try {
      renderRoutes(routes, { path: "/pay/sandbox?order_no=R100&amount=2850&sign=abc", deps });
      fireEvent.click(await screen.findByTestId("sandbox-confirm", {}, { timeout: 15_000 }));
      expect(await screen.findByText("签名错误")).toBeTruthy();
      ok = true;
      fireEvent.click(screen.getByTestId("sandbox-confirm"));
      await screen.findByTestId("order-summary", {}, { timeout: 15_000 });
      expect(calls).toEqual([
        { url: "/callback/sandbox", body: { order_no: "R100", amount: 2850, sign: "abc" } },
        { url: "/callback/sandbox", body: { order_no: "R100", amount: 2850, sign: "abc" } },
      ]);
    } finally {
      globalThis.fetch = original;
    }
  });
});

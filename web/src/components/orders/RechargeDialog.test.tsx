import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { OrderType } from "@wenku/proto/api/v1/enums_pb.js";
import { type CreateOrderRequest, OrderAPI } from "@wenku/proto/api/v1/order_pb.js";
import { Route, Routes, useLocation } from "react-router";
import { emptyServices, renderWithProviders, testDeps } from "../../../test/render.js";
import { atViewportWidth } from "../../../test/viewport.js";
import RechargeButton from "./RechargeButton.js";
import { rechargeDialogWidth } from "./RechargeDialog.js";

atViewportWidth(1280);

function setup(opts: { enable?: boolean; tiers?: string; refuse?: string | null } = {}) {
  const created: CreateOrderRequest[] = [];
  const asked = { settings: 0 };
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(ConfigAPI, {
        getRechargeSettings: () => {
          asked.settings += 1;
          return {
            enable: opts.enable ?? true,
            rechargeDiscount: opts.tiers ?? "100:0.95\n1000:0.85",
            creditName: "魔豆",
            creditExchange: 10,
          };
        },
      });
      router.service(OrderAPI, {
        createOrder: (req) => {
          created.push(req);
          if (opts.refuse !== undefined) throw new ConnectError(opts.refuse ?? "", Code.InvalidArgument);
          return { orderNo: "R2025001", orderType: req.orderType, quantity: req.quantity };
        },
      });
    },
  });
  deps.sessionStore.login({ id: "7", username: "alice" } as never, "token-1");
  return { deps, created, asked };
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

const app = (
  <Routes>
    <Route path="/order" element={<Where />} />
    <Route path="*" element={<RechargeButton />} />
  </Routes>
);

const submit = () => screen.getByRole("button", { name: "立即充值" }) as HTMLButtonElement;

describe("RechargeDialog", () => {
  it("is 680 px wide, 90 % on phones (spec §9)", () => {
    expect(rechargeDialogWidth(false)).toBe(680);
    expect(rechargeDialogWidth(true)).toBe("90%");
  });

  it("prices a tier and a custom amount with the lowest reachable discount, then creates the order and opens it", async () => {
    const { deps, created } = setup();
    renderWithProviders(app, deps);
    fireEvent.click(await screen.findByTestId("recharge-open", {}, { timeout: 10_000 }));
    const dialog = await screen.findByTestId("recharge-dialog", {}, { timeout: 10_000 });
    expect(within(document.body).getByText("魔豆充值", { selector: ".ant-modal-title" })).toBeTruthy();
    expect(submit().disabled).toBe(true);

    fireEvent.click(within(dialog).getByText("1000 魔豆"));
    expect(within(dialog).getByTestId("recharge-payable").textContent).toBe("应付 ¥85.00");
    expect(within(dialog).getByTestId("recharge-summary").textContent).toContain("8.5折");
    expect((within(dialog).getByTestId("recharge-amount") as HTMLInputElement).value).toBe("1000");

    fireEvent.change(within(dialog).getByTestId("recharge-amount"), { target: { value: "50" } });
    await waitFor(() => expect(within(dialog).getByTestId("recharge-payable").textContent).toBe("应付 ¥5.00"));
    expect(within(dialog).getByTestId("recharge-summary").textContent).not.toContain("折");

    // Off the credit_exchange step (10): refused before sending, with the rule said.
    fireEvent.change(within(dialog).getByTestId("recharge-amount"), { target: { value: "305" } });
    expect((await within(dialog).findByTestId("recharge-step")).textContent).toBe("充值数量须为 10 的整数倍");
    expect(submit().disabled).toBe(true);

    fireEvent.change(within(dialog).getByTestId("recharge-amount"), { target: { value: "300" } });
    await waitFor(() => expect(within(dialog).queryByTestId("recharge-step")).toBeNull());
    await waitFor(() => expect(within(dialog).getByTestId("recharge-payable").textContent).toBe("应付 ¥28.50"));
    expect(within(dialog).getByTestId("recharge-summary").textContent).toContain("原价 ¥30.00");

    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/order?order_no=R2025001"));
    expect(created).toEqual([expect.objectContaining({ orderType: OrderType.RECHARGE, quantity: 300 })]);
  }, 60_000);

  it("offers no tiers when the tier text cannot be parsed, and shows the server's refusal", async () => {
    const { deps } = setup({ tiers: "100:0.9\nabc", refuse: "充值数量超过上限" });
    renderWithProviders(app, deps);
    fireEvent.click(await screen.findByTestId("recharge-open", {}, { timeout: 10_000 }));
    const dialog = await screen.findByTestId("recharge-dialog", {}, { timeout: 10_000 });
    expect(within(dialog).queryByTestId("recharge-tiers")).toBeNull();
    fireEvent.change(within(dialog).getByTestId("recharge-amount"), { target: { value: "100" } });
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    expect(await screen.findByText("充值数量超过上限")).toBeTruthy();
  }, 60_000);

  it("falls back to 创建订单失败 when the server says nothing", async () => {
    const { deps } = setup({ refuse: null });
    renderWithProviders(app, deps);
    fireEvent.click(await screen.findByTestId("recharge-open", {}, { timeout: 10_000 }));
    const dialog = await screen.findByTestId("recharge-dialog", {}, { timeout: 10_000 });
    fireEvent.change(within(dialog).getByTestId("recharge-amount"), { target: { value: "10" } });
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    expect(await screen.findByText("创建订单失败")).toBeTruthy();
  }, 60_000);

  it("has no entry point while recharge is off", async () => {
    const { deps, asked } = setup({ enable: false });
    renderWithProviders(app, deps);
    await waitFor(() => expect(asked.settings).toBe(1));
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByTestId("recharge-open")).toBeNull();
  }, 30_000);
});

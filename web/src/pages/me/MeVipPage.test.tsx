import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor } from "@testing-library/react";
import { OrderStatus, OrderType, VipCardType } from "@wenku/proto/api/v1/enums_pb.js";
import { OrderSchema } from "@wenku/proto/api/v1/order_pb.js";
import { UserAPI, UserSchema } from "@wenku/proto/api/v1/user_pb.js";
import { UserVipAPI, UserVipSchema } from "@wenku/proto/api/v1/vip_pb.js";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import MeVipPage from "./MeVipPage.js";

jest.setTimeout(60_000);

const DAY = 86_400_000;

function render(vip: "active" | "lapsed" | "never", enable = true) {
  const deps = testDeps({
    loadSettings: async () => ({ vip: { enable, icon: "" } }),
    services: (router) => {
      emptyServices(router);
      router.service(UserAPI, {
        getUser: () => create(UserSchema, { id: 7n, username: "alice", isVip: vip === "active" }),
      });
      router.service(UserVipAPI, {
        getUserVip: () => {
          if (vip === "never") throw new ConnectError("您还不是VIP会员", Code.NotFound);
          const end = new Date(Date.now() + (vip === "active" ? 20 : -3) * DAY);
          return create(UserVipSchema, {
            userId: 7n,
            cardType: VipCardType.SEASON,
            totalDays: 90,
            expiredAt: timestampFromDate(end),
            documentDiscount: 85,
            download: 90,
            downloadLeft: 87,
            timesEveryDay: 10,
            downloadsToday: 3,
          });
        },
        listUserVipOrder: () => ({
          total: vip === "never" ? 0n : 1n,
          order:
            vip === "never"
              ? []
              : [
                  create(OrderSchema, {
                    id: 5n,
                    orderNo: "V5",
                    orderType: OrderType.BUY_VIP,
                    productName: "VIP会员-季卡",
                    amount: 5900,
                    status: OrderStatus.PAID,
                  }),
                ],
        }),
      });
    },
  });
  deps.sessionStore.login({ id: "7", username: "alice" }, "token-1");
  renderRoutes([{ path: "/me/vip", element: <MeVipPage /> }], { path: "/me/vip", deps });
}

describe("/me/vip", () => {
  it("an active member sees the status, the last card, the days and the VIP order", async () => {
    render("active");
    await waitFor(() => expect(screen.getByTestId("me-vip-active")).toBeTruthy(), { timeout: 15_000 });
    const status = screen.getByTestId("me-vip-status").textContent ?? "";
    expect(status).toContain("季卡");
    expect(status).toContain("90天");
    await waitFor(() => expect(screen.getAllByTestId("me-vip-order")).toHaveLength(1));
    expect(screen.getByText("VIP会员-季卡").closest("a")?.getAttribute("href")).toBe("/order?order_no=V5");
    expect(screen.getByTestId("me-vip-order").textContent).toContain("¥59.00");
    expect(screen.getByTestId("me-vip-join").closest("a")?.getAttribute("href")).toBe("/joinvip");
  });

  it("an active member sees the benefits: the document discount, free downloads left, today's VIP downloads", async () => {
    render("active");
    await waitFor(() => expect(screen.getByTestId("me-vip-benefits")).toBeTruthy(), { timeout: 15_000 });
    expect(screen.getByTestId("me-vip-discount").textContent).toBe("按原价 85% 支付");
    expect(screen.getByTestId("me-vip-free-left").textContent).toBe("剩余 87 次（本期共 90 次）");
    expect(screen.getByTestId("me-vip-today").textContent).toBe("已用 3 次，每日上限 10 次");
  });

  it("a lapsed membership shows as expired with its past end", async () => {
    render("lapsed");
    await waitFor(() => expect(screen.getByTestId("me-vip-lapsed").textContent).toContain("已过期"), {
      timeout: 15_000,
    });
    expect(screen.getByTestId("me-vip-expiry").textContent).not.toBe("");
    expect(screen.queryByTestId("me-vip-benefits")).toBeNull(); // a lapsed membership has none
  });

  it("someone never VIP is told so and offered /joinvip, with no orders", async () => {
    render("never");
    await waitFor(() => expect(screen.getByTestId("me-vip-status").textContent).toContain("您还不是VIP会员"), {
      timeout: 15_000,
    });
    expect(screen.getByTestId("me-vip-join")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("me-vip-orders").textContent).toContain("暂无VIP订单"));
  });

  it("while the site sells no VIP, nothing offers 开通VIP: the membership stays readable", async () => {
    render("active", false);
    await waitFor(() => expect(screen.getByTestId("me-vip-active")).toBeTruthy(), { timeout: 15_000 });
    expect(screen.queryByTestId("me-vip-join")).toBeNull();
    expect(screen.getByTestId("me-vip-off").textContent).toBe("本站暂未开启VIP会员");
  });

  it("someone never VIP on a site without VIP is not offered it either", async () => {
    render("never", false);
    await waitFor(() => expect(screen.getByTestId("me-vip-off")).toBeTruthy(), { timeout: 15_000 });
    expect(screen.queryByTestId("me-vip-join")).toBeNull();
  });
});

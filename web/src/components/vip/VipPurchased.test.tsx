import { create } from "@bufbuild/protobuf";
import { expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { AdvertisementAPI } from "@wenku/proto/api/v1/advertisement_pb.js";
import { ConfigAPI, SettingsSchema } from "@wenku/proto/api/v1/config_pb.js";
import { OrderStatus, OrderType, PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import { OrderAPI, OrderSchema } from "@wenku/proto/api/v1/order_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import OrderPage from "../../pages/OrderPage.js";
import { useSession } from "../../store/SessionProvider.js";
import { AdSlot } from "../AdSlot.js";
import { VipMark } from "./VipMark.js";

jest.setTimeout(60_000);

/** The header's part that shows the VIP mark: the session's copy of the user. */
function HeaderMark() {
  return <VipMark isVip={useSession().user?.isVip} />;
}

it("a BUY_VIP order paid on /order: the header's VIP mark shows and the ads go, without a reload", async () => {
  const server = {
    vip: false,
    adAsks: 0,
    order: create(OrderSchema, {
      id: 1n,
      orderNo: "V100",
      orderType: OrderType.BUY_VIP,
      productName: "月卡",
      quantity: 1,
      amount: 1200,
      status: OrderStatus.PENDING,
      userId: 7n,
    }),
  };
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(ConfigAPI, {
        getSettings: () => create(SettingsSchema, { vip: { enable: true }, payment: { payMethod: [] } }),
      });
      router.service(OrderAPI, {
        getOrder: () => server.order,
        getOrderStatus: () => ({ orderNo: server.order.orderNo, status: server.order.status }),
        payOrder: (req) => {
          expect(req.payMethod).toBe(PayMethod.CREDIT);
          server.order.status = OrderStatus.PAID;
          server.vip = true; // delivered: the server sends this user no ads from now on
          return { orderNo: req.orderNo, status: OrderStatus.PAID };
        },
      });
      router.service(UserAPI, {
        getUser: (req) => ({ id: req.id, username: "alice", isVip: server.vip }),
      });
      router.service(AdvertisementAPI, {
        getAdvertisementByPosition: () => {
          server.adAsks += 1;
          return {
            advertisement: server.vip
              ? []
              : [{ id: 1n, position: "global_top", title: "广告", content: "<b>广告</b>" }],
          };
        },
      });
    },
    loadSettings: async () => create(SettingsSchema, { vip: { enable: true } }),
  });
  deps.sessionStore.login({ id: "7", username: "alice", isVip: false } as never, "token-1");
  const page = (
    <>
      <HeaderMark />
      <div data-testid="ad-top">
        <AdSlot position="global_top" />
      </div>
      <OrderPage />
    </>
  );
  renderRoutes([{ path: "/order", element: page }], { path: "/order?order_no=V100", deps });

  const panel = await screen.findByTestId("pay-panel", {}, { timeout: 15_000 });
  await waitFor(() => expect(screen.getByTestId("ad-top").textContent).toBe("广告"));
  expect(screen.queryByTestId("vip-mark")).toBeNull();
  const asked = server.adAsks;

  fireEvent.click(within(panel).getByTestId("pay-submit"));
  expect(await screen.findByTestId("order-paid", {}, { timeout: 15_000 })).toBeTruthy();
  expect(await screen.findByTestId("vip-mark", {}, { timeout: 15_000 })).toBeTruthy();
  await waitFor(() => expect(screen.getByTestId("ad-top").textContent).toBe(""));
  expect(server.adAsks).toBeGreaterThan(asked);
  expect(deps.sessionStore.getSnapshot().user?.isVip).toBe(true);
});

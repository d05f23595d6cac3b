import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { OrderStatus, OrderType, PayMethod } from "@wenku/proto/api/v1/enums_pb.js";
import {
  type ListOrderRequest,
  type Order,
  OrderAPI,
  OrderSchema,
  type SystemRechargeRequest,
} from "@wenku/proto/api/v1/order_pb.js";
import { openDrawer, pickOption, tableRow } from "../../../../test/adminScreen.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../../test/render.js";
import { signInStaff } from "../../../../test/staff.js";
import { atViewportWidth } from "../../../../test/viewport.js";
import OrderListPage from "./OrderListPage.js";
import { createdRange, orderListRequest } from "./orderListQuery.js";

atViewportWidth(1280);

const order = (id: number, no: string, status: OrderStatus, type = OrderType.RECHARGE): Order =>
  create(OrderSchema, {
    id: BigInt(id),
    orderNo: no,
    orderType: type,
    status,
    userId: 7n,
    username: "alice",
    amount: 1000,
    quantity: 100,
    discount: 1,
    payMethod: status === OrderStatus.PAID ? PayMethod.SANDBOX : PayMethod.UNSPECIFIED,
  });

function setup(rpcs: string[]) {
  const deadline = timestampFromDate(new Date("2030-01-02T12:00:00Z"));
  // as the server sends a pending order: closed_at is its deadline (moredoc's meaning), like expired_at
  const rows = [
    order(1, "R-PAID", OrderStatus.PAID),
    { ...order(2, "R-OPEN", OrderStatus.PENDING), expiredAt: deadline, closedAt: deadline },
  ];
  const lists: ListOrderRequest[] = [];
  const closes: string[] = [];
  const deletes: bigint[][] = [];
  const recharges: SystemRechargeRequest[] = [];
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(OrderAPI, {
        listOrder: (req) => {
          lists.push(req);
          const found = rows.filter((r) => !req.status.length || req.status.includes(r.status));
          return { total: BigInt(found.length), order: found };
        },
        closeOrder: (req) => {
          closes.push(req.orderNo);
          const row = rows.find((r) => r.orderNo === req.orderNo);
          if (row) row.status = OrderStatus.CLOSED;
          return {};
        },
        deleteOrder: (req) => {
          deletes.push(req.id);
          return {};
        },
        systemRecharge: (req) => {
          recharges.push(req);
          return create(OrderSchema, { orderNo: "S1", status: OrderStatus.PAID });
        },
      });
    },
  });
  signInStaff(deps, "OrderAPI", rpcs, ["/admin/order"]);
  return { deps, lists, closes, deletes, recharges };
}

describe("admin orders", () => {
  it("maps the URL's filters to ListOrder", () => {
    const req = orderListRequest({
      page: 2,
      size: 20,
      wd: " R1 ",
      filters: { status: "1,9", type: "3", pay: "11", userId: "7", created: "2025-01-01,2025-01-31" },
    });
    expect(req).toMatchObject({
      page: 2n,
      wd: "R1",
      status: [OrderStatus.PENDING],
      orderType: [OrderType.RECHARGE],
      payMethod: [PayMethod.SANDBOX],
      userId: [7n],
    });
    expect(req.createdAt).toHaveLength(2);
    expect(new Date(req.createdAt?.[0] ?? "").getDate()).toBe(1);
    expect(createdRange("2025-02-01,2025-01-01")).toEqual([]);
    expect(createdRange("x,y")).toEqual([]);
    expect(orderListRequest({ page: 1, size: 20, wd: "", filters: { userId: "abc" } }).userId).toEqual([]);
  });

  it("lists, filters, shows a detail, closes a pending order and recharges a user with a reason", async () => {
    const { deps, lists, closes, recharges } = setup(["ListOrder", "CloseOrder", "DeleteOrder", "SystemRecharge"]);
    renderWithProviders(<OrderListPage />, deps);
    const paid = within(await tableRow("R-PAID"));
    expect(paid.getByText("已支付")).toBeTruthy();
    expect(paid.getByText("¥10.00")).toBeTruthy();
    expect(paid.getByText("沙箱支付")).toBeTruthy();
    expect(paid.queryByLabelText("关闭订单")).toBeNull();

    fireEvent.click(paid.getByLabelText("订单详情"));
    await waitFor(() => expect(openDrawer()?.textContent).toContain("R-PAID"));
    fireEvent.click(openDrawer().querySelector(".ant-drawer-close") as HTMLElement);

    fireEvent.click(within(await tableRow("R-OPEN")).getByLabelText("关闭订单"));
    fireEvent.click(await screen.findByText(/^确\s*定$/));
    await waitFor(() => expect(closes).toEqual(["R-OPEN"]));

    await pickOption(screen.getByLabelText("状态"), "已关闭");
    await waitFor(() => expect(lists.at(-1)?.status).toEqual([OrderStatus.CLOSED]));

    fireEvent.click(screen.getByTestId("system-recharge-open"));
    fireEvent.change(await screen.findByTestId("recharge-user"), { target: { value: "7" } });
    fireEvent.change(screen.getByTestId("recharge-quantity"), { target: { value: "50" } });
    fireEvent.click(screen.getByTestId("drawer-save"));
    expect(await screen.findByText("请填写充值原因")).toBeTruthy();
    expect(recharges).toEqual([]);
    fireEvent.change(screen.getByTestId("recharge-remark"), { target: { value: " 活动奖励 " } });
    fireEvent.click(screen.getByTestId("drawer-save"));
    await waitFor(() =>
      expect(recharges).toEqual([expect.objectContaining({ userId: 7n, quantity: 50, remark: "活动奖励" })]),
    );
  }, 120_000);

  it("a pending order's detail shows its deadline as 支付截止, no closing time", async () => {
    const { deps } = setup(["ListOrder"]);
    renderWithProviders(<OrderListPage />, deps);
    fireEvent.click(within(await tableRow("R-OPEN")).getByLabelText("订单详情"));
    await waitFor(() => expect(openDrawer()?.textContent).toContain("R-OPEN"));
    const cell = (label: string) =>
      [...openDrawer().querySelectorAll("th")].find((th) => th.textContent === label)?.nextElementSibling?.textContent;
    expect(cell("支付截止")).toMatch(/^2030-01-02/);
    expect(cell("关闭时间")).toBe("-");
  }, 60_000);

  it("offers no close, delete or recharge without the permissions", async () => {
    const { deps } = setup(["ListOrder"]);
    renderWithProviders(<OrderListPage />, deps);
    const row = within(await tableRow("R-OPEN"));
    expect(row.queryByLabelText("关闭订单")).toBeNull();
    expect(row.queryByLabelText("删除")).toBeNull();
    expect(screen.queryByTestId("system-recharge-open")).toBeNull();
  }, 120_000);
});

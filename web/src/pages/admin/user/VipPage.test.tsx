import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { VipCardType } from "@wenku/proto/api/v1/enums_pb.js";
import {
  type GrantUserVipRequest,
  type ListUserVipRequest,
  UserVipAPI,
  UserVipSchema,
  type VipCard,
  VipCardSchema,
} from "@wenku/proto/api/v1/vip_pb.js";
import { openDrawer, tableRow } from "../../../../test/adminScreen.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../../test/render.js";
import { signInStaff } from "../../../../test/staff.js";
import { atViewportWidth } from "../../../../test/viewport.js";
import VipPage from "./VipPage.js";

atViewportWidth(1280);

const ALL = ["ListUserVip", "GrantUserVip", "ListVipCard", "CreateVipCard", "UpdateVipCard", "DeleteVipCard"];

function setup(rpcs = ALL) {
  const cards: VipCard[] = [
    create(VipCardSchema, {
      id: 1n,
      title: "尊享年卡",
      type: VipCardType.YEAR,
      price: 19900,
      discount: 0.5,
      days: 365,
      enable: true,
      documentDiscount: 85,
      download: 300,
      timesEveryDay: 0,
    }),
  ];
  const members = [
    create(UserVipSchema, {
      id: 1n,
      userId: 9n,
      username: "bob",
      cardType: VipCardType.MONTH,
      totalDays: 30,
      expiredAt: timestampFromDate(new Date(Date.now() + 86_400_000)),
    }),
  ];
  const saved: VipCard[] = [];
  const grants: GrantUserVipRequest[] = [];
  const lists: ListUserVipRequest[] = [];
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(UserVipAPI, {
        listUserVip: (req) => {
          lists.push(req);
          return { total: BigInt(members.length), userVip: members };
        },
        grantUserVip: (req) => {
          grants.push(req);
          return members[0] as (typeof members)[0];
        },
        listVipCard: () => ({ total: BigInt(cards.length), vipCard: cards }),
        createVipCard: (req) => {
          saved.push(req);
          return create(VipCardSchema, { ...req, id: 2n });
        },
      });
    },
  });
  signInStaff(deps, "UserVipAPI", rpcs, ["/admin/user/vip"]);
  return { deps, saved, grants, lists };
}

describe("admin VIP", () => {
  it("lists members and grants a user days with a remark", async () => {
    const { deps, grants, lists } = setup();
    renderWithProviders(<VipPage />, deps);
    const row = within(await tableRow("bob"));
    expect(row.getByText("有效")).toBeTruthy();
    expect(row.getByText("月卡")).toBeTruthy();
    expect(lists[0]).toMatchObject({ page: 1n, size: 10n, wd: "" });

    fireEvent.click(screen.getByTestId("vip-grant"));
    const dialog = within(await screen.findByTestId("vip-grant-dialog"));
    fireEvent.change(dialog.getByLabelText("用户ID"), { target: { value: "42" } });
    fireEvent.change(dialog.getByLabelText("备注"), { target: { value: " 活动 " } });
    fireEvent.click(screen.getByTestId("vip-grant-submit"));
    await waitFor(() => expect(grants).toHaveLength(1));
    expect(grants[0]).toMatchObject({ userId: 42n, days: 30, remark: "活动" });
  }, 120_000);

  it("the cards tab shows the payable price and adds a card with its price in cents", async () => {
    const { deps, saved } = setup();
    renderWithProviders(<VipPage />, deps);
    fireEvent.click(await screen.findByRole("tab", { name: "VIP卡" }));
    const row = within(await tableRow("尊享年卡"));
    expect(row.getByText("199.00")).toBeTruthy();
    expect(row.getByText("99.50")).toBeTruthy();
    expect(row.getByText("85% · 免费 300 次 · 每日 不限")).toBeTruthy();

    fireEvent.click(screen.getByTestId("vip-card-add"));
    const form = within(openDrawer());
    fireEvent.change(form.getByLabelText("名称"), { target: { value: "周卡" } });
    fireEvent.change(form.getByLabelText("价格(元)"), { target: { value: "3.3" } });
    fireEvent.change(form.getByLabelText("有效天数"), { target: { value: "7" } });
    fireEvent.change(form.getByLabelText("购买文档折扣(%)"), { target: { value: "85" } });
    fireEvent.change(form.getByLabelText("免费下载次数"), { target: { value: "20" } });
    fireEvent.change(form.getByLabelText("每日下载上限"), { target: { value: "5" } });
    fireEvent.click(form.getByTestId("drawer-save"));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ title: "周卡", price: 330, days: 7, discount: 1, creditPrice: 0, enable: true });
    expect(saved[0]).toMatchObject({ documentDiscount: 85, download: 20, timesEveryDay: 5 });
  }, 120_000);

  it("staff without the members list see only the cards", async () => {
    const { deps } = setup(["ListVipCard"]);
    renderWithProviders(<VipPage />, deps);
    await tableRow("尊享年卡");
    expect(screen.queryByRole("tab", { name: "VIP会员" })).toBeNull();
    expect(screen.queryByTestId("vip-card-add")).toBeNull();
  }, 120_000);
});

import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { FieldViolationSchema } from "@wenku/proto/api/v1/errors_pb.js";
import {
  type Friendlink,
  FriendlinkAPI,
  FriendlinkSchema,
  type ListFriendlinkRequest,
} from "@wenku/proto/api/v1/friendlink_pb.js";
import { openDrawer, pickOption, tableRow } from "../../../../test/adminScreen.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../../test/render.js";
import { signInStaff } from "../../../../test/staff.js";
import { atViewportWidth } from "../../../../test/viewport.js";
import FriendlinkPage from "./FriendlinkPage.js";

atViewportWidth(1280);

/** An in-process FriendlinkAPI; it refuses a link it is told to, naming the field like the server. */
function setup() {
  const rows: Friendlink[] = [
    create(FriendlinkSchema, { id: 1n, title: "开源中国", link: "https://www.oschina.net", sort: 3, enable: true }),
    create(FriendlinkSchema, { id: 2n, title: "停用的站", link: "https://off.example", enable: false }),
  ];
  const lists: ListFriendlinkRequest[] = [];
  const saved: Friendlink[] = [];
  const deleted: bigint[][] = [];
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(FriendlinkAPI, {
        listFriendlink: (req) => {
          lists.push(req);
          const friendlink = rows.filter((l) => req.enable.length !== 1 || l.enable === req.enable[0]);
          return { total: BigInt(friendlink.length), friendlink };
        },
        createFriendlink: (req) => {
          if (req.link.includes("blocked")) {
            const refusal = new ConnectError("友链地址已被屏蔽", Code.InvalidArgument);
            refusal.details.push({ desc: FieldViolationSchema, value: { field: "link" } });
            throw refusal;
          }
          saved.push(req);
          return create(FriendlinkSchema, { ...req, id: 9n });
        },
        deleteFriendlink: (req) => {
          deleted.push(req.id);
          return {};
        },
      });
    },
  });
  signInStaff(
    deps,
    "FriendlinkAPI",
    ["ListFriendlink", "CreateFriendlink", "UpdateFriendlink", "DeleteFriendlink"],
    ["/admin/friendlink"],
  );
  return { deps, lists, saved, deleted };
}

describe("admin friend links", () => {
  it("lists links (opening in a new tab), filters by status, adds one: http(s) only, a refusal on its field", async () => {
    const { deps, lists, saved } = setup();
    renderWithProviders(<FriendlinkPage />, deps);
    const link = within(await tableRow("开源中国"))
      .getByText("https://www.oschina.net")
      .closest("a") as HTMLElement;
    expect([link.getAttribute("href"), link.getAttribute("target")]).toEqual(["https://www.oschina.net", "_blank"]);

    await pickOption(screen.getByRole("combobox", { name: "状态" }), "已禁用");
    await waitFor(() => expect(lists.at(-1)?.enable).toEqual([false]));
    await waitFor(() => expect(screen.queryByText("开源中国")).toBeNull());

    fireEvent.click(screen.getByTestId("friendlink-add"));
    const form = within(openDrawer());
    fireEvent.change(form.getByLabelText("名称"), { target: { value: "友站" } });
    fireEvent.change(form.getByLabelText("链接地址"), { target: { value: "https://blocked.example" } });
    fireEvent.click(form.getByTestId("drawer-save"));
    // the server's refusal names the field: shown under it
    const item = form.getByLabelText("链接地址").closest(".ant-form-item") as HTMLElement;
    expect(await within(item).findByText("友链地址已被屏蔽", {}, { timeout: 5000 })).toBeTruthy();

    fireEvent.change(form.getByLabelText("链接地址"), { target: { value: "/about" } });
    fireEvent.click(form.getByTestId("drawer-save"));
    expect(await form.findByText("须以 http:// 或 https:// 开头")).toBeTruthy();

    fireEvent.change(form.getByLabelText("链接地址"), { target: { value: " https://friend.example " } });
    fireEvent.click(form.getByTestId("drawer-save"));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ title: "友站", link: "https://friend.example", enable: true, sort: 0 });
  }, 120_000);

  it("deletes one after asking", async () => {
    const { deps, deleted } = setup();
    renderWithProviders(<FriendlinkPage />, deps);
    fireEvent.click(within(await tableRow("停用的站")).getByLabelText("删除"));
    expect(deleted).toEqual([]);
    fireEvent.click(await screen.findByText(/^确\s*定$/));
    await waitFor(() => expect(deleted).toEqual([[2n]]));
  }, 60_000);
});

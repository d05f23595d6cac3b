import type { MessageInitShape } from "@bufbuild/protobuf";
import { create } from "@bufbuild/protobuf";
import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  type Advertisement,
  AdvertisementAPI,
  AdvertisementSchema,
  type ListAdvertisementRequest,
} from "@wenku/proto/api/v1/advertisement_pb.js";
import { openDrawer, pickOption, tableRow } from "../../../../test/adminScreen.js";
import { fakeImageUploads } from "../../../../test/fakeUpload.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../../test/render.js";
import { signInStaff } from "../../../../test/staff.js";
import { atViewportWidth } from "../../../../test/viewport.js";
import AdvertisementPage from "./AdvertisementPage.js";
import { AD_POSITION_GROUPS } from "./positions.js";

atViewportWidth(1280);

const hours = (h: number) => timestampFromDate(new Date(Date.now() + h * 3_600_000));
const ad = (id: number, title: string, over: MessageInitShape<typeof AdvertisementSchema> = {}) =>
  create(AdvertisementSchema, {
    id: BigInt(id),
    title,
    position: "global_top",
    content: "<b>广告</b>",
    enable: true,
    ...over,
  });

function setup() {
  const rows: Advertisement[] = [
    ad(1, "投放中的", { startTime: hours(-1), endTime: hours(1), remark: "合同A" }),
    ad(2, "将来的", { position: "search_right", startTime: hours(2) }),
    ad(3, "过期的", { position: "document_between", endTime: hours(-1) }),
    ad(4, "停用的", { enable: false, image: "/uploads/a.png", content: '<img src="/uploads/a.png">' }),
  ];
  const lists: ListAdvertisementRequest[] = [];
  const saved: Advertisement[] = [];
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(AdvertisementAPI, {
        listAdvertisement: (req) => {
          lists.push(req);
          const advertisement = rows.filter((a) => !req.position.length || req.position.includes(a.position));
          return { total: BigInt(advertisement.length), advertisement };
        },
        createAdvertisement: (req) => {
          saved.push(req);
          return create(AdvertisementSchema, { ...req, id: 9n });
        },
        updateAdvertisement: (req) => {
          saved.push(req);
          return {};
        },
      });
    },
  });
  signInStaff(
    deps,
    "AdvertisementAPI",
    ["ListAdvertisement", "CreateAdvertisement", "UpdateAdvertisement", "DeleteAdvertisement"],
    ["/admin/advertisement"],
  );
  return { deps, lists, saved };
}

describe("admin advertisements", () => {
  it("names the 17 positions in 6 groups", () => {
    expect(AD_POSITION_GROUPS.map((g) => g.positions.length)).toEqual([2, 4, 3, 3, 2, 3]);
  });

  it("lists ads with position, kind and whether pages show them now; filters by position", async () => {
    const { deps, lists } = setup();
    renderWithProviders(<AdvertisementPage />, deps);
    const running = within(await tableRow("投放中的"));
    expect([running.getByText("全局顶部"), running.getByText("代码 / HTML"), running.getByText("投放中")]).toBeTruthy();
    expect(within(await tableRow("将来的")).getByText("未开始")).toBeTruthy();
    expect(within(await tableRow("过期的")).getByText("已结束")).toBeTruthy();
    const off = within(await tableRow("停用的"));
    expect([off.getByText("已停用"), off.getByText("图片"), off.getByText("长期")]).toBeTruthy();

    await pickOption(screen.getByRole("combobox", { name: "广告位" }), "搜索结果页右侧");
    await waitFor(() => expect(lists.at(-1)?.position).toEqual(["search_right"]));
    await waitFor(() => expect(screen.queryByText("投放中的")).toBeNull());
  }, 120_000);

  it("adds an HTML ad at a grouped position with a preview; an image ad is uploaded and linked", async () => {
    const { deps, saved } = setup();
    renderWithProviders(<AdvertisementPage />, deps);
    await tableRow("投放中的");
    fireEvent.click(screen.getByTestId("advertisement-add"));
    const form = within(openDrawer());
    fireEvent.click(form.getByTestId("drawer-save"));
    expect(await form.findByText("请选择广告位", { selector: ".ant-form-item-explain-error" })).toBeTruthy();

    fireEvent.mouseDown(form.getByRole("combobox", { name: "广告位" }));
    expect(await screen.findByText("文档浏览页", { selector: ".ant-select-item-group" })).toBeTruthy();
    fireEvent.click(await screen.findByText("全局顶部", { selector: ".ant-select-item-option-content" }));
    fireEvent.change(form.getByLabelText("名称"), { target: { value: "顶部通栏" } });
    expect(form.getByTestId("ad-preview").textContent).toBe("填写广告代码或上传图片后在这里预览");
    fireEvent.change(form.getByLabelText("广告代码"), { target: { value: '<b class="promo">限时优惠</b>' } });
    await waitFor(() => expect(form.getByTestId("ad-preview").querySelector("b.promo")?.textContent).toBe("限时优惠"));
    fireEvent.click(form.getByTestId("drawer-save"));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      position: "global_top",
      title: "顶部通栏",
      content: '<b class="promo">限时优惠</b>',
      image: "",
      link: "",
      enable: true,
    });
    expect([saved[0]?.startTime, saved[0]?.endTime]).toEqual([undefined, undefined]); // no window: always

    const uploads = fakeImageUploads("/uploads/fedcba9876543210fedcba9876543210.png");
    try {
      await waitFor(() => expect(document.querySelector(".ant-drawer-open")).toBeNull());
      fireEvent.click(screen.getByTestId("advertisement-add"));
      const again = within(openDrawer());
      await pickOption(again.getByRole("combobox", { name: "广告位" }), "首页轮播图下方");
      fireEvent.change(again.getByLabelText("名称"), { target: { value: "图片广告" } });
      fireEvent.click(again.getByText("图片", { selector: ".ant-radio-button-wrapper *" }));
      const input = (await again.findByTestId("ad-image")).querySelector('input[type="file"]') as HTMLInputElement;
      fireEvent.change(input, { target: { files: [new File(["png"], "ad.png", { type: "image/png" })] } });
      await waitFor(() =>
        expect(again.getByTestId("ad-preview").querySelector("img")?.getAttribute("src")).toBe(
          "/uploads/fedcba9876543210fedcba9876543210.png",
        ),
      );
      expect(uploads.urls).toEqual(["/api/v1/upload/banner"]);
      fireEvent.change(again.getByLabelText("点击链接"), { target: { value: "https://ads.example" } });
      fireEvent.click(again.getByTestId("drawer-save"));
      await waitFor(() => expect(saved).toHaveLength(2));
      expect(saved[1]).toMatchObject({
        position: "index_banner_bottom",
        image: "/uploads/fedcba9876543210fedcba9876543210.png",
        link: "https://ads.example",
        content: "",
      });
    } finally {
      uploads.restore();
    }
  }, 120_000);

  it("editing keeps the ad's window and kind; the enable switch sends the whole ad", async () => {
    const { deps, saved } = setup();
    renderWithProviders(<AdvertisementPage />, deps);
    const row = await tableRow("投放中的");
    fireEvent.click(within(row).getByRole("switch", { name: "启用 投放中的" }));
    await waitFor(() => expect(saved.at(-1)).toMatchObject({ id: 1n, enable: false, remark: "合同A" }));

    fireEvent.click(within(row).getByLabelText("编辑"));
    const form = within(openDrawer());
    expect((form.getByLabelText("广告代码") as HTMLTextAreaElement).value).toBe("<b>广告</b>");
    fireEvent.change(form.getByLabelText("名称"), { target: { value: "投放中的（改）" } });
    fireEvent.click(form.getByTestId("drawer-save"));
    await waitFor(() => expect(saved).toHaveLength(2));
    const sent = saved[1] as Advertisement;
    expect(sent).toMatchObject({ id: 1n, title: "投放中的（改）", position: "global_top", remark: "合同A" });
    // the window round-trips to the minute the picker shows
    expect(sent.startTime && Math.abs(timestampDate(sent.startTime).getTime() - (Date.now() - 3_600_000))).toBeLessThan(
      120_000,
    );
    expect(sent.endTime).toBeDefined();
  }, 120_000);
});

import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type Banner, BannerAPI, BannerSchema, type ListBannerRequest } from "@wenku/proto/api/v1/banner_pb.js";
import { BannerType } from "@wenku/proto/api/v1/enums_pb.js";
import { openDrawer, pickOption, tableRow } from "../../../../test/adminScreen.js";
import { fakeImageUploads } from "../../../../test/fakeUpload.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../../test/render.js";
import { signInStaff } from "../../../../test/staff.js";
import { atViewportWidth } from "../../../../test/viewport.js";
import BannerPage from "./BannerPage.js";

atViewportWidth(1280);

const ALL = ["ListBanner", "CreateBanner", "UpdateBanner", "DeleteBanner"];
const IMAGE = "/uploads/0123456789abcdef0123456789abcdef.png";
const banner = (id: number, title: string, type: BannerType, sort: number, enable = true) =>
  create(BannerSchema, {
    id: BigInt(id),
    title,
    path: IMAGE,
    url: "/category/1",
    type,
    sort,
    enable,
    createdAt: timestampFromDate(new Date("2026-01-02T03:04:05Z")),
  });

/** An in-process BannerAPI over an in-memory table. */
function setup(rpcs = ALL) {
  const rows: Banner[] = [
    banner(1, "春季横幅", BannerType.WEBSITE, 5),
    banner(2, "小程序图", BannerType.MINI_PROGRAM, 1),
  ];
  const lists: ListBannerRequest[] = [];
  const saved: Banner[] = [];
  const deleted: bigint[][] = [];
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(BannerAPI, {
        listBanner: (req) => {
          lists.push(req);
          const banner = rows.filter((b) => !req.type.length || req.type.includes(b.type));
          return { total: BigInt(banner.length), banner };
        },
        createBanner: (req) => {
          saved.push(req);
          const row = create(BannerSchema, { ...req, id: BigInt(rows.length + 1) });
          rows.push(row);
          return row;
        },
        updateBanner: (req) => {
          saved.push(req);
          rows.splice(
            rows.findIndex((b) => b.id === req.id),
            1,
            req,
          );
          return {};
        },
        deleteBanner: (req) => {
          deleted.push(req.id);
          return {};
        },
      });
    },
  });
  signInStaff(deps, "BannerAPI", rpcs, ["/admin/banner"]);
  return { deps, lists, saved, deleted };
}

describe("admin banners", () => {
  it("lists banners with image, type and link; filters by type; adds one with an uploaded image", async () => {
    const { deps, lists, saved } = setup();
    renderWithProviders(<BannerPage />, deps);
    const first = within(await tableRow("春季横幅"));
    expect(first.getByText("网站横幅")).toBeTruthy();
    expect(first.getByText("/category/1")).toBeTruthy();
    expect(first.getByAltText("春季横幅").getAttribute("src")).toBe(IMAGE);
    expect(within(await tableRow("小程序图")).getByText("小程序横幅")).toBeTruthy();
    expect(lists[0]).toMatchObject({ page: 1n, size: 10n, type: [], enable: [] });

    await pickOption(screen.getByRole("combobox", { name: "类型" }), "小程序横幅");
    await waitFor(() => expect(lists.at(-1)?.type).toEqual([BannerType.MINI_PROGRAM]));
    await waitFor(() => expect(screen.queryByText("春季横幅")).toBeNull());

    const uploads = fakeImageUploads("/uploads/fedcba9876543210fedcba9876543210.png");
    try {
      fireEvent.click(screen.getByTestId("banner-add"));
      const form = within(openDrawer());
      fireEvent.change(form.getByLabelText("名称"), { target: { value: "夏季横幅" } });
      fireEvent.click(form.getByTestId("drawer-save"));
      expect(await form.findByText("请上传图片")).toBeTruthy(); // the image is required

      const input = openDrawer().querySelector('input[type="file"]') as HTMLInputElement;
      fireEvent.change(input, { target: { files: [new File(["png"], "summer.png", { type: "image/png" })] } });
      await waitFor(() => expect(form.getByTestId("banner-image-preview")).toBeTruthy());
      expect([uploads.urls, uploads.files]).toEqual([["/api/v1/upload/banner"], ["summer.png"]]);

      fireEvent.change(form.getByLabelText("跳转链接"), { target: { value: "javascript:alert(1)" } });
      fireEvent.click(form.getByTestId("drawer-save"));
      expect(await form.findByText("须以 / 、http:// 或 https:// 开头")).toBeTruthy();
      expect(saved).toEqual([]);

      fireEvent.change(form.getByLabelText("跳转链接"), { target: { value: " https://example.com/summer " } });
      fireEvent.click(form.getByTestId("drawer-save"));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]).toMatchObject({
        title: "夏季横幅",
        path: "/uploads/fedcba9876543210fedcba9876543210.png",
        url: "https://example.com/summer",
        type: BannerType.WEBSITE,
        enable: true,
      });
    } finally {
      uploads.restore();
    }
  }, 120_000);

  it("enable switch and sort send the whole banner; batch delete asks first; read-only staff change nothing", async () => {
    const { deps, saved, deleted } = setup();
    const view = renderWithProviders(<BannerPage />, deps);
    const row = await tableRow("春季横幅");
    fireEvent.click(within(row).getByRole("switch", { name: "启用 春季横幅" }));
    await waitFor(() => expect(saved.at(-1)).toMatchObject({ id: 1n, title: "春季横幅", path: IMAGE, enable: false }));

    const sort = within(row).getByLabelText("排序 春季横幅");
    fireEvent.change(sort, { target: { value: "42" } });
    fireEvent.blur(sort);
    await waitFor(() => expect(saved.at(-1)).toMatchObject({ id: 1n, sort: 42, url: "/category/1" }));

    for (const title of ["春季横幅", "小程序图"])
      fireEvent.click((await tableRow(title)).querySelector("input[type=checkbox]") as HTMLElement);
    fireEvent.click(screen.getByTestId("batch-delete"));
    expect(deleted).toEqual([]);
    fireEvent.click(await screen.findByText(/^确\s*定$/));
    await waitFor(() => expect(deleted).toEqual([[1n, 2n]]));
    view.unmount();

    const readOnly = setup(["ListBanner"]);
    renderWithProviders(<BannerPage />, readOnly.deps);
    const locked = await tableRow("春季横幅");
    expect((within(locked).getByRole("switch") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId("banner-add")).toBeNull();
    expect(screen.queryByTestId("batch-delete")).toBeNull();
  }, 120_000);
});

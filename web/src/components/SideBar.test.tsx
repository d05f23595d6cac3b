import { describe, expect, it, jest } from "@jest/globals";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { renderWithProviders, testDeps } from "../../test/render.js";
import { BACK_TOP_AFTER, SideBar } from "./SideBar.js";

const scrollTo = (y: number) =>
  act(async () => {
    Object.defineProperty(window, "scrollY", { value: y, configurable: true });
    window.dispatchEvent(new Event("scroll"));
    await Promise.resolve();
  });

const bar = () => screen.getByRole("navigation", { name: "快捷操作" });

describe("SideBar (spec §2 right bar)", () => {
  it("links to publishing an article and uploading a document", async () => {
    renderWithProviders(<SideBar />);
    const links = within(await screen.findByRole("navigation", { name: "快捷操作" })).getAllByRole("link");
    expect(links.map((a) => [a.getAttribute("aria-label"), a.getAttribute("href")])).toEqual([
      ["发布文章", "/post"],
      ["上传文档", "/upload"],
    ]);
  });

  it("offers the way back to the top only once scrolled past the threshold, and scrolls there", async () => {
    // The next frame comes as a microtask (jsdom paints none).
    jest.spyOn(window, "requestAnimationFrame").mockImplementation((run) => {
      queueMicrotask(() => run(0));
      return 1;
    });
    const scroll = jest.spyOn(window, "scrollTo").mockImplementation(() => {});
    renderWithProviders(<SideBar />);
    await screen.findByRole("navigation", { name: "快捷操作" });
    expect(within(bar()).queryByRole("button", { name: "回到顶部" })).toBeNull();

    await scrollTo(BACK_TOP_AFTER + 1);
    fireEvent.click(within(bar()).getByRole("button", { name: "回到顶部" }));
    expect(scroll.mock.calls).toEqual([[{ top: 0, behavior: "smooth" }]]);

    await scrollTo(BACK_TOP_AFTER);
    expect(within(bar()).queryByRole("button", { name: "回到顶部" })).toBeNull();
  });
});

describe("SideBar with the site's WeChat QR code and contact link (display settings)", () => {
  const deps = (display: Record<string, unknown>) => testDeps({ loadSettings: async () => ({ display }) });

  it("shows neither when the site has none", async () => {
    renderWithProviders(<SideBar />, deps({}));
    await screen.findByRole("navigation", { name: "快捷操作" });
    expect(within(bar()).queryByRole("button", { name: "微信公众号" })).toBeNull();
    expect(within(bar()).queryByRole("link", { name: "联系我们" })).toBeNull();
  });

  it("opens the QR code with its tip, and links to the contact page in a new tab when external", async () => {
    renderWithProviders(
      <SideBar />,
      deps({
        wechatQrcode: "/uploads/qr.png",
        wechatTip: "扫码关注",
        contactLink: "https://help.example.com/",
        contactTip: "在线客服",
      }),
    );
    const contact = await within(await screen.findByRole("navigation", { name: "快捷操作" })).findByRole("link", {
      name: "在线客服",
    });
    expect(contact.getAttribute("href")).toBe("https://help.example.com/");
    expect(contact.getAttribute("target")).toBe("_blank");
    fireEvent.click(within(bar()).getByRole("button", { name: "扫码关注" }));
    const qr = await screen.findByTestId("wechat-qrcode");
    expect(qr.querySelector("img")?.getAttribute("src")).toBe("/uploads/qr.png");
    expect(qr.textContent).toBe("扫码关注");
  });
});

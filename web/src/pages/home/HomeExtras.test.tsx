import { create } from "@bufbuild/protobuf";
import type { ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it } from "@jest/globals";
import { screen, within } from "@testing-library/react";
import { BannerAPI, BannerSchema, type ListBannerRequest } from "@wenku/proto/api/v1/banner_pb.js";
import { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { DocumentAPI, DocumentSchema } from "@wenku/proto/api/v1/document_pb.js";
import { BannerType } from "@wenku/proto/api/v1/enums_pb.js";
import { FriendlinkAPI, FriendlinkSchema } from "@wenku/proto/api/v1/friendlink_pb.js";
import { preloadRoutes } from "../../../test/preloadRoutes.js";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import { routes } from "../../router/routes.js";

const doc = (id: number, title: string) => create(DocumentSchema, { id: BigInt(id), title, ext: ".pdf", pages: 3 });

function services(seen: { banner?: ListBannerRequest } = {}, options: { banners?: number } = {}) {
  return (router: ConnectRouter) => {
    emptyServices(router);
    router.service(DocumentAPI, {
      listDocumentForHome: () => ({ document: [] }),
      listDocument: (req) => {
        const documents = req.isRecommend.includes(true) ? [doc(5, "编辑推荐讲义")] : [doc(1, "最新文档")];
        return { total: BigInt(documents.length), document: documents };
      },
    });
    router.service(BannerAPI, {
      listBanner: (req) => {
        seen.banner = req;
        const banner = Array.from({ length: options.banners ?? 2 }, (_, i) =>
          create(BannerSchema, {
            id: BigInt(i + 1),
            title: `横幅${i + 1}`,
            path: `/uploads/banner-${i + 1}.png`,
            url: i === 0 ? "https://promo.example.com/" : "",
            enable: true,
          }),
        );
        return { total: BigInt(banner.length), banner };
      },
    });
    router.service(ConfigAPI, { getStats: () => ({ documentCount: 1234, userCount: 56, categoryCount: 7 }) });
    router.service(FriendlinkAPI, {
      listFriendlink: (req) => ({
        total: 1n,
        friendlink: req.enable.includes(true)
          ? [create(FriendlinkSchema, { id: 1n, title: "开源中国", link: "https://www.oschina.net/", enable: true })]
          : [],
      }),
    });
  };
}

preloadRoutes(() => import("../HomePage.js"));

describe("home page v1: banners, keywords, account box, recommended, friend links", () => {
  it("lays the search over the website's enabled banners, with a dot per slide and linked slides", async () => {
    const seen: { banner?: ListBannerRequest } = {};
    renderRoutes(routes, { path: "/", deps: testDeps({ services: services(seen) }) });
    const carousel = await screen.findByTestId("home-banners", {}, { timeout: 8000 });
    expect(seen.banner?.type).toEqual([BannerType.WEBSITE]);
    expect(seen.banner?.enable).toEqual([true]);
    const slides = within(carousel).getAllByRole("group");
    expect(slides.map((s) => s.querySelector("img")?.getAttribute("src"))).toEqual([
      "/uploads/banner-1.png",
      "/uploads/banner-2.png",
    ]);
    expect(
      within(slides[0] as HTMLElement)
        .getByRole("link")
        .getAttribute("href"),
    ).toBe("https://promo.example.com/");
    expect(within(slides[1] as HTMLElement).queryByRole("link")).toBeNull();
    expect(within(carousel).getAllByRole("button", { name: /第 \d 张/ })).toHaveLength(2);
    expect(within(carousel).getByTestId("site-name")).toBeTruthy();
    expect(within(carousel).getByRole("searchbox")).toBeTruthy();
  });

  it("keeps the plain hero without banners, and shows no dots for a single one", async () => {
    renderRoutes(routes, { path: "/", deps: testDeps({ services: services({}, { banners: 0 }) }) });
    await screen.findByTestId("site-name", {}, { timeout: 8000 });
    expect(screen.queryByTestId("home-banners")).toBeNull();
  });

  it("suggests the site's keywords, greets a visitor with login and counters, and lists recommended documents", async () => {
    renderRoutes(routes, {
      path: "/",
      deps: testDeps({
        services: services(),
        loadSettings: async () => ({ system: { sitename: "魔刀文库", recommendWords: ["考研", "Go 语言"] } }),
      }),
    });
    const words = await screen.findByTestId("home-words", {}, { timeout: 8000 });
    expect(
      within(words)
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual([
      ["考研", "/search?wd=%E8%80%83%E7%A0%94&type=0"],
      ["Go 语言", "/search?wd=Go+%E8%AF%AD%E8%A8%80&type=0"],
    ]);
    const aside = await screen.findByTestId("home-aside");
    expect(within(aside).getByText("欢迎来到魔刀文库")).toBeTruthy();
    expect(
      within(aside)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/login", "/register"]);
    const stats = await within(aside).findByTestId("home-stats");
    expect(stats.textContent).toBe("文档1,234用户56分类7");
    const picks = await screen.findByTestId("home-recommended");
    expect(within(picks).getByText("编辑推荐讲义")).toBeTruthy();
  });

  it("shows the enabled friend links in the footer of the home page only", async () => {
    renderRoutes(routes, { path: "/", deps: testDeps({ services: services() }) });
    const links = await screen.findByTestId("friendlinks", {}, { timeout: 8000 });
    const link = within(links).getByRole("link", { name: "开源中国" });
    expect(link.getAttribute("href")).toBe("https://www.oschina.net/");
    expect(link.getAttribute("target")).toBe("_blank");
  });
});

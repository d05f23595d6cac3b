import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, within } from "@testing-library/react";
import { NavigationAPI, NavigationSchema } from "@wenku/proto/api/v1/navigation_pb.js";
import { routes } from "../router/routes.js";
import { renderRoutes, testDeps } from "../test/render.js";

describe("home page and header", () => {
  it("shows the library name when no settings are loaded, in the hero and the logo", async () => {
    renderRoutes(routes, { path: "/" });
    expect((await screen.findByTestId("site-name", {}, { timeout: 8000 })).textContent).toBe("文库");
    expect(screen.getByTestId("site-logo").textContent).toBe("文库");
    expect(document.title).toBe("文库");
  });

  it("shows the configured site name from the settings loader", async () => {
    const deps = testDeps({ loadSettings: async () => ({ system: { sitename: "魔刀文库", title: "MOREDOC" } }) });
    renderRoutes(routes, { path: "/", deps });
    expect(await screen.findByText("魔刀文库", { selector: "[data-testid=site-name]" })).toBeTruthy();
    expect(document.title).toBe("MOREDOC");
  });

  it("adds enabled navigation items from NavigationAPI after the fixed links", async () => {
    const deps = testDeps({
      services: (router) =>
        router.service(NavigationAPI, {
          listNavigation: () => ({
            total: 2n,
            navigation: [
              create(NavigationSchema, { id: 1n, title: "帮助中心", href: "https://help.example.com", enable: true }),
              create(NavigationSchema, { id: 2n, title: "已停用", href: "/x", enable: false }),
            ],
          }),
        }),
    });
    renderRoutes(routes, { path: "/", deps });
    const help = await screen.findByRole("link", { name: "帮助中心" }, { timeout: 8000 });
    expect(help.getAttribute("href")).toBe("https://help.example.com");
    expect(help.getAttribute("target")).toBe("_blank");
    expect(screen.queryByText("已停用")).toBeNull();
    const nav = screen.getAllByRole("navigation")[0];
    expect(nav && within(nav).getByRole("link", { name: "首页" }).getAttribute("href")).toBe("/");
  });

  it("searches documents only for a non-empty keyword", async () => {
    renderRoutes(routes, { path: "/" });
    const box = await screen.findByRole("searchbox", { name: "输入关键词搜索文档" });
    const go = screen.getByRole("button", { name: /^搜\s?索$/ }); // antd spaces two-character labels
    fireEvent.click(go);
    expect(screen.getByTestId("site-name")).toBeTruthy();
    fireEvent.change(box, { target: { value: " 考研 " } });
    fireEvent.click(go);
    expect(await screen.findByTestId("page-placeholder")).toBeTruthy();
  });
});

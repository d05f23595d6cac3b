import { describe, expect, it } from "@jest/globals";
import { screen } from "@testing-library/react";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { preloadRoutes } from "../../test/preloadRoutes.js";
import { emptyServices, renderRoutes, testDeps } from "../../test/render.js";
import { routes } from "./routes.js";

preloadRoutes(
  () => import("./adminRoutes.js"),
  () => import("../layouts/AdminLayout.js"),
  () => import("../pages/auth/LoginPage.js"),
  () => import("../pages/NotFoundPage.js"),
);

// The public tree does not hold the back office: patchRoutesOnNavigation adds it on the way to /admin.
describe("the route tree", () => {
  it("starts without the back office", () => {
    const layouts = routes[0]?.children ?? [];
    expect(layouts.some((route) => route.path === "admin")).toBe(false);
  });

  it("adds the back office when a navigation reaches /admin: a visitor is sent to log in", async () => {
    renderRoutes(routes, { path: "/admin/user/list" });
    expect(await screen.findByTestId("login-form", {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByText("页面不存在")).toBeNull();
  });

  it("tells a signed-in user without admin pages so (403), with a way home, instead of leaving", async () => {
    const deps = testDeps({
      services: (router) => {
        emptyServices(router);
        router.service(UserAPI, { getUserPermissions: () => ({ permission: [] }) });
      },
    });
    deps.sessionStore.login({ id: 3, username: "member" }, "member-token");
    renderRoutes(routes, { path: "/admin", deps });
    const refusal = await screen.findByTestId("admin-no-access", {}, { timeout: 8000 });
    expect(refusal.textContent).toContain("您没有管理后台的访问权限");
    expect(screen.getByRole("link", { name: /返回首页/ }).getAttribute("href")).toBe("/");
  });

  it("leaves other unknown paths to the not-found page", async () => {
    renderRoutes(routes, { path: "/administration" });
    expect(await screen.findByRole("heading", { name: "页面不存在" }, { timeout: 8000 })).toBeTruthy();
  });
});

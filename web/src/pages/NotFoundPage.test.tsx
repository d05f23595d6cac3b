import { describe, expect, it } from "@jest/globals";
import { screen, waitFor } from "@testing-library/react";
import { preloadRoutes } from "../../test/preloadRoutes.js";
import { renderRoutes, testDeps } from "../../test/render.js";
import { routes } from "../router/routes.js";

preloadRoutes(() => import("./NotFoundPage.js"));

describe("404 page", () => {
  it("shows 页面不存在 with a return-home button for an unknown route", async () => {
    renderRoutes(routes, { path: "/no/such/page" });
    expect(await screen.findByRole("heading", { name: "页面不存在" }, { timeout: 8000 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("页面不存在 - 文库"));
    const home = screen.getByRole("link", { name: /返回首页/ });
    expect(home.getAttribute("href")).toBe("/");
  });

  it("is served at /404 and speaks English when English is chosen", async () => {
    renderRoutes(routes, { path: "/404", deps: testDeps({ lang: "en" }) });
    expect(
      await screen.findByRole("heading", { name: "This page could not be found" }, { timeout: 8000 }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: /Return to home/ }).getAttribute("href")).toBe("/");
  });

  it("does not show for a known route", async () => {
    renderRoutes(routes, { path: "/login" });
    expect(await screen.findByTestId("login-form", {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByText("页面不存在")).toBeNull();
  });
});

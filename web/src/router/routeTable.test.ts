import { describe, expect, it } from "@jest/globals";
import { ADMIN_PAGES } from "./adminPages.js";
import { allRoutePatterns } from "./adminRoutes.js";
import { LAYOUTS, routePatterns } from "./routeTable.js";

// routePatterns() is what the build writes to dist/routes.json: the gateway answers 404 for any path
// none of them matches, so a page missing here would be unreachable by a fresh load.
describe("routePatterns", () => {
  const patterns = allRoutePatterns();

  it("lists the public pages with their parameters, index pages as their parent's path", () => {
    for (const p of ["/", "/category", "/category/:id", "/document/:id?", "/search", "/article/:id", "/me"]) {
      expect(patterns).toContain(p);
    }
    expect(patterns).toContain("/me/profile");
    expect(patterns).toContain("/user/:id?");
    expect(patterns).toContain("/user/:id?/document");
  });

  it("lists every back-office screen of the menu and the dashboard", () => {
    for (const page of ADMIN_PAGES) expect(patterns).toContain(page.path);
    expect(patterns).toEqual(expect.arrayContaining(["/admin", "/admin/index", "/admin/dashboard"]));
  });

  it("leaves out the not-found routes (the catch-alls and /404)", () => {
    expect(patterns.filter((p) => p.includes("*") || p === "/404")).toEqual([]);
  });

  it("joins layout, section and page paths with single slashes, each pattern once", () => {
    const load = LAYOUTS[0]?.load ?? (() => Promise.reject(new Error("no layout")));
    const page = { path: "p", load, title: "page.home" as const };
    const tree = [{ path: "x", load, children: [{ path: "y", children: [page, { ...page, path: null }] }] }];
    expect(routePatterns(tree)).toEqual(["/x/y/p", "/x/y"]);
    expect(patterns.every((p) => p.startsWith("/") && !p.includes("//"))).toBe(true);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});

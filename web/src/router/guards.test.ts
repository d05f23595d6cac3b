import { describe, expect, it } from "@jest/globals";
import { visibleAdminMenu } from "./adminPages.js";
import { adminRedirect, frontRedirect } from "./guards.js";

const anonymous = { user: null, token: "", permissions: [] };
const member = { user: { id: 3, username: "m" }, token: "t", permissions: [] };
const staff = { ...member, permissions: [{ id: 1, method: "GRPC", path: "/api.v1.X/Y", title: "x" }] };
const open = { loginRequired: false, isClose: false };

describe("admin guard", () => {
  it("sends visitors without a token or allowed pages home", () => {
    expect(adminRedirect("/admin", { token: "", allowedPages: ["/admin/user/list"] })).toBe("/");
    expect(adminRedirect("/admin", { token: "t", allowedPages: [] })).toBe("/");
  });

  it("lets staff see allowed pages and the always-open ones, else back to /admin", () => {
    const session = { token: "t", allowedPages: ["/admin/user/list"] };
    for (const path of ["/admin", "/admin/index", "/admin/dashboard", "/admin/navigation", "/admin/user/list/"]) {
      expect(adminRedirect(path, session)).toBeNull();
    }
    expect(adminRedirect("/admin/config/system", session)).toBe("/admin");
  });

  it("shows the dashboard always and other menu items only when allowed", () => {
    expect(visibleAdminMenu([]).map((e) => ("path" in e ? e.path : e.key))).toEqual(["/admin/dashboard"]);
    const menu = visibleAdminMenu(["/admin/config/system", "/admin/report"]);
    expect(menu.map((e) => ("path" in e ? e.path : e.key))).toEqual(["/admin/dashboard", "/admin/report", "config"]);
    const config = menu.find((e) => "key" in e && e.key === "config");
    expect(config && "pages" in config ? config.pages.map((p) => p.path) : []).toEqual(["/admin/config/system"]);
  });
});

describe("front guard", () => {
  const at = (pathname: string, search = "") => ({ pathname, search });

  it("requires login for /me and remembers the page", () => {
    expect(frontRedirect(at("/me/profile", "?tab=1"), anonymous, open)).toBe(
      "/login?redirect=%2Fme%2Fprofile%3Ftab%3D1",
    );
    expect(frontRedirect(at("/me"), member, open)).toBeNull();
    expect(frontRedirect(at("/menu"), anonymous, open)).toBeNull();
  });

  it("keeps only auth and oauth pages reachable when login is required", () => {
    const required = { loginRequired: true, isClose: false };
    expect(frontRedirect(at("/document/1"), anonymous, required)).toBe("/login?redirect=%2Fdocument%2F1");
    expect(frontRedirect(at("/"), anonymous, required)).toBe("/login");
    for (const page of ["/login", "/register", "/findpassword", "/findpassword-mobile", "/oauth/github"]) {
      expect(frontRedirect(at(page), anonymous, required)).toBeNull();
    }
    expect(frontRedirect(at("/document/1"), member, required)).toBeNull();
  });

  it("on a closed site lets only users with permissions in", () => {
    const closed = { loginRequired: false, isClose: true };
    expect(frontRedirect(at("/"), anonymous, closed)).toBe("/login");
    expect(frontRedirect(at("/"), member, closed)).toBe("/login");
    expect(frontRedirect(at("/"), staff, closed)).toBeNull();
    expect(frontRedirect(at("/login"), member, closed)).toBeNull(); // stays on login
  });

  it("sends logged-in users away from auth pages to their user page", () => {
    expect(frontRedirect(at("/login"), member, open)).toBe("/user/3");
    expect(frontRedirect(at("/register"), member, open)).toBe("/user/3");
  });
});

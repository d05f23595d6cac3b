import { describe, expect, it } from "@jest/globals";
import { adminRedirect } from "./adminGuard.js";
import { ADMIN_PAGES, allowedPagesFor, PAGE_PERMISSIONS, visibleAdminMenu } from "./adminPages.js";
import { frontRedirect } from "./guards.js";

const anonymous = { user: null, token: "", permissions: [] };
const member = { user: { id: 3, username: "m" }, token: "t", permissions: [] };
const staff = { ...member, permissions: [{ id: 1, method: "GRPC", path: "/api.v1.X/Y", title: "x" }] };
const open = { loginRequired: false, isClose: false };

describe("admin guard", () => {
  const at = (pathname: string, search = "") => ({ pathname, search });

  it("sends anonymous visitors to login, remembering the page", () => {
    expect(adminRedirect(at("/admin/user/list", "?page=2"), { token: "", allowedPages: [] })).toEqual({
      to: "/login?redirect=%2Fadmin%2Fuser%2Flist%3Fpage%3D2",
      reason: "login",
    });
  });

  it("turns users without allowed pages away, home being their way out (the layout says so: 403)", () => {
    expect(adminRedirect(at("/admin"), { token: "t", allowedPages: [] })).toEqual({ to: "/", reason: "noAccess" });
  });

  it("lets staff see allowed pages and the dashboard, else back to /admin", () => {
    const session = { token: "t", allowedPages: ["/admin/user/list"] };
    for (const path of ["/admin", "/admin/index", "/admin/dashboard", "/admin/user/list/"]) {
      expect(adminRedirect(at(path), session)).toBeNull();
    }
    for (const path of ["/admin/config/system", "/admin/navigation", "/admin/user/group"]) {
      expect(adminRedirect(at(path), session)).toEqual({ to: "/admin", reason: "forbidden" });
    }
    expect(adminRedirect(at("/admin/no-such-page"), session)).toBeNull(); // the 404 page shows
  });

  it("shows the dashboard always and other menu items only when allowed", () => {
    expect(visibleAdminMenu([]).map((e) => ("path" in e ? e.path : e.key))).toEqual(["/admin/dashboard"]);
    const menu = visibleAdminMenu(["/admin/config/system", "/admin/report"]);
    expect(menu.map((e) => ("path" in e ? e.path : e.key))).toEqual(["/admin/dashboard", "/admin/report", "config"]);
    const config = menu.find((e) => "key" in e && e.key === "config");
    expect(config && "pages" in config ? config.pages.map((p) => p.path) : []).toEqual(["/admin/config/system"]);
  });
});

describe("allowed admin pages", () => {
  const perm = (id: number | bigint, path: string) => ({ id, path });

  it("maps every admin page to the permissions it needs", () => {
    for (const page of ADMIN_PAGES) {
      expect({ page: page.path, mapped: (PAGE_PERMISSIONS[page.path]?.length ?? 0) > 0 }).toEqual({
        page: page.path,
        mapped: true,
      });
      expect(PAGE_PERMISSIONS[page.path]?.every((p) => /^\/api\.v1\.\w+API\/\w+$/.test(p))).toBe(true);
    }
  });

  it("derives pages from held permissions with positive ids only", () => {
    expect(allowedPagesFor([perm(5n, "/api.v1.UserAPI/ListUser")])).toEqual(["/admin/user/list"]);
    expect(allowedPagesFor([perm(0, "/api.v1.UserAPI/ListUser")])).toEqual([]);
    expect(allowedPagesFor([perm(1, "/api.v1.UserAPI/AddUser")])).toEqual([]);
    const config = allowedPagesFor([perm(2, "/api.v1.ConfigAPI/ListConfig")]);
    expect(config).toContain("/admin/config/system");
    expect(config).not.toContain("/admin/article/set"); // the article editor needs UpdateArticle
    expect(config).not.toContain("/admin/user/list");
  });

  it("gives a holder of every permission every page, in menu order", () => {
    const all = Object.values(PAGE_PERMISSIONS)
      .flat()
      .map((path, i) => perm(i + 1, path));
    expect(allowedPagesFor(all)).toEqual(ADMIN_PAGES.map((p) => p.path));
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

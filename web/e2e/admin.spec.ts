import { expect, type Locator, type Page, test } from "@playwright/test";
import { registerUser } from "./api.js";
import { DESKTOP_ONLY } from "./groups.js";
import { rowAction } from "./rowActions.js";
import { searchList } from "./search.js";
import { adminAccount, login, startEachTestFresh, unique } from "./session.js";

/**
 * The back office end to end (issue #3): groups with permissions decide which admin pages a user
 * sees and may open; the navigation managed here shows in the public header.
 * Needs WENKU_ADMIN_PASSWORD (the first-start admin password of the stack under test).
 */
const ADMIN = adminAccount();
const LIST_USER = "/api.v1.UserAPI/ListUser";

startEachTestFresh();

async function logout(page: Page): Promise<void> {
  // Retried: a re-render right after navigation closes an open dropdown.
  await expect(async () => {
    const item = page.getByRole("menuitem", { name: "退出登录" });
    if (!(await item.isVisible())) await page.getByTestId("admin-user-menu").click();
    await item.click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText("退出成功")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

/** The side menu; on phones it lives in a drawer opened from the header. */
async function adminMenu(page: Page): Promise<Locator> {
  const menu = page.getByTestId("admin-menu");
  await expect(page.getByTestId("admin-user-menu")).toBeVisible(); // the layout has loaded
  if (!(await menu.isVisible())) await page.getByRole("button", { name: "展开菜单" }).click();
  await expect(menu).toBeVisible();
  return menu;
}

/** Every entry of the admin menu with submenus opened, in order. */
async function menuLabels(page: Page): Promise<string[]> {
  const menu = await adminMenu(page);
  const submenus = menu.locator(".ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title");
  while ((await submenus.count()) > 0) await submenus.first().click();
  return (await menu.getByRole("menuitem").allInnerTexts()).map((text) => text.trim());
}

const search = searchList;

const openDrawer = (page: Page) => page.locator(".ant-drawer-open");
const drawerSave = (page: Page) => openDrawer(page).getByTestId("drawer-save");

test("a group with only the user-list permission opens exactly that admin page", async ({ page }, info) => {
  test.setTimeout(180_000);
  const groupTitle = unique("e2e组", info);
  const username = unique("e2euser", info);
  const password = "e2e-user-password";

  await login(page, ADMIN);
  await page.goto("/admin/user/group");
  await page.getByTestId("group-add").click();
  await openDrawer(page).getByLabel("名称").fill(groupTitle);
  await drawerSave(page).click();
  await expect(page.getByText("新增成功")).toBeVisible();
  await search(page, groupTitle); // earlier runs may have pushed it off the first page
  const groupRow = page.getByRole("row").filter({ hasText: groupTitle });
  await expect(groupRow).toBeVisible();

  await rowAction(page, groupRow, "权限");
  const node = page.getByTestId(`permission-${LIST_USER}`);
  await node.scrollIntoViewIfNeeded();
  await node.click();
  await expect(page.getByText(/已选 1 \/ \d+ 项权限/)).toBeVisible();
  await drawerSave(page).click();
  await expect(page.getByText("权限已更新")).toBeVisible();

  await page.goto("/admin/user/list");
  await page.getByTestId("user-add").click();
  const userForm = openDrawer(page);
  await userForm.getByLabel("用户名").fill(username);
  await userForm.getByLabel("密码").fill(password);
  const groups = userForm.getByTestId("user-groups");
  await groups.click();
  await page.keyboard.press("Backspace"); // drop the preselected default group
  await page.keyboard.type(groupTitle);
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await expect(groups).toContainText(groupTitle);
  await drawerSave(page).click();
  await expect(page.getByText("新增成功")).toBeVisible();
  await search(page, username);
  await expect(page.getByRole("row").filter({ hasText: username })).toContainText(groupTitle);
  await logout(page);

  await login(page, { username, password });
  await page.goto("/admin");
  expect(await menuLabels(page)).toEqual(["面板", "用户管理", "用户列表"]);

  await page.goto("/admin/user/list");
  await expect(page.getByRole("heading", { name: "用户列表" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: username })).toBeVisible();
  await expect(page.getByTestId("user-add")).toHaveCount(0); // no AddUser permission

  for (const path of ["/admin/user/group", "/admin/navigation"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText("您没有权限访问该页面").first()).toBeVisible();
  }
});

// A redirect rule; the login page at 375 px is every signing-in test's.
test("anonymous visitors of the back office are sent to login", { tag: DESKTOP_ONLY }, async ({ page }) => {
  await page.goto("/admin/user/list");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fuser%2Flist$/);
});

test("a navigation item created in the back office shows in the public header", async ({ page, isMobile }, info) => {
  const title = unique("导航", info);
  await login(page, ADMIN);
  await page.goto("/admin/navigation");
  await page.getByTestId("navigation-add").click();
  await openDrawer(page).getByLabel("名称").fill(title);
  await openDrawer(page).getByLabel("链接").fill("/article");
  await drawerSave(page).click();
  await expect(page.getByRole("row").filter({ hasText: title })).toBeVisible();

  await page.goto("/");
  if (isMobile) await page.getByRole("banner").getByRole("button", { name: "菜单" }).click();
  await expect(page.getByRole("link", { name: title })).toBeVisible();
});

test("a member without admin pages who opens /admin is told so, with a way home", async ({ page, request }, info) => {
  const username = unique("e2e_noadmin", info);
  await registerUser(request, username, "no-admin-pass-1");
  await login(page, { username, password: "no-admin-pass-1" }, "/");
  await page.goto("/admin");
  const refusal = page.getByTestId("admin-no-access");
  await expect(refusal).toContainText("您没有管理后台的访问权限");
  await expect(page).toHaveURL(/\/admin$/); // not silently sent away
  await page.screenshot({ path: info.outputPath("admin-403.png") });
  await refusal.getByRole("link", { name: /返回首页/ }).click();
  await expect(page).toHaveURL(/\/$/);
});

/**
 * Where the rightmost columns of a table end when it is scrolled all the way: none may stay under the
 * pinned actions column. Also whether it scrolls at all.
 */
async function tableFit(page: Page) {
  return page
    .locator(".ant-table-content")
    .first()
    .evaluate((box) => {
      box.scrollLeft = box.scrollWidth;
      const heads = [...box.querySelectorAll("thead th")] as HTMLElement[];
      const pinned = heads.find(
        (th) => th.className.includes("ant-table-cell-fix-right") || th.className.includes("fix-end"),
      );
      const edge = pinned ? pinned.getBoundingClientRect().left : box.getBoundingClientRect().right;
      const hidden = heads
        .filter((th) => th !== pinned && th.getBoundingClientRect().right > edge + 1)
        .map((th) => th.textContent);
      return { scrolls: box.scrollWidth > box.clientWidth + 1, hidden };
    });
}

test("admin tables fit a 1366 px screen, scroll on a phone, and hide no column under the actions", async ({
  page,
  isMobile,
}) => {
  test.setTimeout(120_000);
  if (!isMobile) await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, ADMIN);
  for (const path of ["/admin/document/list", "/admin/user/list", "/admin/user/group"]) {
    await page.goto(path);
    await expect(page.locator(".ant-table-row, .ant-table-placeholder").first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator(".ant-spin-spinning")).toHaveCount(0);
    const fit = await tableFit(page);
    expect(fit.hidden, `${path}: columns under the actions column`).toEqual([]);
    // On a screen this wide every column fits (cells wrap); a phone scrolls sideways instead.
    if (!isMobile) expect(fit.scrolls, `${path} scrolls sideways at 1366 px`).toBe(false);
  }
});

test("every built admin page loads without an API error", async ({ page }, info) => {
  test.setTimeout(180_000);
  await login(page, ADMIN);
  const pages = ["/admin", "/admin/user/list", "/admin/user/group", "/admin/user/permission"];
  pages.push("/admin/user/punishment", "/admin/navigation");
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 4 })).toBeVisible();
    await expect(page.locator(".ant-spin-spinning")).toHaveCount(0);
    if (path !== "/admin") await expect(page.getByTestId("api-error")).toHaveCount(0);
    const dir = process.env.ADMIN_SCREENSHOT_DIR;
    if (dir) {
      const name = path.replaceAll("/", "_");
      await page.screenshot({ path: `${dir}/${info.project.name}${name}.png`, fullPage: true });
    }
  }
});

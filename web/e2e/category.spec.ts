import { expect, type Page, test } from "@playwright/test";
import { DESKTOP_ONLY } from "./groups.js";
import { confirmNewest, rowAction, rowLinkHref } from "./rowActions.js";
import { searchList } from "./search.js";
import { adminAccount, login, secondPage, startEachTestFresh, unique } from "./session.js";

/**
 * Categories and languages end to end (issue #4): the admin builds a category tree and switches a
 * sub-category off and on again; an anonymous visitor sees exactly the enabled part. A language
 * switched off leaves the public settings. Needs WENKU_ADMIN_PASSWORD.
 */
const ADMIN = adminAccount();

startEachTestFresh();

const openDrawer = (page: Page) => page.locator(".ant-drawer-open");
const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

async function saveCategory(page: Page, title: string): Promise<void> {
  await openDrawer(page).getByLabel("名称").fill(title);
  await openDrawer(page).getByTestId("drawer-save").click();
  await expect(page.getByText("新增成功").last()).toBeVisible();
  await expect(row(page, title)).toBeVisible();
}

async function confirmDelete(page: Page, title: string): Promise<void> {
  const confirms = page.locator(".ant-popover:visible, .ant-modal-confirm:visible");
  await expect(confirms).toHaveCount(0); // the previous confirm has closed (it fades out)
  await rowAction(page, row(page, title), "删除");
  await confirmNewest(page);
  await expect(confirms).toHaveCount(0);
}

// Visibility rules: the admin pages at 375 px are admin.spec's (every page), /category site-chrome's.
test(
  "a disabled sub-category is hidden from visitors until it is enabled again",
  { tag: DESKTOP_ONLY },
  async ({ page, browser }, info) => {
    test.setTimeout(120_000);
    const root = unique("e2e根分类", info);
    const child = unique("e2e子分类", info);

    await login(page, ADMIN);
    await page.goto("/admin/document/category");
    await expect(page.getByRole("heading", { name: "文档分类" })).toBeVisible();
    await page.getByTestId("category-add").click();
    await saveCategory(page, root);
    await rowAction(page, row(page, root), "添加子分类");
    await expect(openDrawer(page).getByText(root)).toBeVisible(); // the parent is preselected
    await saveCategory(page, child);

    const href = await rowLinkHref(page, row(page, root), "在前台查看");
    expect(href).toMatch(/^\/category\/\d+$/);
    await page.getByRole("switch", { name: `启用 ${child}` }).click();
    await expect(page.getByRole("switch", { name: `启用 ${child}` })).not.toBeChecked();

    const visitor = await secondPage(browser, info);
    await visitor.goto(href as string);
    await expect(visitor.getByTestId("category-title")).toHaveText(root);
    await expect(visitor.getByText(child)).toHaveCount(0);
    // The document list is another slice: whatever it answers, the page stays whole.
    await expect(visitor.getByTestId("category-docs").or(visitor.getByTestId("category-docs-error"))).toBeVisible();
    await visitor.screenshot({ path: info.outputPath("category-visitor-disabled.png"), fullPage: true });

    await page.getByRole("switch", { name: `启用 ${child}` }).click();
    await expect(page.getByRole("switch", { name: `启用 ${child}` })).toBeChecked();
    await visitor.reload();
    const childLink = visitor.getByTestId("category-children").getByRole("link", { name: child });
    await expect(childLink).toBeVisible();
    await childLink.click();
    await expect(visitor.getByTestId("category-title")).toHaveText(child);
    await expect(visitor.locator(".ant-breadcrumb").getByRole("link", { name: root })).toBeVisible();
    await visitor.screenshot({ path: info.outputPath("category-visitor-child.png"), fullPage: true });
    await visitor.context().close();

    // The server refuses to delete a category that still has children; its message shows.
    await confirmDelete(page, root);
    await expect(page.locator(".ant-message-error")).toBeVisible();
    await expect(row(page, root)).toBeVisible();
    await page.screenshot({ path: info.outputPath("category-admin.png"), fullPage: true });
    await confirmDelete(page, child);
    await expect(row(page, child)).toHaveCount(0);
    await confirmDelete(page, root);
    await expect(row(page, root)).toHaveCount(0);
  },
);

test("a language switched off leaves the public settings", { tag: DESKTOP_ONLY }, async ({ page }, info) => {
  test.setTimeout(90_000);
  // A valid code (xx-subtag) unique per run and project.
  const code = `qa-${info.project.name.slice(0, 1)}${Date.now().toString(36).slice(-4)}${Math.floor(Math.random() * 1000)}`;
  const name = `E2E语言${code}`;
  const settingsCodes = async () => {
    const reply = await page.request.get("/api/v1/settings");
    expect(reply.ok()).toBe(true);
    const body = (await reply.json()) as { language?: { code: string }[] };
    return (body.language ?? []).map((l) => l.code);
  };

  await login(page, ADMIN);
  await page.goto("/admin/document/language");
  await expect(page.getByRole("heading", { name: "语言管理" })).toBeVisible();
  await page.getByTestId("language-add").click();
  await openDrawer(page).getByLabel("语言名称").fill(name);
  await openDrawer(page).getByLabel("语言代码").fill(code);
  await openDrawer(page).getByTestId("drawer-save").click();
  await expect(page.getByText("新增成功").last()).toBeVisible();
  await expect.poll(settingsCodes, { timeout: 30_000 }).toContain(code);

  await searchList(page, code);
  const toggle = page.getByRole("switch", { name: `启用 ${name}` });
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect.poll(settingsCodes, { timeout: 30_000 }).not.toContain(code);
  await page.screenshot({ path: info.outputPath("language-admin.png"), fullPage: true });

  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect.poll(settingsCodes, { timeout: 30_000 }).toContain(code);
  await rowAction(page, row(page, name), "删除");
  // The newest confirmation: the previous one may still be fading out after its own confirm.
  await confirmNewest(page);
  await expect(row(page, name)).toHaveCount(0);
});

import { expect, type Page, test } from "@playwright/test";
import { call, registerUser } from "./api.js";
import { confirmNewest, rowAction } from "./rowActions.js";
import { searchList } from "./search.js";
import { adminAccount, login, secondPage, startEachTestFresh, unique } from "./session.js";

/**
 * The article back office (issue #13), desktop and 375 px: the admin reviews a member's article in
 * /admin/article/list (reject with a reason the author reads, then approve), marks it as a site notice
 * (a visitor finds it on the home page), deletes it, restores it
 * from /admin/article/recycle; writes a page with its own address in /admin/article/set and a visitor
 * opens it there. Needs WENKU_ADMIN_PASSWORD.
 */
const ADMIN = adminAccount();

startEachTestFresh();

const articleRow = (page: Page, title: string) => page.getByRole("row").filter({ hasText: title });

test("the admin rejects with a reason, approves, marks as a notice, deletes and restores a member's article", async ({
  page,
  request,
  browser,
}, info) => {
  test.setTimeout(150_000);
  const member = await registerUser(request, unique("e2e_artrev", info), "e2e-author-pass");
  const title = unique("e2e待审文章", info);
  const created = await call<{ id: number; status?: number }>(request, "POST", "/api/v1/article", member.token, {
    title,
    content: "<p>等待审核的文章。</p>",
  });
  expect(created.status ?? 0, "members' articles wait for review").toBe(0);
  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
  try {
    await login(page, ADMIN, "/admin/article/list");
    await searchList(page, title);
    const row = articleRow(page, title);
    await expect(row).toContainText("待审核");

    // Reject with a reason: the author reads it on the article.
    await rowAction(page, row, "审核拒绝");
    await page.getByLabel("原因").fill("请补充来源");
    await page.locator(".ant-modal-confirm .ant-btn-dangerous").click();
    await expect(row).toContainText("已拒绝");
    const rejected = await call<{ status?: number; reject_reason?: string }>(
      request,
      "GET",
      `/api/v1/article?id=${created.id}`,
      member.token,
    );
    expect([rejected.status, rejected.reject_reason]).toEqual([2, "请补充来源"]);

    // Approve: the article is public.
    await rowAction(page, row, "审核通过");
    await expect(row).toContainText("已通过");
    expect((await request.get(`/api/v1/article?id=${created.id}`)).status()).toBe(200);

    // Mark it as a site notice: the home page lists it, linked to the article.
    await rowAction(page, row, "设为公告");
    await expect(row.getByLabel("公告", { exact: true })).toBeVisible();
    const visitor = await secondPage(browser, info);
    await visitor.goto("/");
    const notice = visitor.getByTestId("home-notices").getByRole("link", { name: title });
    await expect(notice).toBeVisible();
    await notice.click();
    await expect(visitor.getByTestId("article-title")).toHaveText(title);
    await visitor.close();

    // Delete to the bin, restore from it.
    await rowAction(page, row, "删除");
    await confirmNewest(page);
    await expect(row).toHaveCount(0);
    expect((await request.get(`/api/v1/article?id=${created.id}`)).status()).toBe(404);
    await page.goto("/admin/article/recycle");
    await searchList(page, title);
    const binned = articleRow(page, title);
    await rowAction(page, binned, "恢复");
    await expect(binned).toHaveCount(0);
    expect((await request.get(`/api/v1/article?id=${created.id}`)).status()).toBe(200);
  } finally {
    await request.delete(`/api/v1/article?id=${created.id}`, { headers: { authorization: `Bearer ${admin.token}` } });
  }
});

test("the admin writes a page with its own address in /admin/article/set; a visitor opens it there", async ({
  page,
  request,
}, info) => {
  test.setTimeout(150_000);
  const title = unique("e2e站点页面", info);
  const identifier = unique("e2e-page", info)
    .replace(/[^A-Za-z0-9_-]/g, "-")
    .slice(0, 60);
  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
  try {
    await login(page, ADMIN, "/admin/article/list");
    await page.getByRole("button", { name: "发布文章" }).click();
    await expect(page).toHaveURL(/\/admin\/article\/set$/);
    const form = page.getByTestId("post-form");
    await form.getByLabel("标题", { exact: true }).fill(title);
    await form.getByLabel("文章标识").fill(identifier);
    await page.locator(".ProseMirror").click();
    await page.keyboard.type("这是站点的说明页面。");
    await page.getByTestId("post-submit").click();
    // staff publish at once and land on the page's readable address
    await expect(page).toHaveURL(new RegExp(`/article/${identifier}$`));
    await expect(page.getByTestId("article-title")).toHaveText(title);

    const visitor = await page.context().browser()?.newPage();
    if (!visitor) throw new Error("no browser");
    const response = await visitor.goto(new URL(`/article/${identifier}`, page.url()).toString());
    expect(response?.status()).toBe(200);
    await expect(visitor.getByTestId("article-body")).toContainText("这是站点的说明页面。");
    await visitor.close();
  } finally {
    const found = await request.get(`/api/v1/article?identifier=${identifier}`);
    if (found.ok()) {
      const { id } = (await found.json()) as { id: number };
      await request.delete(`/api/v1/article?id=${id}`, { headers: { authorization: `Bearer ${admin.token}` } });
    }
  }
});

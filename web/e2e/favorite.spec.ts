import { expect, type Page, test } from "@playwright/test";
import { bearer, call, createCategory, publishPdf, registerUser } from "./api.js";
import { makePdf } from "./fixtures.js";
import { rowAction } from "./rowActions.js";
import { searchList } from "./search.js";
import { adminAccount, login, secondPage, startEachTestFresh, unique } from "./session.js";

/**
 * Favorites, ratings, reports and reading progress end to end: a visitor is asked to sign in; a user
 * favorites a document and finds it in /me/favorite, rates it (4 stars, shown as theirs), reports it
 * (spam); the admin finds the report in /admin/report and handles it with a note; the user reads to
 * page 4, and opening the document again resumes there (and /me lists it as recently read).
 * Needs WENKU_ADMIN_PASSWORD (the first-start admin password of the stack under test).
 */
const ADMIN = adminAccount();

startEachTestFresh();

/** Scrolls the reader's page `n` to the top of the window (below the sticky bars), showing more pages if needed. */
async function readTo(page: Page, n: number) {
  const slot = page.locator(`[data-reader-slot="${n}"]`);
  while ((await slot.count()) === 0) await page.getByTestId("reader-continue").click();
  await slot.evaluate((el) => el.scrollIntoView({ block: "start" }));
}

test("a user favorites, rates and reports a document; the admin handles the report; reading resumes at the last page", async ({
  page,
  request,
  browser,
}, info) => {
  test.setTimeout(240_000);
  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
  const categoryId = await createCategory(request, admin.token, unique("e2e收藏分类", info));
  const username = unique("e2e_fav", info);
  const password = "e2e-favorite-pass";
  const user = await registerUser(request, username, password);
  const title = unique("e2e收藏文档", info);
  const { id } = await publishPdf(request, user, { title, categoryId, pdf: makePdf(6, title) });

  // A visitor is asked to sign in to favorite.
  const visitor = await secondPage(browser, info);
  await visitor.goto(`/document/${id}`);
  await visitor.getByTestId("favorite-toggle").click();
  await expect(visitor.getByRole("dialog")).toContainText("登录后即可收藏");
  await visitor.close();

  // Favorite: the button turns on with the count; /me/favorite lists it.
  await login(page, { username, password }, `/document/${id}`);
  const toggle = page.getByTestId("favorite-toggle");
  await expect(toggle).toContainText("收藏 · 0");
  await toggle.click();
  await expect(toggle).toContainText("已收藏 · 1");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await page.goto("/me/favorite");
  const row = page.getByTestId("favorite-row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/document/${id}$`));
  await expect(page.getByTestId("favorite-toggle")).toContainText("已收藏 · 1");

  // Rate 4 stars: the average and mine are shown, the stars are then fixed.
  const rating = page.getByTestId("document-rating");
  await expect(rating.getByTestId("rating-summary")).toHaveText("暂无评分");
  await rating.locator(".ant-rate-star").nth(3).click();
  await expect(rating.getByTestId("rating-mine")).toHaveText("我的评分：4 星");
  await expect(rating.getByTestId("rating-summary")).toHaveText("4.0 分 · 1 人评分");

  // Report it as spam: received.
  await page.getByTestId("report-open").click();
  const dialog = page.getByRole("dialog").filter({ hasText: "举报文档" });
  await dialog.getByText("垃圾广告").click();
  await dialog.getByTestId("report-submit").click();
  await expect(page.getByText("举报已收到，我们会尽快处理，感谢你的反馈")).toBeVisible();
  await expect(dialog).toBeHidden();
  // a second report while the first is open is refused with the server's reason
  await page.getByTestId("report-open").click();
  await dialog.getByText("人身攻击").click();
  await dialog.getByTestId("report-submit").click();
  await expect(dialog.getByTestId("report-error")).toContainText("您已举报过该文档，请等待处理");
  await dialog.getByRole("button", { name: /取\s*消/ }).click();

  // The admin finds the report in /admin/report and handles it with a note.
  const adminPage = await secondPage(browser, info);
  await login(adminPage, ADMIN, "/admin/report");
  await expect(adminPage.getByRole("heading", { name: "举报管理" })).toBeVisible();
  await searchList(adminPage, title);
  const report = adminPage.getByRole("row").filter({ hasText: title });
  await expect(report).toHaveCount(1);
  await expect(report).toContainText("垃圾广告");
  await expect(report).toContainText("待处理");
  await rowAction(adminPage, report, "处理");
  const note = unique("已核实并处理", info);
  const confirm = adminPage.locator(".ant-modal-confirm:visible").last();
  await confirm.getByTestId("confirm-input").fill(note);
  await confirm.getByRole("button", { name: /^确\s*定$/ }).click();
  await expect(report).toContainText("已处理");
  await expect(report.getByTestId("report-remark")).toHaveText(note);
  await adminPage.close();

  // Reading: page 4 is saved as the user reads; opening the document again resumes there.
  await page.goto(`/document/${id}`);
  await readTo(page, 4);
  await expect
    .poll(
      async () => {
        const r = await request.get(`/api/v1/reading/progress?document_id=${id}`, { headers: bearer(user.token) });
        return ((await r.json()) as { page?: number }).page ?? 0;
      },
      { timeout: 15_000 },
    )
    .toBe(4);
  await page.goto("/");
  await page.goto(`/document/${id}`);
  await expect(page.getByText("已为你跳到上次读到的第 4 页")).toBeVisible();
  await expect(page.locator('[data-reader-slot="4"]')).toBeInViewport();
  // ?page= wins over the saved page
  await page.goto(`/document/${id}?page=2`);
  await expect(page.locator('[data-reader-slot="2"]')).toBeInViewport();

  // /me lists it as recently read, and the favorite in the user's activity.
  await page.goto("/me");
  await expect(page.getByTestId("recent-row").filter({ hasText: title })).toContainText("读到第");
  const feed = page.getByTestId("user-dynamics");
  await expect(feed.getByTestId("dynamic-row").filter({ hasText: `收藏了文档《${title}》` })).toHaveCount(1);
  await expect(feed.getByTestId("dynamic-row").filter({ hasText: `上传了文档《${title}》` })).toHaveCount(1);
  // A visitor to the user's page sees what they favorited (not their uploads: those may await review).
  const other = await secondPage(browser, info);
  await other.goto(`/user/${user.user.id}`);
  const shown = other.getByTestId("user-dynamics").getByTestId("dynamic-row");
  await expect(shown.filter({ hasText: `收藏了文档《${title}》` })).toHaveCount(1);
  await expect(shown.filter({ hasText: "上传了文档" })).toHaveCount(0);
  // the feed links the document by its uuid (moredoc's shape): the page opens it as by its id
  await shown.getByRole("link", { name: title }).click();
  await expect(other).toHaveURL(/\/document\/[0-9a-f]{16}$/);
  await expect(other.getByTestId("document-title")).toHaveText(title);
  await other.close();
});

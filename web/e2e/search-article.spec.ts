import { expect, type Page, test } from "@playwright/test";
import { call } from "./api.js";
import { adminAccount, startEachTestFresh, unique } from "./session.js";

/**
 * Article search end to end: the admin publishes an article (approved at once) whose body holds a
 * made-up word deep in its text; once indexed, a visitor on /article searches for the word from the
 * header (the article search there), sees the article with the word marked in its snippet and its
 * author, and opens it at /article/{identifier}. Needs WENKU_ADMIN_PASSWORD and the indexer.
 */
const ADMIN = adminAccount();

startEachTestFresh();

/** Types into the header's article search box (in the menu drawer on a phone) and runs the search. */
async function searchArticlesFromHeader(page: Page, mobile: boolean, text: string): Promise<void> {
  if (mobile) await page.getByRole("button", { name: "菜单" }).click();
  const box = page.getByLabel("搜索文章", { exact: true });
  await box.fill(text);
  await box.press("Enter");
}

test("search an article from the header on /article, see the word marked, open it", async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const mobile = Boolean(info.project.use.isMobile);
  const title = unique("e2e文章搜索", info);
  const word = unique("qzvx", info);
  const identifier = unique("e2e-search", info)
    .replace(/[^A-Za-z0-9_-]/g, "-")
    .slice(0, 60);
  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
  const filler = "<p>这是一段用来把关键词推到正文深处的普通文字。</p>".repeat(40);
  const article = await call<{ id: number | string; identifier: string }>(
    request,
    "POST",
    "/api/v1/article",
    admin.token,
    { title, identifier, author: "搜索测试员", content: `${filler}<p>灯塔日志 ${word} 记录在这里。</p>` },
  );
  expect(article.identifier).toBe(identifier);

  // The indexer follows within a few seconds.
  await expect
    .poll(
      async () =>
        Number(
          (await call<{ total?: string | number }>(request, "GET", `/api/v1/search?wd=${word}&type=1`, null)).total,
        ),
      { timeout: 60_000, intervals: [500, 1_000, 2_000] },
    )
    .toBe(1);

  await page.goto("/article");
  await searchArticlesFromHeader(page, mobile, word);
  await expect(page).toHaveURL(new RegExp(`/search\\?wd=${word}&type=1$`));
  await expect(page.getByRole("tab", { name: "文章", selected: true })).toBeVisible();
  const hit = page.getByTestId("search-hit").filter({ hasText: title });
  await expect(hit).toHaveCount(1);
  await expect(page.getByTestId("search-summary")).toHaveText(/^约 1 条结果，用时 \d+\.\d{3} 秒$/);
  await expect(hit.getByTestId("search-snippet").locator("mark").first()).toHaveText(word, { ignoreCase: true });
  await expect(hit.getByTestId("search-hit-author")).toHaveText("搜索测试员");
  // no file type filter for articles
  await expect(page.getByTestId("search-filters")).not.toContainText("PDF");
  const box = await hit.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);

  await hit.getByTestId("search-hit-title").click();
  await expect(page).toHaveURL(new RegExp(`/article/${identifier}$`));
  await expect(page.getByTestId("article-title")).toHaveText(title);
  await expect(page.getByTestId("article-body")).toContainText(word);
});

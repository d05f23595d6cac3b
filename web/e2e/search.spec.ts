import { expect, type Page, test } from "@playwright/test";
import { call, createCategory, publishPdf, registerUser } from "./api.js";
import { makePdf } from "./fixtures.js";
import { adminAccount, startEachTestFresh, unique } from "./session.js";

/**
 * Document search end to end: a user uploads a 6-page PDF whose every page carries a made-up word;
 * once converted and indexed, a visitor sees its card (and cover) in its category, searches for it
 * from the header, sees the word marked in the snippet, narrows by type (Word: nothing, with the
 * query echoed; PDF: found again), and opens the result at one of its matching pages, which the
 * reader scrolls into view.
 * Needs WENKU_ADMIN_PASSWORD (to create the document's category), a PDF converter and the indexer.
 */
const ADMIN = adminAccount();
const PAGES = 6;

startEachTestFresh();

/** Types into the header's search box (in the menu drawer on a phone) and runs the search. */
async function searchFromHeader(page: Page, mobile: boolean, text: string): Promise<void> {
  if (mobile) await page.getByRole("button", { name: "菜单" }).click();
  const box = page.getByLabel("搜索文档", { exact: true });
  await box.fill(text);
  await box.press("Enter");
}

test("search from the header, see the match marked, filter by type, open the result at its page", async ({
  page,
  request,
}, info) => {
  test.setTimeout(240_000);
  const mobile = Boolean(info.project.use.isMobile);
  const title = unique("e2esearch", info);
  // One made-up ASCII word (the PDF's font is Helvetica), so the search can only find this document.
  const word = unique("zqxv", info);
  const category = unique("e2e搜索分类", info);
  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
  const categoryId = await createCategory(request, admin.token, category);
  const uploader = await registerUser(request, `${title}u`, "e2e-search-pass");
  const doc = await publishPdf(request, uploader, { title, categoryId, pdf: makePdf(PAGES, word) });
  const viewable = doc.preview ? Math.min(doc.preview, PAGES) : PAGES;

  // The indexer follows within a few seconds of the conversion.
  await expect
    .poll(
      async () =>
        Number(
          (await call<{ total?: string | number }>(request, "GET", `/api/v1/search?wd=${word}&type=0`, null)).total,
        ),
      { timeout: 60_000, intervals: [1_000, 2_000] },
    )
    .toBe(1);

  // The visitor starts from the document's category, where its card shows with its cover (the one
  // test opening a category's documents at 375 px; covers.spec checks each type's cover on desktop).
  await page.goto(`/category/${categoryId}`);
  const card = page.getByTestId("document-card").filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect
    .poll(() =>
      card
        .locator("img")
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  await searchFromHeader(page, mobile, word);
  await expect(page).toHaveURL(new RegExp(`/search\\?wd=${word}&type=0$`));
  await expect(page).toHaveTitle(new RegExp(`^搜索：${word} - `));
  const hit = page.getByTestId("search-hit").filter({ hasText: title });
  await expect(hit).toHaveCount(1);
  await expect(page.getByTestId("search-summary")).toHaveText(/^约 1 条结果，用时 \d+\.\d{3} 秒$/);
  await expect(hit.getByTestId("search-snippet").locator("mark").first()).toHaveText(word, { ignoreCase: true });
  await expect(hit.getByTestId("search-hit-page").first()).toBeVisible();
  await page.screenshot({ path: info.outputPath("search-results.png"), fullPage: true });

  // Word documents only: nothing, and the page says what was searched and what to try.
  const types = page.getByRole("group", { name: "类型" });
  await types.getByRole("button", { name: "Word" }).click();
  await expect(page).toHaveURL(/[?&]ext=word(&|$)/);
  await expect(page.getByTestId("search-empty")).toContainText(`没有找到与“${word}”相关的文档`);
  await page.screenshot({ path: info.outputPath("search-empty.png"), fullPage: true });
  await types.getByRole("button", { name: "PDF" }).click();
  await expect(page).toHaveURL(/[?&]ext=pdf(&|$)/);
  await expect(hit).toHaveCount(1);
  // Back returns to the Word filter: the URL holds the search.
  await page.goBack();
  await expect(page.getByTestId("search-empty")).toBeVisible();
  await page.goForward();
  await expect(hit).toHaveCount(1);
  // Its top-level category narrows to it as well, and stays in the URL across a reload.
  await page.getByRole("group", { name: "分类" }).getByRole("button", { name: category }).click();
  await expect(page).toHaveURL(/[?&]ext=pdf&category=\d+$/);
  await page.reload();
  await expect(hit).toHaveCount(1);
  await expect(types.getByRole("button", { name: "PDF" })).toHaveAttribute("aria-pressed", "true");

  // The deepest matching page the preview shows: the reader opens there.
  const links = hit.getByTestId("search-hit-page");
  const pages = (await links.allTextContents()).map((text) => Number(/\d+/.exec(text)?.[0]));
  const target = Math.max(...pages.filter((n) => n <= viewable));
  expect(target).toBeGreaterThan(2);
  await links.filter({ hasText: `第 ${target} 页` }).click();
  await expect(page).toHaveURL(new RegExp(`/document/${doc.id}\\?page=${target}&wd=${word}$`));
  const shown = page.locator(`img[data-testid="reader-page"][data-page="${target}"]`);
  await expect(shown).toBeInViewport({ timeout: 15_000 });
  // The word is marked on the page it was found on (the text layer).
  const marked = page.locator(`[data-testid="reader-text-layer"][data-page="${target}"] mark`).first();
  await expect(marked).toHaveText(word, { ignoreCase: true });
  await expect(marked).toBeInViewport();
  await expect(page.locator('img[data-testid="reader-page"][data-page="1"]')).not.toBeInViewport();
  await page.screenshot({ path: info.outputPath("reader-at-page.png") });
});

import { expect, test } from "@playwright/test";
import { call, createCategory, publishPdf, registerUser } from "./api.js";
import { makePdf } from "./fixtures.js";
import { adminAccount, startEachTestFresh, unique } from "./session.js";

/**
 * Searching inside a document from the reader: a user uploads a 6-page PDF (each page says
 * "<title> - page N"); a visitor opens it, searches the reader for "page 5", sees page 5 listed with
 * the words marked, clicks it and the reader shows page 5; a word the document lacks says so.
 * Needs WENKU_ADMIN_PASSWORD (to create the document's category) and a PDF converter.
 */
const ADMIN = adminAccount();
const PAGES = 6;
const TARGET = 5;

startEachTestFresh();

test("search inside a document, open the hit's page", async ({ page, request }, info) => {
  test.setTimeout(240_000);
  const title = unique("e2efind", info);
  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
  const categoryId = await createCategory(request, admin.token, unique("e2e文内搜索", info));
  const uploader = await registerUser(request, `${title}u`, "e2e-find-pass");
  const doc = await publishPdf(request, uploader, { title, categoryId, pdf: makePdf(PAGES, title) });
  expect(doc.preview ? Math.min(doc.preview, PAGES) : PAGES).toBeGreaterThanOrEqual(TARGET);

  await page.goto(`/document/${doc.id}`);
  await expect(page.locator('img[data-testid="reader-page"][data-page="1"]')).toBeVisible();
  const box = page.getByRole("searchbox", { name: "在文档中搜索" });
  await expect(box).toBeInViewport();

  // A word the document does not have.
  await box.fill("nosuchwordhere");
  await box.press("Enter");
  await expect(page.getByTestId("reader-search-empty")).toHaveText("未找到“nosuchwordhere”");

  // Only page 5 says "page 5"; the space matches the text's space, the case is ignored.
  await box.fill(`PAGE ${TARGET}`);
  await box.press("Enter");
  const hits = page.getByTestId("reader-search-hit");
  await expect(hits).toHaveCount(1);
  await expect(hits.first()).toHaveAttribute("data-page", String(TARGET));
  await expect(hits.first()).toContainText(`第 ${TARGET} 页`);
  await expect(hits.first().locator("mark")).toHaveText(`page ${TARGET}`);
  await expect(page.getByTestId("reader-search-summary")).toHaveText("在 1 页中找到 1 处");
  await page.screenshot({ path: info.outputPath("reader-search.png") });

  await hits.first().click();
  await expect(page).toHaveURL(new RegExp(`/document/${doc.id}\\?page=${TARGET}$`));
  await expect(page.locator(`img[data-testid="reader-page"][data-page="${TARGET}"]`)).toBeInViewport({
    timeout: 15_000,
  });
  await expect(page.locator('img[data-testid="reader-page"][data-page="1"]')).not.toBeInViewport();
  await expect(page.getByTestId("reader-search-results")).toHaveCount(0);
  await page.screenshot({ path: info.outputPath("reader-search-page.png") });

  // The results come back from the toolbar, and a hit scrolls again after the reader scrolled away.
  await page.mouse.wheel(0, -5000);
  await expect(page.locator('img[data-testid="reader-page"][data-page="1"]')).toBeInViewport();
  await page.getByTestId("reader-search-reopen").click();
  await hits.first().click();
  await expect(page.locator(`img[data-testid="reader-page"][data-page="${TARGET}"]`)).toBeInViewport({
    timeout: 15_000,
  });
});

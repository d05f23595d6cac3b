import { expect, test } from "@playwright/test";
import { call, createCategory, publishPdf, registerUser } from "./api.js";
import { DESKTOP_ONLY } from "./groups.js";
import { makeScanPdf } from "./scan.js";
import { adminAccount, startEachTestFresh, unique } from "./session.js";

/**
 * A scanned document end to end: a user uploads a PDF whose page 2 is only an image of text (a scan
 * made by the test); the converter's OCR (Tesseract) reads it after the conversion, and a visitor
 * searching a word from the scan finds the document, its hit naming page 2, and opens the reader
 * at page 2. Needs WENKU_ADMIN_PASSWORD, a PDF converter, Tesseract (eng) and the indexer.
 */
const ADMIN = adminAccount();

startEachTestFresh();

// What OCR finds does not depend on the screen, and OCR is the suite's costliest conversion: desktop
// only (groups.ts). At 375 px the same path (the menu drawer's search → a hit's page link → the
// reader at that page) is search.spec's.
test(
  "a word on a scanned page is found and the result opens the reader at that page",
  { tag: DESKTOP_ONLY },
  async ({ page, request }, info) => {
    test.setTimeout(240_000);
    const title = unique("e2escan", info);
    const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
    const categoryId = await createCategory(request, admin.token, unique("e2e扫描分类", info));
    const uploader = await registerUser(request, `${title}u`, "e2e-scan-pass");
    const pdf = makeScanPdf({
      pages: 3,
      textPages: [1, 3],
      lines: [["A typed cover page"], ["The archipelago expedition ledger", "Volume seven"], ["A typed last page"]],
    });
    const doc = await publishPdf(request, uploader, { title, categoryId, pdf });

    // OCR runs after the conversion; the indexer follows each recognised page.
    await expect
      .poll(
        async () => {
          const found = await call<{ document?: Array<{ id: number }> }>(
            request,
            "GET",
            "/api/v1/document/search?wd=archipelago%20expedition&size=50",
            null,
          );
          return (found.document ?? []).some((d) => d.id === doc.id);
        },
        { timeout: 120_000, intervals: [1_000, 2_000] },
      )
      .toBe(true);

    await page.goto("/category");
    const box = page.getByLabel("搜索文档", { exact: true });
    await box.fill("archipelago expedition");
    await box.press("Enter");
    const hit = page.getByTestId("search-hit").filter({ hasText: title });
    await expect(hit).toHaveCount(1);
    const link = hit.getByTestId("search-hit-page").filter({ hasText: "第 2 页" });
    await expect(link).toBeVisible();
    await page.screenshot({ path: info.outputPath("scan-search-results.png"), fullPage: true });
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/document/${doc.id}\\?page=2&wd=`));
    await expect(page.locator('img[data-testid="reader-page"][data-page="2"]')).toBeInViewport({ timeout: 15_000 });
    await page.screenshot({ path: info.outputPath("scan-reader-at-page.png") });
  },
);

import { expect, type Page, test } from "@playwright/test";
import { bearer, call, createCategory, publishPdf, registerUser } from "./api.js";
import { tinyPdf } from "./pdf.js";
import { confirmNewest, rowAction } from "./rowActions.js";
import { searchList } from "./search.js";
import { adminAccount, login, secondPage, startEachTestFresh, unique } from "./session.js";

/**
 * Search records end to end: a visitor searches for a document's made-up word on /search, its
 * uploader and another member search for it too; found by three searchers, the word becomes a popular search, offered as a tag on the empty
 * search page, and the tag runs that search. The admin finds the records in
 * /admin/document/searchrecord by the word (an address filter empties the list), sees who searched
 * (a visitor, the uploader), deletes one from its row and the rest as a selection.
 * Needs WENKU_ADMIN_PASSWORD, a PDF converter and the indexer.
 */
const ADMIN = adminAccount();

startEachTestFresh();

/** Runs a search from the /search page's own box. */
async function searchOnPage(page: Page, text: string): Promise<void> {
  const box = page.getByTestId("search-page").getByRole("searchbox").first();
  await box.fill(text);
  await box.press("Enter");
}

test("searches are recorded for the admin, who filters and deletes them; popular searches run again", async ({
  page,
  request,
  browser,
}, info) => {
  test.setTimeout(240_000);
  const word = unique("xwq", info).toLowerCase();
  const title = unique("e2e搜索记录", info);
  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
  const categoryId = await createCategory(request, admin.token, unique("e2e记录分类", info));
  const username = unique("e2e_sr", info);
  const uploader = await registerUser(request, username, "e2e-record-pass");
  await publishPdf(request, uploader, { title, categoryId, pdf: tinyPdf(["Wenku e2e search record", word]) });
  await expect
    .poll(
      async () =>
        Number(
          (await call<{ total?: number | string }>(request, "GET", `/api/v1/search?wd=${word}&type=0`, null)).total,
        ),
      { timeout: 60_000, intervals: [1_000, 2_000] },
    )
    .toBe(1);

  // A visitor searches on /search; the uploader and another member search too (three searchers, the
  // fewest a popular search needs, each found one document).
  const visitor = await secondPage(browser, info);
  await visitor.goto("/search?type=0");
  await searchOnPage(visitor, word);
  await expect(visitor).toHaveURL(new RegExp(`/search\\?wd=${word}&type=0$`));
  await expect(visitor.getByTestId("search-hit").filter({ hasText: title })).toHaveCount(1);
  const own = await request.get(`/api/v1/document/search?wd=${word}`, { headers: bearer(uploader.token) });
  expect(own.status()).toBe(200);
  const reader = await registerUser(request, unique("e2e_sr2", info), "e2e-record-pass");
  const third = await request.get(`/api/v1/document/search?wd=${word}`, { headers: bearer(reader.token) });
  expect(third.status()).toBe(200);

  // Popular searches are computed at most once a minute, and the records are written in batches: wait
  // until they hold the word. Staff showing a keyword (one nobody hid: nothing changes) drops that
  // cache at once, so each look counts the records written so far instead of waiting out the minute.
  const nobodyHid = `${word}none`;
  await expect
    .poll(
      async () => {
        await call(request, "PUT", "/api/v1/searchrecord/popular/hidden", admin.token, {
          keywords: nobodyHid,
          hidden: false,
        });
        const popular = await call<{ search?: { keywords: string }[] }>(
          request,
          "GET",
          "/api/v1/search/popular?limit=50",
          null,
        );
        return popular.search?.some((s) => s.keywords === word);
      },
      { timeout: 90_000, intervals: [500, 1_000, 2_000] },
    )
    .toBe(true);
  await visitor.goto("/search?type=0");
  const tag = visitor.getByTestId("search-popular").getByRole("link", { name: word, exact: true });
  await expect(tag).toBeVisible();
  await visitor.screenshot({ path: info.outputPath("search-popular.png"), fullPage: true });
  await tag.click();
  await expect(visitor).toHaveURL(new RegExp(`/search\\?wd=${word}&type=0$`));
  await expect(visitor.getByTestId("search-hit").filter({ hasText: title })).toHaveCount(1);
  await visitor.context().close();

  // The admin finds the word's records: the uploader's, the other member's, and the visitor's (the
  // set-up's polls above searched as a visitor from this address as well).
  await login(page, ADMIN, "/admin/document/searchrecord");
  await expect(page.getByRole("heading", { name: "搜索记录" })).toBeVisible();
  await searchList(page, word);
  await expect(page).toHaveURL(new RegExp(`wd=${word}`));
  const table = page.getByTestId("searchrecord-table");
  const rows = table.locator("tr.ant-table-row");
  await expect(rows.filter({ hasNotText: word })).toHaveCount(0); // the filtered list has replaced the first
  const uploaderRow = rows.filter({ hasText: username });
  await expect(uploaderRow).toHaveCount(1);
  await expect(uploaderRow).toContainText(word);
  const visitorRows = rows.filter({ hasText: "游客" });
  await expect(visitorRows.first()).toContainText("127.0.0.1");
  const visits = await visitorRows.count();
  expect(visits).toBeGreaterThanOrEqual(2);
  await expect(rows).toHaveCount(visits + 2);
  await page.screenshot({ path: info.outputPath("searchrecord-list.png"), fullPage: true });
  // An address no one searched from: nothing; cleared, the records are back.
  const ip = page.getByTestId("searchrecord-ip").locator("input");
  await ip.fill("10.255.");
  await ip.press("Enter");
  await expect(page).toHaveURL(/[?&]ip=10\.255\./);
  await expect(table).toContainText("暂无数据");
  await ip.fill("");
  await ip.press("Enter");
  await expect(rows).toHaveCount(visits + 2);

  // The uploader's record from its row, after a confirmation; then the others' as a selection.
  await rowAction(page, uploaderRow, "删除");
  await confirmNewest(page);
  await expect(uploaderRow).toHaveCount(0);
  await expect(rows).toHaveCount(visits + 1);
  for (const checkbox of await rows.locator("input[type=checkbox]").all()) await checkbox.check();
  await page.getByTestId("batch-delete").click();
  await page
    .locator(".ant-modal-confirm:visible")
    .last()
    .getByRole("button", { name: /^确\s*定$/ })
    .click();
  await expect(table).toContainText("暂无数据");
  const left = await call<{ total?: number }>(
    request,
    "GET",
    `/api/v1/searchrecord/list?keywords=${word}`,
    admin.token,
  );
  expect(left.total ?? 0).toBe(0);
});

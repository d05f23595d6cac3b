import { expect, test } from "@playwright/test";
import { type ApiUser, call, createCategory, publishPdf, registerUser } from "./api.js";
import { makePdf } from "./fixtures.js";
import { adminAccount, startEachTestFresh, unique } from "./session.js";

/**
 * From a search hit to the page (issue #27 §1, its "Done when"): the admin limits the preview to 3
 * pages; a priced 6-page PDF holds a made-up word on page 5 only. A visitor searches the word, the hit
 * says page 5 is past the preview and how to read on; following it lands on the call to action at the
 * end of the preview, which sends them to sign in and back; signed in, the block shows the price and
 * the balance; buying with credits (the existing confirmation) downloads the file, and without a
 * reload the reader shows page 5 in view with the word marked on it (?page=5&wd=word, the text layer).
 * Serial (groups.ts): converter.max_preview applies to every document converted while it runs.
 * Needs WENKU_ADMIN_PASSWORD, a PDF converter and the indexer.
 */
const ADMIN = adminAccount();
const PAGES = 6;
const PREVIEW = 3;
const WANTED = 5;
const PRICE = 4;

startEachTestFresh();

test("a hit past the preview → the call to action → sign in → buy with credits → the page is readable", async ({
  page,
  request,
}, info) => {
  test.setTimeout(300_000);
  const mobile = Boolean(info.project.use.isMobile);
  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
  const setPreview = (value: string) =>
    call(request, "PUT", "/api/v1/config", admin.token, {
      config: [{ category: "converter", name: "max_preview", value }],
    });
  const before =
    (
      await call<{ config: { name: string; value: string }[] }>(
        request,
        "GET",
        "/api/v1/config/list?category=converter",
        admin.token,
      )
    ).config.find((c) => c.name === "max_preview")?.value ?? "12";
  await setPreview(String(PREVIEW));
  try {
    const categoryId = await createCategory(request, admin.token, unique("e2e全文分类", info));
    const seller = await registerUser(request, unique("e2e_ctaseller", info), "e2e-seller-pass");
    const title = unique("e2ecta", info);
    // one made-up ASCII word (Helvetica), only on the page past the preview
    const word = unique("qzvk", info).toLowerCase();
    const pdf = makePdf(PAGES, title, (n) => (n === WANTED ? `the ${word} clause` : undefined));
    const doc = await publishPdf(request, seller, { title, categoryId, pdf, price: PRICE });
    expect([doc.preview, doc.pages]).toEqual([PREVIEW, PAGES]);
    const username = unique("e2e_ctabuyer", info);
    const password = "e2e-buyer-pass";
    const buyer: ApiUser = await registerUser(request, username, password);
    await call(request, "POST", "/api/v1/order/system/recharge", admin.token, {
      user_id: buyer.user.id,
      quantity: 10,
      remark: "e2e 阅读全文",
    });
    const credits = async () =>
      (await call<{ credit_count?: number }>(request, "GET", `/api/v1/user?id=${buyer.user.id}`, buyer.token))
        .credit_count ?? 0;
    const balance = await credits();
    await expect
      .poll(
        async () =>
          Number(
            (await call<{ total?: string | number }>(request, "GET", `/api/v1/search?wd=${word}&type=0`, null)).total,
          ),
        { timeout: 60_000, intervals: [1_000, 2_000] },
      )
      .toBe(1);

    // A visitor searches: the hit is on page 5, past the preview, and says how to read on.
    await page.goto(`/search?wd=${word}&type=0`);
    const hit = page.getByTestId("search-hit").filter({ hasText: title });
    await expect(hit.getByTestId("search-beyond")).toHaveText(`第 ${WANTED} 页 · 登录后阅读全文`);
    await page.screenshot({ path: info.outputPath("search-beyond.png"), fullPage: true });
    await hit.locator('[data-testid="search-hit-page"][data-beyond]').click();
    await expect(page).toHaveURL(new RegExp(`/document/${doc.id}\\?page=${WANTED}&wd=${word}$`));
    const cta = page.getByTestId("reader-cta");
    await expect(cta).toBeInViewport({ timeout: 15_000 });
    await expect(cta).toHaveAttribute("data-offer", "login");
    await expect(cta.getByTestId("reader-cta-wanted")).toHaveText(`第 ${WANTED} 页在预览范围之外`);
    await expect(cta.getByTestId("reader-preview-notice")).toHaveText(
      `预览已结束：可预览 ${PREVIEW} 页，共 ${PAGES} 页`,
    );
    await expect(page.locator('img[data-testid="reader-page"]')).toHaveCount(PREVIEW);

    // Sign in from the block, and come back to the same place.
    await cta.getByTestId("reader-cta-login").click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    const form = page.getByTestId("login-form");
    await form.getByLabel("用户名", { exact: true }).fill(username);
    await form.getByLabel("密码", { exact: true }).fill(password);
    await form.getByRole("button", { name: /登\s*录/ }).click();
    await expect(page).toHaveURL(new RegExp(`/document/${doc.id}\\?page=${WANTED}&wd=${word}$`));
    await expect(cta).toHaveAttribute("data-offer", "buy");
    await expect(cta).toBeInViewport({ timeout: 15_000 });
    await expect(cta.getByTestId("reader-cta-balance")).toContainText(`当前余额 ${balance} 积分`);
    await page.screenshot({ path: info.outputPath("reader-cta.png"), fullPage: !mobile });

    // Buy with credits through the existing confirmation: the file arrives, the credits are spent…
    await cta.getByRole("button", { name: `购买全文（${PRICE} 积分）` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`下载需支付 ${PRICE}`);
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "支付并下载" }).click();
    expect((await download).suggestedFilename()).toBe(`${title}.pdf`);
    expect(await credits()).toBe(balance - PRICE);

    // …and without a reload the block is gone and page 5 is there, in view.
    await expect(cta).toBeHidden({ timeout: 15_000 });
    const wanted = page.locator(`img[data-testid="reader-page"][data-page="${WANTED}"]`);
    await expect(wanted).toBeInViewport({ timeout: 15_000 });
    await expect(wanted).toHaveJSProperty("complete", true);
    expect(await wanted.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // the searched word is marked on it (the text layer, served past the preview to a reader of it all)
    const marked = page.locator(`[data-testid="reader-text-layer"][data-page="${WANTED}"] mark`).first();
    await expect(marked).toHaveText(word, { ignoreCase: true, timeout: 15_000 });
    await page.screenshot({ path: info.outputPath("reader-page-bought.png") });
  } finally {
    await setPreview(before);
  }
});

import { expect, test } from "@playwright/test";
import { type ApiUser, call, createCategory, publishPdf, registerUser } from "./api.js";
import { makePdf } from "./fixtures.js";
import { adminAccount, login, startEachTestFresh, unique } from "./session.js";

/**
 * Buying a priced document (issue #14): a reader confirms the price, the download buys it with their
 * credits and the file arrives; the uploader earns the price; /me/order lists the paid purchase and
 * /me/download the paid download. A new site lets a buyer download again free for 7 days (issue #25
 * item 7, download.free_download_duration's default): the confirmation says so and the second
 * download costs nothing.
 * Needs WENKU_ADMIN_PASSWORD (the first-start admin password of the stack under test).
 */
const ADMIN = adminAccount();

startEachTestFresh();

test("a reader buys a priced document with credits and downloads it; the uploader earns them", async ({
  page,
  request,
}, info) => {
  test.setTimeout(240_000);
  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
  const categoryId = await createCategory(request, admin.token, unique("e2e购买分类", info));
  const seller = await registerUser(request, unique("e2e_seller", info), "e2e-seller-pass");
  const title = unique("e2e付费文档", info);
  const { id } = await publishPdf(request, seller, { title, categoryId, pdf: makePdf(3, title), price: 7 });
  const username = unique("e2e_buyer", info);
  const password = "e2e-buyer-pass";
  const buyer = await registerUser(request, username, password);
  const credits = async (u: ApiUser) =>
    (await call<{ credit_count?: number }>(request, "GET", `/api/v1/user?id=${u.user.id}`, u.token)).credit_count ?? 0;
  await call(request, "POST", "/api/v1/order/system/recharge", admin.token, {
    user_id: buyer.user.id,
    quantity: 7,
    remark: "e2e 购买文档",
  });
  const [buyerBefore, sellerBefore] = [await credits(buyer), await credits(seller)];

  await login(page, { username, password }, `/document/${id}`);
  await page.getByTestId("document-download").filter({ visible: true }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("下载需支付 7");
  await expect(dialog).toContainText("购买后 7 天内再次下载免费");
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "支付并下载" }).click();
  expect((await download).suggestedFilename()).toBe(`${title}.pdf`);
  expect([await credits(buyer), (await credits(seller)) - sellerBefore]).toEqual([buyerBefore - 7, 7]);

  // within the window the purchase serves again: the file arrives, nothing more is spent
  await expect(dialog).toBeHidden();
  await page.getByTestId("document-download").filter({ visible: true }).first().click();
  const again = page.waitForEvent("download");
  await page.getByRole("dialog").getByRole("button", { name: "支付并下载" }).click();
  expect((await again).suggestedFilename()).toBe(`${title}.pdf`);
  expect([await credits(buyer), (await credits(seller)) - sellerBefore]).toEqual([buyerBefore - 7, 7]);

  await page.goto("/me/order");
  await expect(page.getByTestId("me-orders")).toContainText(title);
  // what it took in credits, not its cents as money (¥0.07; issue #25 item 6)
  const bought = page.getByTestId("me-order-row").filter({ hasText: title });
  await expect(bought).toContainText("7 积分");
  await expect(bought).not.toContainText("¥");
  await page.goto("/me/download");
  // both downloads: the purchase paid for each
  const rows = page.getByTestId("download-row").filter({ hasText: title });
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await expect(row).toContainText("已付费");
});

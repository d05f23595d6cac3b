import { expect, test } from "@playwright/test";
import { type ApiUser, call, createCategory, publishPdf, registerUser } from "./api.js";
import { makePdf } from "./fixtures.js";
import { adminAccount, login, startEachTestFresh, unique } from "./session.js";

/**
 * Buying a priced document (issue #14): a reader confirms the price, the download buys it with their
 * credits and the file arrives; the uploader earns the price; /me/order lists the paid purchase and
 * /me/download the paid download.
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
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "支付并下载" }).click();
  expect((await download).suggestedFilename()).toBe(`${title}.pdf`);
  expect([await credits(buyer), (await credits(seller)) - sellerBefore]).toEqual([buyerBefore - 7, 7]);

  await page.goto("/me/order");
  await expect(page.getByTestId("me-orders")).toContainText(title);
  await page.goto("/me/download");
  const row = page.getByTestId("download-row").filter({ hasText: title });
  await expect(row).toContainText("已付费");
});

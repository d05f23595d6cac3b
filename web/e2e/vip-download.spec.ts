import { expect, type Page, test } from "@playwright/test";
import { type ApiUser, call, createCategory, publishPdf, registerUser } from "./api.js";
import { makePdf } from "./fixtures.js";
import { searchList } from "./search.js";
import { adminAccount, login, startEachTestFresh, unique } from "./session.js";

/**
 * VIP benefits end to end (issue #14), desktop and 375 px: the admin marks a document VIP in
 * /admin/document/list; a reader who is not VIP is offered "开通 VIP 下载" (to /joinvip) instead of the
 * download; a member (granted a year card with 2 free downloads) downloads the VIP document and a
 * priced one free, the confirmation saying how many free downloads are left, and /me/vip shows the rest.
 * The card it makes is deleted at the end; VIP's site switch is not touched (a self-contained spec).
 * Needs WENKU_ADMIN_PASSWORD.
 */
const ADMIN = adminAccount();

startEachTestFresh();

/** The document page's download button once the membership is known (a loading button takes no click). */
async function downloadButton(page: Page) {
  const button = page.getByTestId("document-download").filter({ visible: true }).first();
  await expect(button).toBeVisible();
  await expect(button).not.toHaveClass(/ant-btn-loading/);
  return button;
}

test("admin marks a document VIP; a non-member is sent to /joinvip; a member downloads it and a priced one free", async ({
  page,
  request,
}, info) => {
  test.setTimeout(300_000);
  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
  const categoryId = await createCategory(request, admin.token, unique("e2eVIP分类", info));
  const seller = await registerUser(request, unique("e2e_vipseller", info), "e2e-seller-pass");
  const vipTitle = unique("e2eVIP文档", info);
  const pricedTitle = unique("e2e付费VIP", info);
  const vipDoc = await publishPdf(request, seller, { title: vipTitle, categoryId, pdf: makePdf(2, vipTitle) });
  const priced = await publishPdf(request, seller, {
    title: pricedTitle,
    categoryId,
    pdf: makePdf(2, pricedTitle),
    price: 9,
  });
  // A 365-day grant to a new member takes the benefits of the year card sorted first: this one.
  const card = await call<{ id: number }>(request, "POST", "/api/v1/vip/card", admin.token, {
    title: unique("e2e年卡", info),
    type: 0,
    price: 100,
    days: 365,
    discount: 1,
    enable: true,
    sort: 2147483647,
    document_discount: 80,
    download: 2,
    times_every_day: 0,
  });
  const member = { username: unique("e2e_vipm", info), password: "e2e-vip-member" };
  const reader = { username: unique("e2e_vipr", info), password: "e2e-vip-reader" };
  const memberUser = await registerUser(request, member.username, member.password);
  await registerUser(request, reader.username, reader.password);
  const credits = async (u: ApiUser) =>
    (await call<{ credit_count?: number }>(request, "GET", `/api/v1/user?id=${u.user.id}`, u.token)).credit_count ?? 0;

  try {
    await call(request, "PUT", "/api/v1/uservip/grant", admin.token, {
      user_id: memberUser.user.id,
      days: 365,
      remark: "e2e VIP 下载",
    });

    // The admin marks the document VIP from the document list (batch action on the selection).
    await login(page, ADMIN, "/admin/document/list");
    await searchList(page, vipTitle);
    const row = page.getByRole("row").filter({ hasText: vipTitle });
    await expect(row).toHaveCount(1);
    await row.locator("input[type=checkbox]").check();
    await page.getByTestId("document-batch-vip").click();
    await expect(row.getByLabel("VIP")).toBeVisible();

    // A reader who is not VIP: the badge, and 开通 VIP 下载 leading to /joinvip instead of a download.
    await page.evaluate(() => localStorage.clear());
    await login(page, reader, `/document/${vipDoc.id}`);
    await expect(page.getByTestId("document-vip").filter({ visible: true })).toContainText("VIP 文档");
    await expect(page.getByTestId("document-download").filter({ visible: true })).toHaveCount(0);
    await page.getByTestId("document-join-vip").filter({ visible: true }).first().click();
    await expect(page).toHaveURL(/\/joinvip$/);

    // The member downloads the VIP document (nothing to pay: no question asked) …
    await page.evaluate(() => localStorage.clear());
    await login(page, member, `/document/${vipDoc.id}`);
    const before = await credits(memberUser);
    let download = page.waitForEvent("download");
    await (await downloadButton(page)).click();
    expect((await download).suggestedFilename()).toBe(`${vipTitle}.pdf`);

    // … and the priced one free, told how many free downloads are left.
    await page.goto(`/document/${priced.id}`);
    await (await downloadButton(page)).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("VIP 免费下载（剩余 2 次）");
    download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "免费下载" }).click();
    expect((await download).suggestedFilename()).toBe(`${pricedTitle}.pdf`);
    expect(await credits(memberUser)).toBe(before);

    await page.goto("/me/vip");
    await expect(page.getByTestId("me-vip-free-left")).toHaveText("剩余 1 次（本期共 2 次）");
    await expect(page.getByTestId("me-vip-discount")).toHaveText("按原价 80% 支付");
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits, "no horizontal scrolling").toBe(true);
  } finally {
    await call(request, "DELETE", `/api/v1/vip/card?id=${card.id}`, admin.token);
  }
});

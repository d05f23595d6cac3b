import { expect, type Page, test } from "@playwright/test";
import { call, registerUser } from "./api.js";
import { adminAccount, login, startEachTestFresh, storedToken, unique } from "./session.js";

/**
 * VIP end to end (issue #14), desktop and 375 px: the admin switches VIP on, adds a card on
 * /admin/user/vip (drawer) and /joinvip lists it with its price; the admin grants a member 30 days
 * from the members tab; the member then sees the VIP mark beside the avatar, an active membership on
 * /me/vip, and no advertisement where a visitor sees one. Changes the site's VIP switch: a serial spec
 * (groups.ts). Needs WENKU_ADMIN_PASSWORD.
 */
startEachTestFresh();

const drawer = (page: Page) => page.locator(".ant-drawer-open");

async function adminToken(page: Page): Promise<string> {
  const r = await call<{ token: string }>(page.request, "POST", "/api/v1/user/login", null, adminAccount());
  return r.token;
}

async function setVip(page: Page, token: string, enable: boolean): Promise<void> {
  await call(page.request, "PUT", "/api/v1/config", token, {
    config: [{ category: "vip", name: "enable", value: String(enable) }],
  });
}

/** A global_top advertisement every page shows (to visitors and members who are not VIP). */
async function createAd(page: Page, token: string, ad: string): Promise<{ ad: string; id: number }> {
  const made = await call<{ id: number }>(page.request, "POST", "/api/v1/advertisement", token, {
    position: "global_top",
    title: ad,
    content: `<b>${ad}</b>`,
    enable: true,
  });
  return { ad, id: made.id };
}

test("admin adds a card and grants VIP; the member gets the mark, /me/vip and no ads", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);
  const admin = await adminToken(page);
  await setVip(page, admin, true);
  const { ad, id: adId } = await createAd(page, admin, unique("vipad", info));
  const member = { username: unique("vipm", info), password: "vip-member-1" };
  const registered = await registerUser(page.request, member.username, member.password);
  const card = unique("卡", info);

  try {
    // The admin adds a card through the drawer (price in yuan) and finds it in the cards tab.
    await login(page, adminAccount(), "/admin/user/vip?tab=cards");
    await page.getByTestId("vip-card-add").click();
    await drawer(page).getByLabel("名称").fill(card);
    await drawer(page).getByLabel("价格(元)").fill("9.9");
    await drawer(page).getByLabel("折扣", { exact: true }).fill("0.8");
    await drawer(page).getByLabel("有效天数").fill("31");
    await drawer(page).getByLabel("积分价格").fill("50");
    await drawer(page).getByTestId("drawer-save").click();
    await expect(page.getByText("新增成功")).toBeVisible();
    await expect(drawer(page)).toHaveCount(0);
    await expect(page.getByTestId("vip-card-table").getByRole("row").filter({ hasText: card })).toBeVisible();

    // /joinvip lists it: 9.90 × 0.8 = 7.92, the original struck, 31 days.
    const offer = page.getByTestId("vip-card").filter({ hasText: card });
    await page.goto("/joinvip");
    await expect(offer.getByTestId("vip-card-price")).toHaveText("¥7.92");
    await expect(offer).toContainText("原价 ¥9.90");
    await expect(offer).toContainText("31天");

    // The members tab: grant the new user 30 days.
    await page.goto("/admin/user/vip");
    await page.getByTestId("vip-grant").click();
    const dialog = page.getByTestId("vip-grant-dialog");
    await dialog.getByLabel("用户ID").fill(String(registered.user.id));
    await dialog.getByLabel("备注").fill("e2e 赠送");
    await page.getByTestId("vip-grant-submit").click();
    await expect(page.getByText("已赠送VIP")).toBeVisible();
    await page.getByTestId("admin-search").locator("input").fill(member.username);
    await page.getByTestId("admin-search").locator("input").press("Enter");
    const row = page.getByTestId("vip-member-table").getByRole("row").filter({ hasText: member.username });
    await expect(row).toContainText("有效");

    // A visitor sees the ad.
    const visitor = await browser.newPage({ baseURL: info.project.use.baseURL });
    await visitor.goto("/");
    await expect(visitor.locator("[data-ad-position='global_top']").getByText(ad)).toBeVisible();
    await visitor.close();

    // The member: the mark beside the avatar, an active membership, no ad.
    await page.evaluate(() => localStorage.clear());
    await login(page, member, "/me/vip");
    expect(await storedToken(page)).not.toBe("");
    await expect(page.getByTestId("me-vip-active")).toBeVisible();
    await expect(page.getByTestId("me-vip-status")).toContainText("30天");
    await expect(page.getByTestId("user-menu").getByTestId("vip-mark")).toBeVisible();
    await page.goto("/");
    await expect(page.getByTestId("user-menu").getByTestId("vip-mark")).toBeVisible();
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.locator("[data-ad-position='global_top']")).toHaveCount(0);
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits, "no horizontal scrolling").toBe(true);
  } finally {
    await call(page.request, "DELETE", `/api/v1/advertisement?id=${adId}`, admin);
    await setVip(page, admin, false);
  }
});

test("with VIP off /joinvip says so and the mark is not shown", async ({ page }, info) => {
  const admin = await adminToken(page);
  await setVip(page, admin, false);
  const user = { username: unique("vipoff", info), password: "vip-off-pass-1" };
  const registered = await registerUser(page.request, user.username, user.password);
  await call(page.request, "PUT", "/api/v1/uservip/grant", admin, { user_id: registered.user.id, days: 3 });
  await login(page, user, "/joinvip");
  await expect(page.getByTestId("vip-disabled")).toContainText("本站暂未开启VIP会员");
  await expect(page.getByTestId("vip-card")).toHaveCount(0);
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await expect(page.getByTestId("vip-mark")).toHaveCount(0);
});

test("a user with credits buys VIP on /joinvip, pays with credits on /order, and gets the mark and no ads", async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const admin = await adminToken(page);
  await setVip(page, admin, true);
  const card = unique("积分卡", info);
  await call(page.request, "POST", "/api/v1/vip/card", admin, {
    title: card,
    type: 2,
    price: 500,
    credit_price: 30,
    days: 30,
    discount: 1,
    enable: true,
    sort: 99999,
  });
  const { id: adId } = await createAd(page, admin, unique("vipad", info));
  const buyer = { username: unique("vipb", info), password: "vip-buyer-1" };
  const registered = await registerUser(page.request, buyer.username, buyer.password);
  await call(page.request, "POST", "/api/v1/order/system/recharge", admin, {
    user_id: registered.user.id,
    quantity: 100,
    remark: "e2e VIP",
  });
  try {
    await login(page, buyer, "/joinvip");
    await expect(page.getByTestId("user-menu").getByTestId("vip-mark")).toHaveCount(0);
    const offer = page.getByTestId("vip-card").filter({ hasText: card });
    await expect(offer).toContainText("或 30 积分");
    await offer.getByTestId("vip-buy").click();
    await expect(page).toHaveURL(/\/order\?order_no=/);
    await page.getByTestId("pay-methods").getByText("积分支付").click();
    await page.getByTestId("pay-submit").click();
    await expect(page.getByTestId("order-paid")).toBeVisible({ timeout: 20_000 });

    // /me/vip reads the membership and refreshes the session: the mark shows beside the avatar.
    await page.goto("/me/vip");
    await expect(page.getByTestId("me-vip-active")).toBeVisible();
    await expect(page.getByTestId("me-vip-order").filter({ hasText: card })).toContainText("已支付");
    await expect(page.getByTestId("user-menu").getByTestId("vip-mark")).toBeVisible();
    // The config service keeps a user's VIP state up to 30 s: the ads go within that.
    await expect(async () => {
      await page.goto("/");
      await expect(page.getByRole("main")).toBeVisible();
      await expect(page.locator("[data-ad-position='global_top']")).toHaveCount(0, { timeout: 1000 });
    }).toPass({ timeout: 60_000, intervals: [3000] });
    await expect(page.getByTestId("user-menu").getByTestId("vip-mark")).toBeVisible();
  } finally {
    await call(page.request, "DELETE", `/api/v1/advertisement?id=${adId}`, admin);
    await setVip(page, admin, false);
  }
});

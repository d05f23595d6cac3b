import { expect, type Page, test } from "@playwright/test";
import { call, registerUser } from "./api.js";
import { DESKTOP_ONLY } from "./groups.js";
import { adminAccount, login, startEachTestFresh, storedToken, unique } from "./session.js";

/**
 * VIP end to end (issue #14), desktop and 375 px: the admin switches VIP on, adds a card on
 * /admin/user/vip (drawer) and /joinvip lists it with its price; the admin grants a member 30 days
 * from the members tab; the member then sees the VIP mark beside the avatar, an active membership on
 * /me/vip, and no advertisement where a visitor sees one. Buying a card with credits and through the
 * sandbox provider (issue #25): /me/vip shows what each order took, credits as credits. Changes the
 * site's VIP and sandbox switches: a serial spec (groups.ts). Needs WENKU_ADMIN_PASSWORD.
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

// /joinvip at 375 px is the purchase tests'; this one checks the VIP switch.
test("with VIP off /joinvip says so and the mark is not shown", { tag: DESKTOP_ONLY }, async ({ page }, info) => {
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

// /joinvip, /order and /me/vip at 375 px are the sandbox purchase's; this one checks paying with credits.
test(
  "a user with credits buys VIP on /joinvip, pays with credits on /order, and gets the mark and no ads",
  {
    tag: DESKTOP_ONLY,
  },
  async ({ page }, info) => {
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
      const paid = page.getByTestId("me-vip-order").filter({ hasText: card });
      await expect(paid).toContainText("已支付");
      // paid with credits: the credits it took, not its money price (¥5.00)
      await expect(paid).toContainText("30 积分");
      await expect(paid).not.toContainText("¥");
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
  },
);

test("a user buys a VIP card on /joinvip through the sandbox provider and becomes VIP", async ({ page }, info) => {
  test.setTimeout(180_000);
  const admin = await adminToken(page);
  type Row = { category: string; name: string; value: string };
  const sandbox = (
    await call<{ config: Row[] }>(page.request, "GET", "/api/v1/config/list?category=sandboxpay", admin)
  ).config.find((c) => c.name === "enable");
  const setSandbox = (value: string) =>
    call(page.request, "PUT", "/api/v1/config", admin, { config: [{ category: "sandboxpay", name: "enable", value }] });
  await setVip(page, admin, true);
  await setSandbox("true");
  const card = unique("沙箱卡", info);
  const made = await call<{ id: number }>(page.request, "POST", "/api/v1/vip/card", admin, {
    title: card,
    type: 1,
    price: 1290,
    days: 90,
    discount: 1,
    enable: true,
    sort: 99998,
  });
  const buyer = { username: unique("vips", info), password: "vip-sandbox-1" };
  await registerUser(page.request, buyer.username, buyer.password);
  try {
    await login(page, buyer, "/joinvip");
    const offer = page.getByTestId("vip-card").filter({ hasText: card });
    await expect(offer.getByTestId("vip-card-price")).toHaveText("¥12.90");
    await offer.getByTestId("vip-buy").click();
    await expect(page).toHaveURL(/\/order\?order_no=/);
    const orderNo = new URL(page.url()).searchParams.get("order_no") ?? "";
    await expect(page.getByTestId("order-summary")).toContainText(`VIP会员-${card}`);
    await page.getByTestId("pay-methods").getByText("沙箱支付").click();
    await page.getByTestId("pay-submit").click();

    await expect(page).toHaveURL(/\/pay\/sandbox\?/);
    await expect(page.getByTestId("sandbox-amount")).toHaveText("¥12.90");
    await page.getByTestId("sandbox-confirm").click();
    await expect(page).toHaveURL(new RegExp(`/order\\?order_no=${orderNo}$`));
    await expect(page.getByTestId("order-paid")).toBeVisible({ timeout: 20_000 });

    await page.goto("/me/vip");
    await expect(page.getByTestId("me-vip-active")).toBeVisible();
    await expect(page.getByTestId("me-vip-status")).toContainText("90天");
    const row = page.getByTestId("me-vip-order").filter({ hasText: card });
    await expect(row).toContainText("已支付");
    await expect(row).toContainText("¥12.90"); // paid in money: the money
    await expect(page.getByTestId("user-menu").getByTestId("vip-mark")).toBeVisible();
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits, "no horizontal scrolling").toBe(true);
  } finally {
    await call(page.request, "DELETE", `/api/v1/vip/card?id=${made.id}`, admin);
    await setSandbox(sandbox?.value ?? "false");
    await setVip(page, admin, false);
  }
});

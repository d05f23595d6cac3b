import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { startVendorStandIn } from "@wenku/testkit/oauth-vendors";
import { startWechatMpStandIn } from "@wenku/testkit/wechat";
import { call, registerUser } from "./api.js";
import { adminAccount, startEachTestFresh, storedToken, unique } from "./session.js";

/**
 * WeChat beyond the official account's QR code: the scan page's mini-program code (against the WeChat
 * API stand-in on E2E_WECHAT_PORT: wxacode.getUnlimited) and login inside WeChat's browser with the
 * official account's web authorisation (against the stand-in of open.weixin.qq.com on
 * E2E_WECHAT_WEB_PORT, the site's OAUTH_WECHAT_URL; its authorize page opens only for WeChat's user
 * agent). Both need scripts/test.mjs's ports and change WeChat settings: a serial spec (groups.ts).
 */
const ADMIN = adminAccount();
const MP_PORT = Number(process.env.E2E_WECHAT_PORT ?? "0");
const WEB_PORT = Number(process.env.E2E_WECHAT_WEB_PORT ?? "0");
const IN_WECHAT =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) " +
  "Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN";

startEachTestFresh();

async function adminSaver(request: APIRequestContext) {
  const admin = (await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN)).token;
  return (category: string, values: Record<string, string>) =>
    call(request, "PUT", "/api/v1/config", admin, {
      config: Object.entries(values).map(([name, value]) => ({ category, name, value })),
    });
}

test("stand-in WeChat: the scan page shows the mini program's code; its confirmed scan signs the member in", async ({
  page,
  request,
}, info) => {
  test.skip(!MP_PORT, "E2E_WECHAT_PORT: the site must be allowed to reach the WeChat stand-in (scripts/test.mjs)");
  test.setTimeout(90_000);
  const save = await adminSaver(request);
  const wechat = await startWechatMpStandIn({ port: MP_PORT });
  try {
    await save("oauthOfficialAccount", { enable: "false", api_base_url: wechat.baseUrl });
    await save("mp", {
      enable: "true",
      app_id: wechat.miniAppId,
      app_secret: wechat.miniAppSecret,
      scan_page: "pages/login/scan",
    });
    // a member who bound this WeChat in the mini program earlier
    const username = unique("wxmini", info);
    const member = await registerUser(request, username, "secret123");
    const openid = `o${randomBytes(12).toString("base64url")}`;
    const first = await call<{ oauth: Record<string, unknown> }>(
      request,
      "POST",
      "/api/v1/oauth/wechatmp/login",
      null,
      {
        code: wechat.loginCode(openid),
      },
    );
    await call(request, "POST", "/api/v1/oauth/bind", member.token, first.oauth);

    const codeReply = page.waitForResponse((r) => r.url().endsWith("/api.v1.OAuthAPI/GetWechatMPScanCode"));
    await page.goto("/oauth/wechatmp");
    const { scene } = (await (await codeReply).json()) as { scene: string };
    expect(wechat.miniCodes.get(scene)?.page).toBe("pages/login/scan");
    const img = page.getByRole("img", { name: "小程序码" });
    await expect(img).toBeVisible();
    await expect(page.getByText("微信扫一扫小程序码登录")).toBeVisible();
    // the image is the one WeChat drew (a data: URL, shown: the CSP allows data: images)
    expect(await img.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // no official account QR code while it is off
    await expect(page.getByTestId("wechat-qrcode")).toHaveCount(0);
    const box = await img.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(info.project.name === "mobile" ? 375 : 400);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      await page.evaluate(() => window.innerWidth),
    );

    // the mini program confirms the scan with its wx.login code; the page's poll signs the member in
    await call(request, "POST", "/api/v1/oauth/wechatmp/scan/login", null, { scene, code: wechat.loginCode(openid) });
    await expect(page).toHaveURL(/\/me(\/|$)/);
    expect(await storedToken(page)).not.toBe("");
    await expect(page.getByText(username).first()).toBeVisible();
  } finally {
    await save("mp", { enable: "false", scan_page: "" });
    await wechat.close();
  }
});

test.describe("inside WeChat's browser", () => {
  test.use({ userAgent: IN_WECHAT });

  test("stand-in WeChat: the official account's button authorises in WeChat and creates the account", async ({
    page,
    request,
    baseURL,
  }, info) => {
    test.skip(!WEB_PORT, "E2E_WECHAT_WEB_PORT: the site's OAUTH_WECHAT_URL must be the stand-in (scripts/test.mjs)");
    test.setTimeout(90_000);
    const save = await adminSaver(request);
    const wechat = await startVendorStandIn("wechat", WEB_PORT);
    const username = unique("wxin", info);
    wechat.account = { id: username, name: `微信 ${username}`, avatar: "https://wx.example/a.png" };
    try {
      await save("system", { domain: (baseURL ?? "").replace(/\/+$/, "") });
      await save("oauthOfficialAccount", {
        enable: "true",
        client_id: wechat.official.appId,
        client_secret: wechat.official.appSecret,
        token: "e2e-official-token",
      });
      await page.goto("/login?redirect=%2Fme%2Fprofile");
      await page.getByTestId("oauth-buttons").getByRole("button", { name: "使用微信公众号登录" }).click();
      // WeChat's authorisation, then back on /oauth/officialaccount with the new-account form
      await expect(page).toHaveURL(/\/oauth\/officialaccount\?/);
      expect(wechat.requests.some((r) => r.startsWith("GET /connect/oauth2/authorize?"))).toBe(true);
      await expect(page.getByTestId("oauth-account")).toContainText(`微信 ${username}`);
      const form = page.getByTestId("oauth-register-form");
      await form.getByLabel("用户名").fill(username);
      await form.getByRole("button", { name: "创建并登录" }).click();
      await expect(page).toHaveURL(/\/me\/profile$/);
      expect(await storedToken(page)).not.toBe("");
      await expect(page.getByTestId("oauth-bindings").getByTestId("oauth-binding")).toContainText("微信公众号");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        await page.evaluate(() => window.innerWidth),
      );
    } finally {
      await save("oauthOfficialAccount", { enable: "false" });
      await wechat.close();
    }
  });
});

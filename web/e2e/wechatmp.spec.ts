import { createHash, randomBytes } from "node:crypto";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { startWechatMpStandIn, type WechatMpStandIn } from "@wenku/testkit/wechat";
import { call } from "./api.js";
import { adminAccount, startEachTestFresh, storedToken, unique } from "./session.js";

/**
 * /oauth/wechatmp: scan-to-login with the WeChat official account, against the WeChat API stand-in
 * (tests/kit wechat/mp.ts) on E2E_WECHAT_PORT, which the site may reach (scripts/test.mjs puts it in
 * the site's FETCH_ALLOW_HOSTS). The spec plays WeChat's push of the scan to the site's server URL,
 * signed with the Token as WeChat signs it. It changes the official account's settings: a serial spec
 * (groups.ts). Needs WENKU_ADMIN_PASSWORD.
 */
const ADMIN = adminAccount();
const PORT = Number(process.env.E2E_WECHAT_PORT ?? "0");

startEachTestFresh();

/** WeChat's push of `openid` scanning the QR code of `scene`, to the site's server URL. */
async function pushScan(request: APIRequestContext, wechat: WechatMpStandIn, scene: string, openid: string) {
  const p = wechat.scanPush("/callback/wechat_official", { scene, openid });
  const res = await request.post(p.url, { headers: { "content-type": "text/xml" }, data: p.body });
  expect([res.status(), await res.text()]).toEqual([200, "success"]);
}

test("stand-in WeChat: the page shows the QR code, WeChat's signed push of the scan signs the bound user in", async ({
  page,
  request,
}, info) => {
  test.skip(!PORT, "E2E_WECHAT_PORT: the site must be allowed to reach the WeChat stand-in (scripts/test.mjs)");
  test.setTimeout(90_000);
  const admin = (await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN)).token;
  const save = (values: Record<string, string>) =>
    call(request, "PUT", "/api/v1/config", admin, {
      config: Object.entries(values).map(([name, value]) => ({ category: "oauthOfficialAccount", name, value })),
    });
  const wechat = await startWechatMpStandIn({ port: PORT });
  try {
    await save({
      enable: "true",
      client_id: wechat.appId,
      client_secret: wechat.appSecret,
      token: wechat.token,
      api_base_url: wechat.baseUrl,
    });
    // a member who bound this WeChat account earlier (scan-to-bind through the API)
    const username = unique("wx", info);
    const member = await call<{ token: string }>(request, "POST", "/api/v1/user/register", null, {
      username,
      password: "secret123",
    });
    const openid = `o${randomBytes(12).toString("base64url")}`;
    const bind = await call<{ scene: string }>(
      request,
      "GET",
      "/api/v1/oauth/wechatmp/scan/code?is_bind=true",
      member.token,
    );
    await pushScan(request, wechat, bind.scene, openid);
    const bound = await call<{ success: boolean }>(
      request,
      "POST",
      "/api/v1/oauth/wechatmp/scan/login/status",
      member.token,
      { scene: bind.scene },
    );
    expect(bound.success).toBe(true);

    // signed out, on the scan page: the QR code of a fresh scene
    const codeReply = page.waitForResponse((r) => r.url().endsWith("/api.v1.OAuthAPI/GetWechatMPScanCode"));
    await page.goto("/oauth/wechatmp");
    const { scene, url } = (await (await codeReply).json()) as { scene: string; url: string };
    expect(wechat.scenes.get(url)).toBe(scene);
    const box = page.getByTestId("wechat-scan");
    await expect(page.getByRole("heading", { name: "微信扫码登录" })).toBeVisible();
    await expect(box.locator("canvas")).toBeVisible();
    await expect(page.getByTestId("wechat-scan-state")).toContainText(/二维码 \d+ 秒后过期/);
    const size = await box.locator("canvas").boundingBox();
    expect(size?.width ?? 0).toBeGreaterThanOrEqual(150);
    expect(size?.width ?? 0).toBeLessThanOrEqual(info.project.name === "mobile" ? 375 : 400);

    // a forged push (another token) is refused and changes nothing
    const forgedTs = String(Math.floor(Date.now() / 1000));
    const forged = await request.post(
      `/callback/wechat_official?${new URLSearchParams({
        signature: createHash("sha1").update(["wrong", forgedTs, "1"].sort().join("")).digest("hex"),
        timestamp: forgedTs,
        nonce: "1",
      })}`,
      { data: wechat.scanPush("", { scene, openid }).body },
    );
    expect(forged.status()).toBe(403);

    await pushScan(request, wechat, scene, openid);
    await expect(page).toHaveURL(/\/me(\/|$)/);
    expect(await storedToken(page)).not.toBe("");
    await expect(page.getByText(username).first()).toBeVisible();
  } finally {
    await save({ enable: "false" });
    await wechat.close();
  }
});

test("stand-in WeChat: a WeChat bound to nobody creates an account from the scan page and is signed in", async ({
  page,
  request,
}, info) => {
  test.skip(!PORT, "E2E_WECHAT_PORT: the site must be allowed to reach the WeChat stand-in (scripts/test.mjs)");
  test.skip(info.project.name === "mobile", "the register form is the /oauth/{type} one, checked at 375 px there");
  test.setTimeout(90_000);
  const admin = (await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN)).token;
  const save = (values: Record<string, string>) =>
    call(request, "PUT", "/api/v1/config", admin, {
      config: Object.entries(values).map(([name, value]) => ({ category: "oauthOfficialAccount", name, value })),
    });
  const wechat = await startWechatMpStandIn({ port: PORT });
  try {
    await save({
      enable: "true",
      client_id: wechat.appId,
      client_secret: wechat.appSecret,
      token: wechat.token,
      api_base_url: wechat.baseUrl,
    });
    const codeReply = page.waitForResponse((r) => r.url().endsWith("/api.v1.OAuthAPI/GetWechatMPScanCode"));
    await page.goto("/oauth/wechatmp");
    const { scene } = (await (await codeReply).json()) as { scene: string };
    await pushScan(request, wechat, scene, `o${randomBytes(12).toString("base64url")}`);
    const form = page.getByTestId("oauth-register-form");
    await expect(form).toBeVisible();
    const username = unique("wxnew", info);
    await form.getByLabel("用户名").fill(username);
    await form.getByRole("button").click();
    await expect(page).toHaveURL(/\/me(\/|$)/);
    expect(await storedToken(page)).not.toBe("");
  } finally {
    await save({ enable: "false" });
    await wechat.close();
  }
});

import { expect, type Page, test } from "@playwright/test";
import { call } from "./api.js";
import { DESKTOP_ONLY } from "./groups.js";
import { adminAccount, login, startEachTestFresh } from "./session.js";
import { startWechatPayStandIn } from "./wechatpayStandIn.js";

/**
 * /admin/config/pay (issue #14), desktop and 375 px: the payment platforms' endpoints are settings
 * with the production URLs as defaults and their help shown; a plain-http gateway is refused on its
 * field, Alipay's sandbox gateway is saved (and put back afterwards). WeChat Pay's public key mode
 * fields are there. Alipay stays switched off, so no visitor meets the change. The WeChat Pay check
 * runs against the local stand-in of the WeChat Pay API, started by the test in a child process (the
 * site reaches it on 127.0.0.1: the site under test runs on this machine); WeChat Pay is switched on meanwhile, so this
 * spec is a serial one (groups.ts). Needs WENKU_ADMIN_PASSWORD.
 */
const ADMIN = adminAccount();
const SANDBOX_GATEWAY = "https://openapi-sandbox.dl.alipaydev.com/gateway.do";

startEachTestFresh();

type Setting = { category: string; name: string; value: string };

const formItem = (page: Page, testId: string) =>
  page.locator(".ant-form-item").filter({ has: page.getByTestId(testId) });

test("the admin sees the platforms' endpoints with their help, a plain-http gateway is refused, the sandbox one saved", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = (await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN)).token;
  const stored = async () =>
    (await call<{ config: Setting[] }>(request, "GET", "/api/v1/config/list?category=alipay", token)).config.find(
      (c) => c.name === "gateway_url",
    )?.value;
  const before = (await stored()) ?? "";
  try {
    await login(page, ADMIN, "/admin/config/pay");
    await expect(page).toHaveURL(/\/admin\/config\/pay$/);
    const gateway = page.getByTestId("cfg-alipay-gateway_url");
    expect(before).toBe("https://openapi.alipay.com/gateway.do"); // the default: production
    await expect(gateway).toHaveValue(before);
    await expect(formItem(page, "cfg-alipay-gateway_url")).toContainText("支付宝网关地址");
    await expect(formItem(page, "cfg-alipay-gateway_url")).toContainText(SANDBOX_GATEWAY);
    await expect(page.getByTestId("cfg-wechatpay-base_url")).toHaveValue("https://api.mch.weixin.qq.com");
    await expect(formItem(page, "cfg-wechatpay-base_url")).toContainText("微信支付 API v3 的地址");
    await expect(formItem(page, "cfg-wechatpay-public_key_id")).toContainText("PUB_KEY_ID_");
    await expect(page.getByTestId("cfg-wechatpay-public_key")).toBeVisible();

    await gateway.fill("http://openapi.alipay.com/gateway.do");
    await page.getByTestId("config-save").click();
    await expect(formItem(page, "cfg-alipay-gateway_url").locator(".ant-form-item-explain-error")).toContainText(
      "须为 https:// 开头的地址",
    );
    expect(await stored()).toBe(before);

    await gateway.fill(SANDBOX_GATEWAY);
    await page.getByTestId("config-save").click();
    await expect(page.getByText("设置已保存")).toBeVisible();
    expect(await stored()).toBe(SANDBOX_GATEWAY);
  } finally {
    await call(request, "PUT", "/api/v1/config", token, {
      config: [{ category: "alipay", name: "gateway_url", value: before }],
    });
  }
});

// The pay page at 375 px is the test above's; this one checks the platform's answers.
test("the admin checks WeChat Pay: the platform certificate's serial and validity, then the platform's refusal", {
  tag: DESKTOP_ONLY,
}, async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = (await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN)).token;
  const list = async () =>
    (await call<{ config: Setting[] }>(request, "GET", "/api/v1/config/list?category=wechatpay", token)).config;
  const save = (values: Record<string, string>) =>
    call(request, "PUT", "/api/v1/config", token, {
      config: Object.entries(values).map(([name, value]) => ({ category: "wechatpay", name, value })),
    });
  // Put back afterwards: the plain values as they were; a secret that was empty emptied again.
  const before = await list();
  const restore = Object.fromEntries(
    before
      .filter((c) =>
        ["enable", "app_id", "mch_id", "serial_no", "base_url", "api_v3_key", "private_key"].includes(c.name),
      )
      .filter((c) => c.value !== "******")
      .map((c) => [c.name, c.value]),
  );
  const stand = await startWechatPayStandIn();
  try {
    await save({
      enable: "true",
      app_id: stand.appId,
      mch_id: stand.mchId,
      serial_no: stand.merchantSerial,
      api_v3_key: stand.apiV3Key,
      private_key: stand.privateKey,
      base_url: stand.baseUrl,
    });
    await login(page, ADMIN, "/admin/config/pay");
    const group = page.getByTestId("config-group-wechatpay");
    const check = group.getByRole("button", { name: "获取微信支付平台证书" });
    await check.click();
    const result = group.getByTestId("wechatpay-check-result");
    await expect(result).toContainText("微信支付已应答");
    await expect(result).toContainText(stand.platformSerial);
    await expect(result).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} 至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

    await save({ serial_no: "0000000000000000000000000000000000000000" });
    await check.click();
    const refused = group.getByTestId("wechatpay-check-error");
    await expect(refused).toContainText("微信支付检查未通过");
    await expect(refused).toContainText("SIGN_ERROR：商户证书序列号有误");
    await expect(result).toHaveCount(0);
  } finally {
    await save(restore);
    await stand.close();
  }
});

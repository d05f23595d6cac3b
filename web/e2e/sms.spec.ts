import { expect, type Page, test } from "@playwright/test";
import { call } from "./api.js";
import { adminAccount, freshVisit, login, secondPage, startEachTestFresh, unique } from "./session.js";
import { startSmsStandIn } from "./smsStandIn.js";

/**
 * Mobile sign-up and sign-in against the Tencent Cloud SMS stand-in (issue #26), desktop and 375 px:
 * the admin points the SMS settings at the stand-in (started here in a child process; the site
 * reaches it on 127.0.0.1 through FETCH_ALLOW_HOSTS), a visitor registers on the mobile tab with the
 * code the stand-in received, another account signs in by code, and the admin sees the send with its
 * status and the vendor's answer on /admin/user/sms. SMS is switched on meanwhile:
 * a serial spec (groups.ts). Needs WENKU_ADMIN_PASSWORD.
 */
const ADMIN = adminAccount();
/** What a new site's sms_provider is; restored after each test (admin-config.spec.ts starts from it). */
const DEFAULT_PROVIDER = "smsAliyun";

startEachTestFresh();

/** A mobile number unique per run and project (the server allows one code a minute per number). */
const mobileFor = (project: string) =>
  `13${project === "mobile" ? 7 : 6}${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 100)).padStart(2, "0")}`;

async function sendCode(page: Page, form: string) {
  await page.getByTestId(form).getByTestId("sms-send").click();
  await expect(page.getByText("验证码已发送，请查收短信")).toBeVisible();
}

test("stand-in: a visitor registers and signs in by mobile code; the admin sees the sends", async ({
  page,
  request,
  browser,
}, info) => {
  test.setTimeout(120_000);
  const stand = await startSmsStandIn("tencent");
  const token = (await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN)).token;
  const save = (category: string, values: Record<string, string>) =>
    call(request, "PUT", "/api/v1/config", token, {
      config: Object.entries(values).map(([name, value]) => ({ category, name, value })),
    });
  const mobile = mobileFor(info.project.name);
  try {
    await save("sms", { enable: "true", sms_provider: "smsTencent", interval: "0" });
    await save("smsTencent", stand.keys);

    // Sign-up on the mobile tab with the code the "phone" got.
    await page.goto("/register");
    await page.getByRole("tab", { name: "手机号注册" }).click();
    const register = page.getByTestId("mobile-register-form");
    await register.getByLabel("手机号码").fill(mobile);
    await sendCode(page, "mobile-register-form");
    await register.getByLabel("短信验证码").fill(await stand.codeFor(mobile));
    await register.getByLabel("设置密码（选填）").fill("mobile-pass-1");
    await register.getByRole("button", { name: /注\s*册/ }).click();
    await expect(page).toHaveURL(/\/user\/\d+$/); // the post-login default (/me) shows the new account

    // Sign-in by code in a fresh browser, with the number of an account the admin made (the server
    // sends one code a minute per number, and the sign-up just had one).
    const other = await secondPage(browser, info);
    const second = mobileFor(info.project.name);
    const username = unique("sms", info);
    await call(request, "POST", "/api/v1/user", token, { username, password: "first-password", mobile: second });
    await freshVisit(other);
    await other.goto("/login");
    await other.getByRole("tab", { name: "手机号" }).click();
    const loginForm = other.getByTestId("mobile-login-form");
    await loginForm.getByLabel("手机号码").fill(second);
    await sendCode(other, "mobile-login-form");
    await loginForm.getByLabel("短信验证码").fill(await stand.codeFor(second));
    await loginForm.getByRole("button", { name: /登\s*录/ }).click();
    await expect(other).toHaveURL(/\/user\/\d+$/);
    await expect(other.getByText(username).first()).toBeVisible();
    await other.context().close();

    // The admin reads the sign-up's record: sent, the code not shown.
    const admin = await secondPage(browser, info);
    await freshVisit(admin);
    await login(admin, ADMIN, "/admin/user/sms");
    await expect(admin).toHaveURL(/\/admin\/user\/sms$/);
    await admin.getByTestId("sms-mobile-filter").locator("input").fill(mobile);
    await admin.getByTestId("sms-mobile-filter").locator("input").press("Enter");
    const rows = admin.getByTestId("sms-table").locator("tbody tr.ant-table-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId("sms-status")).toHaveText("发送成功");
    await rows.first().locator(".ant-table-row-expand-icon").click();
    await expect(admin.getByTestId("sms-detail").first()).toContainText("******");
    await expect(admin.getByTestId("sms-detail").first()).toContainText("send success");
    await admin.context().close();
  } finally {
    await save("sms", { enable: "false", sms_provider: DEFAULT_PROVIDER });
    await stand.close();
  }
});

test("stand-in: a forgotten password is reset on /findpassword-mobile with the code sent to the number", async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  const stand = await startSmsStandIn("tencent");
  const token = (await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN)).token;
  const save = (category: string, values: Record<string, string>) =>
    call(request, "PUT", "/api/v1/config", token, {
      config: Object.entries(values).map(([name, value]) => ({ category, name, value })),
    });
  const mobile = mobileFor(info.project.name);
  const username = unique("smsfind", info);
  try {
    await save("sms", { enable: "true", sms_provider: "smsTencent", interval: "0" });
    await save("smsTencent", stand.keys);
    await call(request, "POST", "/api/v1/user", token, { username, password: "forgotten-pass", mobile });

    await page.goto("/login");
    await page.getByRole("tab", { name: "手机号" }).click();
    await page.getByRole("link", { name: "通过手机号找回密码" }).click();
    await expect(page).toHaveURL(/\/findpassword-mobile$/);
    const form = page.getByTestId("findpassword-mobile-form");
    await form.getByLabel("手机号码").fill(mobile);
    await sendCode(page, "findpassword-mobile-form");
    await form.getByLabel("短信验证码").fill(await stand.codeFor(mobile));
    await form.getByLabel("新密码", { exact: true }).fill("recovered-pass");
    await form.getByLabel("确认密码").fill("recovered-pass");
    await form.getByRole("button", { name: /重置密码/ }).click();
    await expect(page.getByTestId("findpassword-mobile-done")).toBeVisible();
    expect(stand.keys.template_find_password).toBeTruthy();
    await login(page, { username, password: "recovered-pass" }, "/");
  } finally {
    await save("sms", { enable: "false", sms_provider: DEFAULT_PROVIDER });
    await stand.close();
  }
});

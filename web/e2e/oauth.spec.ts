import { expect, test } from "@playwright/test";
import { call, registerUser } from "./api.js";
import { startE2eOidcProvider } from "./oidcProvider.js";
import { adminAccount, login, startEachTestFresh, storedToken, unique } from "./session.js";

/**
 * Third-party login against a REAL OpenID Provider (oidc-provider in a child process on E2E_OIDC_PORT,
 * which the site may reach: scripts/test.mjs puts it in FETCH_ALLOW_HOSTS), desktop and 375 px: the
 * admin configures the custom provider by its discovery URL, a visitor signs in through the browser
 * (PKCE, state bound to the tab, nonce), gets an account, cannot unbind its only way in, sets a
 * password, unbinds and binds again on /me/profile. It changes the login settings: a serial spec
 * (groups.ts). Needs WENKU_ADMIN_PASSWORD.
 */
const ADMIN = adminAccount();
const PORT = Number(process.env.E2E_OIDC_PORT ?? "0");

startEachTestFresh();

test("a visitor signs in with the OpenID Provider, gets an account and binds/unbinds it on the profile", async ({
  page,
  request,
  baseURL,
}, info) => {
  test.skip(!PORT, "E2E_OIDC_PORT: the site must be allowed to reach the OpenID Provider (scripts/test.mjs)");
  test.setTimeout(120_000);
  const site = (baseURL ?? "").replace(/\/+$/, "");
  const username = unique("sso", info);
  const op = await startE2eOidcProvider(`${site}/oauth/custom`, `sub-${username}`, username);
  const admin = (await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN)).token;
  const save = (category: string, values: Record<string, string>) =>
    call(request, "PUT", "/api/v1/config", admin, {
      config: Object.entries(values).map(([name, value]) => ({ category, name, value })),
    });
  try {
    await save("system", { domain: site });
    await save("oauthCustom", {
      enable: "true",
      name: "Test SSO",
      client_id: op.clientId,
      client_secret: op.clientSecret,
      issuer: op.issuer,
    });

    // The login page offers the provider; the round trip ends on /oauth/custom with the new-account form.
    await page.goto("/login?redirect=%2Fme%2Fprofile");
    await page.getByTestId("oauth-buttons").getByRole("button", { name: "使用Test SSO登录" }).click();
    await expect(page).toHaveURL(/\/oauth\/custom\?/);
    await expect(page.getByTestId("oauth-account")).toContainText(`OIDC ${username}`);
    const form = page.getByTestId("oauth-register-form");
    await expect(form.getByLabel("用户名")).toHaveValue(username);
    await form.getByRole("button", { name: "创建并登录" }).click();
    await expect(page).toHaveURL(/\/me\/profile$/); // where the login page was headed
    await expect(page.getByText(username).first()).toBeVisible();

    // Its only way in cannot be unbound.
    const bindings = page.getByTestId("oauth-bindings");
    await expect(bindings.getByTestId("oauth-binding")).toHaveCount(1);
    await expect(bindings.getByTestId("oauth-binding")).toContainText("Test SSO");
    await bindings.getByRole("button", { name: /解\s*绑/ }).click();
    await page
      .getByRole("tooltip")
      .getByRole("button", { name: /解\s*绑/ })
      .click();
    await expect(page.getByText("这是您唯一的登录方式，请先设置登录密码，或验证手机号、邮箱后再解绑")).toBeVisible();
    await expect(bindings.getByTestId("oauth-binding")).toHaveCount(1);

    // With a password (the first one needs no old one) it goes; then the button binds it again.
    const token = await storedToken(page);
    await call(request, "PUT", "/api/v1/user/password", token, { new_password: "sso-password-1" });
    await bindings.getByRole("button", { name: /解\s*绑/ }).click();
    await page
      .getByRole("tooltip")
      .getByRole("button", { name: /解\s*绑/ })
      .click();
    await expect(page.getByText("已解绑")).toBeVisible();
    await expect(bindings.getByTestId("oauth-binding")).toHaveCount(0);
    await bindings.getByRole("button", { name: "绑定Test SSO" }).click();
    await expect(page).toHaveURL(/\/me\/profile$/);
    await expect(page.getByText("绑定成功")).toBeVisible();
    await expect(page.getByTestId("oauth-bindings").getByTestId("oauth-binding")).toHaveCount(1);

    // Another account binding the same provider account from its profile is refused, saying why, and
    // stays signed in as itself.
    const other = { username: unique("sso2", info), password: "other-password-1" };
    await registerUser(request, other.username, other.password);
    await page.evaluate(() => localStorage.clear());
    await login(page, other, "/me/profile");
    await page.getByTestId("oauth-bindings").getByRole("button", { name: "绑定Test SSO" }).click();
    await expect(page).toHaveURL(/\/oauth\/custom\?/);
    await expect(page.getByTestId("oauth-failed")).toContainText("该第三方账号已绑定其他用户");
    await page.getByRole("button", { name: "返回个人资料" }).click();
    await expect(page).toHaveURL(/\/me\/profile$/);
    await expect(page.getByTestId("oauth-bindings").getByTestId("oauth-binding")).toHaveCount(0);
    const me = await call<{ username: string }>(request, "GET", "/api/v1/user", await storedToken(page));
    expect(me.username).toBe(other.username);
  } finally {
    await save("oauthCustom", { enable: "false" });
    await op.close();
  }
});

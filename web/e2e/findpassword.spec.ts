import { expect, test } from "@playwright/test";
import { readMail, startTestSmtpServer } from "@wenku/testkit/mail";
import { call } from "./api.js";
import { adminAccount, startEachTestFresh, unique } from "./session.js";

/**
 * Password recovery by e-mail, end to end against a real SMTP server (npm smtp-server) the spec starts:
 * the admin points the site's e-mail settings (and its domain, which links in mails are built from)
 * at it through the admin API; a member asks on /findpassword (reached from the login page's "忘记密码？"),
 * the spec reads the link from the mail that arrives, follows it, sets a new password and signs in
 * with it. It changes site-wide settings: a serial spec (groups.ts). Needs WENKU_ADMIN_PASSWORD.
 */
const ADMIN = adminAccount();

startEachTestFresh();

interface ConfigRow {
  category: string;
  name: string;
  value: string;
}

test("recover a password through the e-mailed link and sign in with the new one", async ({ page, request }, info) => {
  test.setTimeout(90_000);
  const smtp = await startTestSmtpServer({ accounts: { "site@example.com": "smtp-secret" } });
  const admin = (await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN)).token;
  const rows = async (category: string) =>
    (await call<{ config?: ConfigRow[] }>(request, "GET", `/api/v1/config/list?category=${category}`, admin)).config ??
    [];
  const save = (config: ConfigRow[]) => call(request, "PUT", "/api/v1/config", admin, { config });
  const before = [
    ...(await rows("email")).filter((r) => ["enable", "host", "port", "is_tls", "username"].includes(r.name)),
    ...(await rows("system")).filter((r) => r.name === "domain"),
  ];
  const origin = new URL(info.project.use.baseURL ?? "").origin;
  try {
    await save([
      { category: "email", name: "enable", value: "true" },
      { category: "email", name: "host", value: "127.0.0.1" },
      { category: "email", name: "port", value: String(smtp.port) },
      { category: "email", name: "is_tls", value: "false" },
      { category: "email", name: "username", value: "site@example.com" },
      { category: "email", name: "password", value: "smtp-secret" },
      { category: "email", name: "test_email", value: "" },
      { category: "system", name: "domain", value: origin },
    ]);
    const username = unique("rcv", info);
    const email = `${username}@example.org`;
    await call(request, "POST", "/api/v1/user/register", null, { username, password: "old-secret-1", email });

    await page.goto("/login");
    await page.getByRole("link", { name: "忘记密码？" }).click();
    await expect(page).toHaveURL(/\/findpassword$/);
    const form = page.getByTestId("recover-form");
    await form.getByLabel("电子邮箱").fill(email);
    await form.getByRole("button", { name: /发送重置邮件/ }).click();
    await expect(page.getByTestId("recover-sent")).toContainText(`如果 ${email} 是本站账号的邮箱`);

    let mail = { subject: "", text: "" };
    await expect
      .poll(async () => {
        const received = smtp.inbox.find((m) => m.to.some((to) => to.toLowerCase() === email));
        if (received) mail = await readMail(received);
        return mail.text;
      })
      .not.toBe("");
    expect(mail.subject).toMatch(/找回密码/);
    const link = new URL(/https?:\/\/\S+\/findpassword\?\S+/.exec(mail.text)?.[0] ?? "http://none/");
    expect(link.origin).toBe(origin);

    await page.goto(link.pathname + link.search);
    const reset = page.getByTestId("reset-form");
    await expect(page.getByText(`为账号邮箱 ${email} 设置新的登录密码`)).toBeVisible();
    await reset.getByLabel("新密码", { exact: true }).fill("new-secret-2");
    await reset.getByLabel("确认密码", { exact: true }).fill("new-secret-2");
    await reset.getByRole("button", { name: /确认修改/ }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator(".ant-message-notice").filter({ hasText: "密码已重置" })).toBeVisible();
    // nothing wider than the screen (375 px included)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const login = page.getByTestId("login-form");
    await login.getByLabel("用户名", { exact: true }).fill(username);
    await login.getByLabel("密码", { exact: true }).fill("new-secret-2");
    await login.getByRole("button", { name: /登\s*录/ }).click();
    await expect(page).not.toHaveURL(/\/login/);

    // the link was single use
    const again = await request.put("/api/v1/user/findpassword/steptwo", {
      data: { email, token: link.searchParams.get("token"), password: "third-secret-3" },
    });
    expect(again.status()).toBe(400);
    expect(((await again.json()) as { message: string }).message).toContain("找回密码链接无效或已过期");
  } finally {
    await save(before.map(({ category, name, value }) => ({ category, name, value })));
    await smtp.close();
  }
});

test("register with the code mailed to the address when the admin requires a verified e-mail", async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  const smtp = await startTestSmtpServer({ accounts: { "site@example.com": "smtp-secret" } });
  const admin = (await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN)).token;
  const rows = async (category: string) =>
    (await call<{ config?: ConfigRow[] }>(request, "GET", `/api/v1/config/list?category=${category}`, admin)).config ??
    [];
  const save = (config: ConfigRow[]) => call(request, "PUT", "/api/v1/config", admin, { config });
  const before = [
    ...(await rows("email")).filter((r) => ["enable", "host", "port", "is_tls", "username"].includes(r.name)),
    ...(await rows("security")).filter((r) => r.name === "enable_verify_register_email"),
  ];
  try {
    await save([
      { category: "email", name: "enable", value: "true" },
      { category: "email", name: "host", value: "127.0.0.1" },
      { category: "email", name: "port", value: String(smtp.port) },
      { category: "email", name: "is_tls", value: "false" },
      { category: "email", name: "username", value: "site@example.com" },
      { category: "email", name: "password", value: "smtp-secret" },
      { category: "email", name: "test_email", value: "" },
      { category: "security", name: "enable_verify_register_email", value: "true" },
    ]);
    const username = unique("vrf", info);
    const email = `${username}@example.org`;
    await page.goto("/register");
    const form = page.getByTestId("register-form");
    await form.getByLabel("用户名", { exact: true }).fill(username);
    await form.getByLabel("电子邮箱", { exact: true }).fill(email);
    await form.getByLabel("密码", { exact: true }).fill("reg-secret-1");
    await form.getByLabel("确认密码", { exact: true }).fill("reg-secret-1");
    await form.getByTestId("send-email-code").click();
    await expect(form.getByTestId("send-email-code")).toContainText("秒后重新获取");

    let text = "";
    await expect
      .poll(async () => {
        const received = smtp.inbox.find((m) => m.to.some((to) => to.toLowerCase() === email));
        if (received) text = (await readMail(received)).text;
        return text;
      })
      .not.toBe("");
    const code = /验证码为：(\d{6})/.exec(text)?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    await form.getByLabel("邮箱验证码", { exact: true }).fill(code);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await form.getByRole("button", { name: /注\s*册/ }).click();
    await expect(page).not.toHaveURL(/\/register/);
  } finally {
    await save(before.map(({ category, name, value }) => ({ category, name, value })));
    await smtp.close();
  }
});

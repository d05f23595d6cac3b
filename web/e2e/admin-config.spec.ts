import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { makePng } from "@wenku/testkit/images";
import { call } from "./api.js";
import { adminAccount, login, startEachTestFresh, unique } from "./session.js";

/**
 * The config pages (issue #12), desktop and 375 px: the admin changes the site name, home title and
 * logo on /admin/config/system and a footer link on /admin/config/footer, sees a refused value named
 * on its field, and finds the changes on the public site; the dashboard shows the environment check.
 * Needs WENKU_ADMIN_PASSWORD.
 */
const ADMIN = adminAccount();

startEachTestFresh();

type Setting = { category: string; name: string; value: string };
const KEYS: readonly Omit<Setting, "value">[] = [
  { category: "system", name: "sitename" },
  { category: "system", name: "title" },
  { category: "system", name: "logo" },
  { category: "footer", name: "about" },
];

/** The stored values of KEYS, to put back after the test (other specs read the site name). */
async function storedValues(request: APIRequestContext, token: string): Promise<Setting[]> {
  const list = await call<{ config: Setting[] }>(
    request,
    "GET",
    "/api/v1/config/list?category=system&category=footer",
    token,
  );
  return KEYS.map((k) => ({
    ...k,
    value: list.config.find((c) => c.category === k.category && c.name === k.name)?.value ?? "",
  }));
}

/** The page's width fits the screen (nothing sticks out sideways on a phone). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

async function save(page: Page): Promise<void> {
  await page.getByTestId("config-save").click();
  await expect(page.getByText("设置已保存")).toBeVisible();
}

test("the admin renames the site, uploads a logo and changes a footer link; the public site shows them", async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const tag = unique("", info);
  const siteName = `配置文库${tag}`;
  const homeTitle = `首页标题${tag}`;
  const aboutLink = `/article/about-${tag}`;
  const token = (await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN)).token;
  const before = await storedValues(request, token);
  try {
    await login(page, ADMIN, "/admin/config/system");
    await expect(page).toHaveURL(/\/admin\/config\/system$/);
    await page.getByTestId("cfg-system-sitename").fill(siteName);
    await page.getByTestId("cfg-system-title").fill(homeTitle);
    await page
      .getByTestId("cfg-system-logo")
      .locator("input[type=file]")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: makePng(120, 36, 0x40) });
    await expect(page.getByText("图片已上传，保存设置后生效")).toBeVisible();
    await expect(page.getByTestId("cfg-system-logo-preview").locator("img")).toHaveAttribute(
      "src",
      /^\/uploads\/[0-9a-f]{32}\.png$/,
    );
    await expectNoSidewaysScroll(page);
    await save(page);

    // A refused value is named on its field and nothing is saved; a good one is.
    await page.goto("/admin/config/footer");
    const about = page.getByTestId("cfg-footer-about");
    await about.fill("//evil.example");
    await page.getByTestId("config-save").click();
    const field = page.locator(".ant-form-item").filter({ has: about });
    await expect(field.locator(".ant-form-item-explain-error")).toContainText("须为站内路径");
    await about.fill(aboutLink);
    await expect(field.locator(".ant-form-item-explain-error")).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await save(page);

    // The public site: the home title in the page title, the logo (named after the site) in the header,
    // the site name on the home page, the footer link.
    await page.goto("/");
    await expect(page).toHaveTitle(homeTitle);
    const logo = page.getByTestId("site-logo").getByRole("img", { name: siteName });
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
    await expect(page.getByTestId("site-name")).toHaveText(siteName);
    await expect(page.getByTestId("site-footer").getByRole("link", { name: "关于我们" })).toHaveAttribute(
      "href",
      aboutLink,
    );
  } finally {
    await call(request, "PUT", "/api/v1/config", token, { config: before });
  }
});

test("the dashboard shows the environment check with what each tool enables", async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, ADMIN, "/admin/dashboard");
  const envs = page.getByTestId("dashboard-envs");
  await expect(envs).toBeVisible();
  const mupdf = envs.getByTestId("env-MuPDF");
  await expect(mupdf.getByText("MuPDF（内置）")).toBeVisible();
  await expect(mupdf.getByText("已安装")).toBeVisible();
  await expect(mupdf.getByText("PDF、EPUB、MOBI 文档的转换与预览（内置，无需安装）")).toBeVisible();
  // LibreOffice and the CJK fonts: found here or not, each says which, and a missing one how to install it.
  for (const name of ["LibreOffice", "CJK fonts"]) {
    const item = envs.getByTestId(`env-${name}`);
    await expect(item.getByText(/^(已安装|未安装)$/)).toBeVisible();
    if ((await item.getByText("未安装", { exact: true }).count()) > 0) {
      await expect(item.getByText(/apt install/).first()).toBeVisible();
    }
  }
  await expect(page.getByTestId("dashboard-device").getByTestId("device-memory")).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("the admin saves one SMS provider's keys and switches sms_provider to it (moredoc Pro's 短信配置)", async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const secretId = `AKID${unique("", info)}`;
  const token = (await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN)).token;
  const listed = async (category: string) =>
    (await call<{ config: Setting[] }>(request, "GET", `/api/v1/config/list?category=${category}`, token)).config;
  const before = [
    ...(await listed("sms")).filter((c) => c.name === "sms_provider"),
    ...(await listed("smsTencent")).filter((c) => ["secret_id", "secret_key", "sign_name"].includes(c.name)),
  ].map(({ category, name, value }) => ({ category, name, value }));
  try {
    await login(page, ADMIN, "/admin/config/sms");
    await expect(page).toHaveURL(/\/admin\/config\/sms$/);
    // Only the chosen provider's keys show: Alibaba Cloud's (the default) until Tencent Cloud is chosen.
    await expect(page.getByTestId("config-group-smsAliyun")).toBeVisible();
    await expect(page.getByTestId("config-group-smsTencent")).toBeHidden();
    await page.getByRole("combobox", { name: "短信服务商" }).click();
    await page
      .locator(".ant-select-item-option")
      .filter({ hasText: /^腾讯云$/ })
      .click();
    await expect(page.getByTestId("config-group-smsTencent")).toBeVisible();
    await expect(page.getByTestId("config-group-smsAliyun")).toBeHidden();
    await page.getByTestId("cfg-smsTencent-secret_id").fill(secretId);
    await page.getByTestId("cfg-smsTencent-secret_key").fill("tencent-e2e-secret");
    await page.getByTestId("cfg-smsTencent-sign_name").fill("文库");
    await expectNoSidewaysScroll(page);
    await save(page);

    // Stored: the provider switched, its keys saved, the secret masked when listed.
    const sms = await listed("sms");
    expect(sms.find((c) => c.name === "sms_provider")?.value).toBe("smsTencent");
    const tencent = await listed("smsTencent");
    expect(tencent.find((c) => c.name === "secret_id")?.value).toBe(secretId);
    expect(tencent.find((c) => c.name === "secret_key")?.value).toBe("******");

    // Reloaded, the page opens on Tencent Cloud's keys with the secret shown as set.
    await page.reload();
    await expect(page.getByTestId("config-group-smsTencent")).toBeVisible();
    await expect(page.getByTestId("config-group-smsAliyun")).toBeHidden();
    await expect(page.getByTestId("cfg-smsTencent-secret_id")).toHaveValue(secretId);
    await expect(
      page.locator(".ant-form-item").filter({ has: page.getByTestId("cfg-smsTencent-secret_key") }),
    ).toContainText("已设置");
  } finally {
    await call(request, "PUT", "/api/v1/config", token, { config: before });
  }
});

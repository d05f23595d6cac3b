import { expect, type Page, test } from "@playwright/test";
import { call, registerUser } from "./api.js";
import { login, startEachTestFresh, unique } from "./session.js";

/**
 * English mode for what the server stores in Chinese (desktop and 375 px): a new user's credit log
 * (the register bonus and a check-in), their activity feed and their group's name read in English
 * once the site is switched to it; and "由 Wenku 强力驱动" leads to the about page, whose source
 * link answers the running site's source archive (AGPL-3.0 §13).
 */

interface PublicSettings {
  system?: { credit_name?: string; version?: string };
  score?: { register?: number; sign_in?: number };
}

/** The English of the e2e site's credit name (web/src/settings/storedNames.ts), as stored otherwise. */
const CREDIT_EN: Record<string, string> = { 积分: "Points", 魔豆: "Beans", 金币: "Coins" };

async function settings(page: Page) {
  const response = await page.request.get("/api/v1/settings");
  expect(response.ok()).toBe(true);
  const s = (await response.json()) as PublicSettings;
  const name = s.system?.credit_name || "积分";
  return {
    name,
    nameEn: CREDIT_EN[name] ?? name,
    register: s.score?.register ?? 0,
    signIn: s.score?.sign_in ?? 0,
    version: s.system?.version ?? "",
  };
}

startEachTestFresh();

test("the credit log, the feed and the group name follow the language", async ({ page }, info) => {
  test.setTimeout(120_000);
  const { name, nameEn, register, signIn } = await settings(page);
  expect(signIn, "the e2e stack's sign-in award (score.sign_in) must be above 0").toBeGreaterThan(0);
  const account = { username: unique("eng", info), password: "english-pass-1" };
  const { token } = await registerUser(page.request, account.username, account.password);
  await call(page.request, "PUT", "/api/v1/user/sign", token, {});
  await login(page, account, "/me");

  const main = page.getByRole("main");
  const log = main.getByTestId("credit-log-row");
  const feed = main.getByTestId("dynamic-row");
  await expect(log.first()).toContainText(`签到获得 ${signIn} ${name}`);
  await expect(feed.first()).toContainText(`签到获得 ${signIn} ${name}`);
  await expect(main.getByText("普通用户", { exact: true })).toBeVisible();

  await page.getByTestId("lang-switch").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(log.first()).toContainText(`Checked in: earned ${signIn} ${nameEn}`);
  if (register > 0) await expect(log.nth(1)).toContainText(`Signed up: earned ${register} ${nameEn}`);
  await expect(feed.first()).toContainText(`Checked in: earned ${signIn} ${nameEn}`);
  await expect(feed.filter({ hasText: "Joined the site" })).toHaveCount(1);
  await expect(main.getByText("Members", { exact: true })).toBeVisible();
  await expect(main).not.toContainText("签到获得");
  await page.screenshot({ path: info.outputPath("me-english.png"), fullPage: true });
  const layout = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(layout, "no horizontal scrolling").toBe(true);
});

test("由 Wenku 强力驱动 → about Wenku → the source archive", async ({ page }, info) => {
  const { version } = await settings(page);
  await page.goto("/");
  const powered = page.getByTestId("powered-by");
  await powered.scrollIntoViewIfNeeded();
  await expect(powered).toHaveText("由 Wenku 强力驱动");
  await powered.click();
  await expect(page).toHaveURL(/\/about-wenku$/);
  const about = page.getByTestId("about-wenku");
  await expect(about.getByRole("heading", { name: "关于 Wenku" })).toBeVisible();
  if (version) await expect(about.getByTestId("about-version")).toHaveText(version);
  await expect(about).toContainText("AGPL-3.0-or-later");
  await page.screenshot({ path: info.outputPath("about-wenku.png"), fullPage: true });

  const source = about.getByTestId("about-source");
  const href = await source.getAttribute("href");
  expect(href).toBe("/source");
  // what the link answers (following /source's redirect): the archive, as a download
  const response = await page.request.get(href ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/gzip");
  expect(response.url()).toMatch(/\/source\/wenku-[\w.-]+\.tar\.gz$/);
  const body = await response.body();
  expect([body[0], body[1]]).toEqual([0x1f, 0x8b]); // gzip's magic number
  const layout = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(layout, "no horizontal scrolling").toBe(true);
});

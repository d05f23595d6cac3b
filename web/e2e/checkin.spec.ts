import { expect, type Page, test } from "@playwright/test";
import { registerUser } from "./api.js";
import { login, startEachTestFresh, unique } from "./session.js";

/**
 * The daily check-in end to end (desktop and 375 px): a new user checks in from the header (on
 * phones: the menu drawer), sees 'got {award} {credit name} reward', every check-in button turns into
 * a disabled 'checked in today', and /me shows the balance the ledger holds and the credit log with
 * the check-in and the register bonus.
 */

interface PublicSettings {
  system?: { credit_name?: string };
  score?: { register?: number; sign_in?: number };
}

async function rewards(page: Page) {
  const response = await page.request.get("/api/v1/settings");
  expect(response.ok()).toBe(true);
  const s = (await response.json()) as PublicSettings;
  return { name: s.system?.credit_name || "积分", register: s.score?.register ?? 0, signIn: s.score?.sign_in ?? 0 };
}

startEachTestFresh();

test("check in once: the award, the disabled button, the balance and the log on /me", async ({ page }, info) => {
  test.setTimeout(120_000);
  const { name, register, signIn } = await rewards(page);
  expect(signIn, "the e2e stack's sign-in award (score.sign_in) must be above 0").toBeGreaterThan(0);
  const account = { username: unique("chk", info), password: "checkin-pass-1" };
  await registerUser(page.request, account.username, account.password);
  await login(page, account, "/me");
  const mobile = info.project.name === "mobile";

  // On phones the header row has no room: the check-in sits in the menu drawer.
  if (mobile) await page.getByRole("button", { name: "菜单" }).click();
  const where = mobile ? page.locator(".ant-drawer") : page.locator("header");
  const button = where.getByTestId("check-in");
  await expect(button).toBeEnabled();
  await expect(button).toHaveText(/签\s*到/);
  await button.click();
  await expect(page.locator(".ant-message-notice").filter({ hasText: `获得 ${signIn} ${name}奖励` })).toBeVisible();
  await expect(button).toBeDisabled();
  await expect(button).toHaveText("今日已签到");
  if (mobile) await page.keyboard.press("Escape");

  // /me: its own button is done too, the balance is the register bonus plus the award, the log lists both.
  const me = page.getByRole("main");
  await expect(me.getByTestId("check-in")).toBeDisabled();
  await expect(me.getByTestId("user-stats").locator(".ant-statistic").first()).toContainText(name);
  await expect(me.getByTestId("user-stats").locator(".ant-statistic").first()).toContainText(String(register + signIn));
  const rows = me.getByTestId("credit-log-row");
  await expect(rows.first()).toContainText(`签到获得 ${signIn} ${name}`);
  await expect(rows.first()).toContainText(`+${signIn}`);
  if (register > 0) await expect(rows.nth(1)).toContainText(`注册获得 ${register} ${name}`);

  // A reload asks the server: still checked in today.
  await page.reload();
  await expect(page.getByRole("main").getByTestId("check-in")).toBeDisabled();
  const layout = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(layout, "no horizontal scrolling").toBe(true);
});

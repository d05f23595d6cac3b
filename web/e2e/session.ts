import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";

/**
 * What the e2e flows share: a first visit per test, names unique per run and project, logging in
 * through the web form, a second logged-out browser, and the admin account of the stack under test.
 */

/**
 * Makes the page start as a first visit: default language, nobody logged in. Once per tab: a reload
 * within the test keeps what the test did (a login, a language).
 */
export async function freshVisit(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("wenku:e2e-initialised")) {
      localStorage.clear();
      sessionStorage.setItem("wenku:e2e-initialised", "1");
    }
  });
}

/** Every test of the calling spec starts from a first visit (freshVisit). */
export function startEachTestFresh(): void {
  test.beforeEach(({ page }) => freshVisit(page));
}

/** The session token the web app keeps in localStorage (see web/src/store/session.ts); "" when none. */
export async function storedToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const raw = localStorage.getItem("wenku:session");
    return raw ? ((JSON.parse(raw) as { token?: string }).token ?? "") : "";
  });
}

/** A name unique per run and per project, so desktop and mobile runs never collide. */
export const unique = (prefix: string, info: TestInfo): string =>
  `${prefix}${info.project.name.slice(0, 1)}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

export interface Account {
  username: string;
  password: string;
}

/**
 * The first-start admin of the stack under test (WENKU_ADMIN_PASSWORD). scripts/test.mjs always sets
 * it; without it the flows that need it cannot run, which must fail, not pass silently.
 */
export function adminAccount(): Account {
  const password = process.env.WENKU_ADMIN_PASSWORD ?? "";
  if (!password) throw new Error("WENKU_ADMIN_PASSWORD must be the first-start admin password of the stack under test");
  return { username: "admin", password };
}

/** Logs in through the web form on its way to `redirect` and waits until it has left /login. */
export async function login(page: Page, account: Account, redirect = "/admin"): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  const form = page.getByTestId("login-form");
  await form.getByLabel("用户名", { exact: true }).fill(account.username);
  await form.getByLabel("密码", { exact: true }).fill(account.password);
  await form.getByRole("button", { name: /登\s*录/ }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A second, logged-out browser with the same screen as the project's. */
export async function secondPage(browser: Browser, info: TestInfo): Promise<Page> {
  const use = info.project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    locale: "zh-CN",
    viewport: use.viewport ?? null,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    deviceScaleFactor: use.deviceScaleFactor,
  });
  return context.newPage();
}

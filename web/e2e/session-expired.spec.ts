import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DESKTOP_ONLY } from "./groups.js";
import { startEachTestFresh, storedToken } from "./session.js";

/**
 * A session the server no longer honours (logged out from another device, expired, a token mangled
 * in storage) ends in the browser at the server's first 401: the header shows the login link, the
 * stored session is cleared, public pages keep working for the visitor, and logging in again works.
 * The server answers 401 to a dead token on every route, public ones included (RFC 6750).
 */

const PASSWORD = "session-pass-123";

startEachTestFresh();

async function register(request: APIRequestContext, prefix: string, project: string): Promise<string> {
  const username = `${prefix}_${project.slice(0, 1)}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const r = await request.post("/api/v1/user/register", { data: { username, password: PASSWORD } });
  expect(r.ok(), await r.text()).toBe(true);
  return username;
}

async function signIn(page: Page, username: string, via: "goto" | "link" = "goto"): Promise<void> {
  if (via === "goto") await page.goto("/login");
  else await page.getByTestId("login-link").click();
  const form = page.getByTestId("login-form");
  await form.getByLabel("用户名").fill(username);
  await form.getByLabel("密码").fill(PASSWORD);
  await form.getByRole("button", { name: /登\s?录/ }).click();
  await expect(page.getByTestId("user-menu")).toBeVisible();
  expect(await storedToken(page)).not.toBe("");
}

/** The home page below the hero: documents, categories or the empty site's invitation — not an error. */
async function expectHomeWorks(page: Page): Promise<void> {
  const content = ["home-latest", "home-category", "home-empty"].map((id) => page.getByTestId(id));
  await expect(content.reduce((a, b) => a.or(b)).first()).toBeVisible();
  await expect(page.getByTestId("home-error")).toHaveCount(0);
}

async function expectSignedOut(page: Page): Promise<void> {
  await expect(page.getByTestId("login-link")).toBeVisible();
  await expect(page.getByTestId("user-menu")).toHaveCount(0);
  expect(await storedToken(page)).toBe("");
}

// Session rules: the header signed in and out and the login page at 375 px are account.spec's.
test(
  "a session logged out elsewhere ends at the next page load; public pages keep working",
  { tag: DESKTOP_ONLY },
  async ({ page, request }, info) => {
    const username = await register(request, "expired", info.project.name);
    await signIn(page, username);
    await page.goto("/");
    await expect(page.getByTestId("user-menu")).toBeVisible();
    const token = await storedToken(page);

    // Another device (here: the test) logs this very session out behind the page's back.
    const auth = { Authorization: `Bearer ${token}` };
    expect((await request.delete("/api/v1/user/logout", { headers: auth })).ok()).toBe(true);
    const refused = await request.get("/api/v1/settings", { headers: auth });
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { message?: string }).message).toBe("登录已失效，请重新登录");

    await page.reload();
    await expectSignedOut(page);
    await expectHomeWorks(page);

    // The login link leads to a working login.
    await signIn(page, username, "link");
  },
);

test(
  "a mangled stored token: signed out at once, and the login link works",
  { tag: DESKTOP_ONLY },
  async ({ page, request }, info) => {
    const username = await register(request, "mangled", info.project.name);
    await signIn(page, username);
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem("wenku:session") ?? "{}") as { token?: string };
      session.token = `${session.token ?? ""}x`; // a bad signature
      localStorage.setItem("wenku:session", JSON.stringify(session));
    });

    await page.goto("/");
    await expectSignedOut(page);
    await expectHomeWorks(page);

    // Straight to the login page with a dead token still stored: the auth-page guard first sends the
    // seemingly logged-in visitor on, the first answer (401) signs them out, and the login link works.
    await page.evaluate(() => {
      localStorage.setItem("wenku:session", JSON.stringify({ user: { id: 1, username: "ghost" }, token: "garbage" }));
    });
    await page.goto("/login");
    await expectSignedOut(page);
    await signIn(page, username, "link");
  },
);

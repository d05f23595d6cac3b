import { expect, type Page, test } from "@playwright/test";
import { DESKTOP_ONLY } from "./groups.js";
import { freshVisit } from "./session.js";

/** The name the site should show: the configured sitename/title, else the library name 文库. */
async function expectedSiteName(page: Page): Promise<string> {
  const response = await page.request.get("/api/v1/settings");
  if (!response.ok()) return "文库";
  const body = (await response.json().catch(() => ({}))) as { system?: { sitename?: string; title?: string } };
  return body.system?.sitename || body.system?.title || "文库";
}

/** Content-Security-Policy violations the browser reported (the gateway's policy must fit the app). */
let cspViolations: string[] = [];

test.beforeEach(async ({ page }) => {
  cspViolations = [];
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) cspViolations.push(msg.text());
  });
  await freshVisit(page);
});

test.afterEach(() => {
  expect(cspViolations).toEqual([]);
});

// HTTP only (no screen): desktop only (groups.ts DESKTOP_ONLY).
test("the app is served with a Content-Security-Policy that forbids framing and inline script", {
  tag: DESKTOP_ONLY,
}, async ({ request }) => {
  const response = await request.get("/");
  const csp = response.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("script-src 'self'");
  // 'wasm-unsafe-eval' lets the upload's MD5 compile WebAssembly; JavaScript eval stays forbidden.
  expect(csp).not.toContain("'unsafe-eval'");
  expect(response.headers()["x-frame-options"]).toBe("DENY");
});

test("home renders the site name", async ({ page }) => {
  const name = await expectedSiteName(page);
  await page.goto("/");
  await expect(page.getByTestId("site-name")).toHaveText(name);
  await expect(page.getByTestId("site-logo")).toBeVisible();
  await expect(page).toHaveTitle(/.+/);
  // Below the hero: documents, the empty site's invitation to upload, or a quiet error — never a blank area.
  const belowHero = ["home-latest", "home-category", "home-empty", "home-error"].map((id) => page.getByTestId(id));
  await expect(belowHero.reduce((a, b) => a.or(b)).first()).toBeVisible();
});

test("at the end of a page the floating buttons cover neither the footer's links nor the content", async ({
  page,
}, info) => {
  await page.goto("/");
  const footer = page.locator("footer");
  await expect(footer).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const bar = page.getByRole("navigation", { name: "快捷操作" });
  await expect(bar).toBeVisible();
  // Scrolled far enough, the bar gains 回到顶部 (a fresh site's home may be too short for it).
  await page.waitForTimeout(500);
  const boxes = await page.evaluate(() => {
    const rect = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    const nav = document.querySelector('nav[aria-label="快捷操作"]') as Element;
    const targets = [...document.querySelectorAll("footer a, main .ant-card, main a, main button")];
    return { bar: rect(nav), targets: targets.map((e) => ({ text: e.textContent?.slice(0, 30), ...rect(e) })) };
  });
  const overlaps = boxes.targets.filter(
    (t) =>
      t.right > t.left &&
      t.bottom > t.top &&
      t.left < boxes.bar.right &&
      t.right > boxes.bar.left &&
      t.top < boxes.bar.bottom &&
      t.bottom > boxes.bar.top,
  );
  await page.screenshot({ path: info.outputPath("page-end.png") });
  expect(overlaps.map((t) => t.text)).toEqual([]);
});

test("an unknown route shows the 404 page with a way home", async ({ page }) => {
  await page.goto("/this/route/does-not-exist");
  await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
  await page.getByRole("link", { name: /返回首页/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("site-name")).toBeVisible();
});

test("switching the language to English changes visible labels and sticks", async ({ page }) => {
  await page.goto("/");
  const search = page.getByRole("searchbox", { name: "输入关键词搜索文档" });
  await expect(search).toBeVisible();
  await page.getByTestId("lang-switch").click();
  await expect(page.getByRole("searchbox", { name: "Search documents by keyword" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Search documents by keyword" })).toBeVisible();
});

// HTTP only (no screen): desktop only.
test("robots.txt keeps crawlers out of the back office, personal pages, the API and download links", {
  tag: DESKTOP_ONLY,
}, async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  const text = await response.text();
  for (const path of ["/admin", "/me", "/api/", "/download/"]) expect(text).toContain(`Disallow: ${path}`);
});

// HTTP only (no screen): desktop only.
test("an unknown REST path answers 404 JSON with a code", { tag: DESKTOP_ONLY }, async ({ request }) => {
  const response = await request.get("/api/v1/nonexistent");
  expect(response.status()).toBe(404);
  expect(response.headers()["content-type"]).toContain("application/json");
  const body = (await response.json()) as { code?: unknown; message?: unknown };
  expect(body).toHaveProperty("code");
  expect(typeof body.message).toBe("string");
});

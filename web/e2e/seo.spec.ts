import { expect, test } from "@playwright/test";
import { call, createCategory, publishPdf, registerUser } from "./api.js";
import { makePdf } from "./fixtures.js";
import { DESKTOP_ONLY } from "./groups.js";
import { adminAccount, startEachTestFresh, unique } from "./session.js";

/**
 * Search engines' view of the site on the real stack. Without JavaScript (what a crawler that does not
 * run scripts gets) a document's page shows its title, breadcrumb and the text of its first pages, and
 * carries its canonical URL and JSON-LD; the sitemap lists the document and robots.txt names the
 * sitemap. With JavaScript the app takes over: the crawler content stays hidden until the app
 * replaces it, without errors. Needs WENKU_ADMIN_PASSWORD and the PDF converter.
 */
const ADMIN = adminAccount();
const PAGES = 4;

startEachTestFresh();

async function publish(
  request: Parameters<typeof createCategory>[0],
  prefix: string,
  info: Parameters<typeof unique>[1],
) {
  const title = unique(prefix, info);
  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
  const categoryId = await createCategory(request, admin.token, unique("e2eSEO分类", info));
  const uploader = await registerUser(request, `${title}u`, "e2e-seo-pass");
  const doc = await publishPdf(request, uploader, { title, categoryId, pdf: makePdf(PAGES, title) });
  return { id: String(doc.id), title, adminToken: admin.token };
}

// What crawlers get is the server's HTML, the same at any width, and the app that replaces it is the
// reader every phone test opens: both tests are desktop only (groups.ts).
test.describe("without JavaScript", { tag: DESKTOP_ONLY }, () => {
  test.use({ javaScriptEnabled: false });

  test("a document page shows its title and first pages' text; the sitemap lists it; robots.txt names the sitemap", async ({
    page,
    request,
  }, info) => {
    test.setTimeout(240_000);
    const { id, title, adminToken } = await publish(request, "e2eseo", info);

    const response = await page.goto(`/document/${id}`);
    expect(response?.status()).toBe(200);
    const content = page.locator("#wk-seo");
    await expect(content).toBeVisible();
    await expect(content.getByRole("heading", { level: 1 })).toHaveText(title);
    // each page's text in its own section (the description, cut from the text, holds the start too)
    const pageText = (n: number) =>
      content.locator(`section[data-page="${n}"]`).getByText(`${title} - page ${n}`, { exact: true });
    await expect(pageText(1)).toBeVisible();
    await expect(pageText(3)).toBeVisible();
    await expect(content.locator("section[data-page]")).toHaveCount(3); // the first 3 pages only
    await expect(
      content.getByRole("navigation", { name: "breadcrumb" }).getByRole("link", { name: "首页" }),
    ).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${title} - `));
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toMatch(new RegExp(`^https?://[^/]+/document/${id}$`));
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.map((t) => JSON.parse(t)["@type"])).toEqual(["DigitalDocument", "BreadcrumbList"]);

    const missing = await page.goto("/document/999999999");
    expect(missing?.status()).toBe(404);
    await expect(page.locator("#wk-seo")).toHaveCount(0);

    await call(request, "PUT", "/api/v1/sitemap", adminToken);
    const index = await (await request.get("/sitemap.xml")).text();
    const shards = [...index.matchAll(/<loc>[^<]*(\/sitemap\/documents-\d+\.xml)<\/loc>/g)].map((m) => m[1] as string);
    expect(shards.length).toBeGreaterThan(0);
    const listed = await Promise.all(shards.map(async (s) => (await request.get(s)).text()));
    expect(listed.some((xml) => new RegExp(`/document/${id}</loc>`).test(xml))).toBe(true);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
  });
});

test(
  "with JavaScript the app replaces the crawler content, which stays hidden until then, without errors",
  {
    tag: DESKTOP_ONLY,
  },
  async ({ page, request }, info) => {
    test.setTimeout(240_000);
    const { id, title } = await publish(request, "e2eseojs", info);
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    // Hold the app's entry script back to look at the page before the app starts.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/document/${id}`, { waitUntil: "commit" });
    await expect(page.locator("#wk-seo")).toBeAttached();
    await expect(page.locator("#wk-seo")).toBeHidden();
    release();
    await expect(page.getByTestId("document-title")).toHaveText(title);
    await expect(page.locator("#wk-seo")).toHaveCount(0);
    await expect(page).toHaveTitle(new RegExp(`^${title} - `));
    expect(errors).toEqual([]);
  },
);

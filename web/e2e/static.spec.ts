import { expect, test } from "@playwright/test";
import { DESKTOP_ONLY } from "./groups.js";

// What a crawler and a browser get from the gateway's static delivery on the real stack.

// HTTP only (no screen): desktop only (groups.ts DESKTOP_ONLY), as the two below.
test("robots.txt and favicon.ico exist", { tag: DESKTOP_ONLY }, async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain("Disallow: /admin");
  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toBe("image/x-icon");
  expect((await icon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
});

test("the app's scripts come precompressed and immutable; the page itself is revalidated", {
  tag: DESKTOP_ONLY,
}, async ({ request }) => {
  const page = await request.get("/", { headers: { "accept-encoding": "br" } });
  // Browsers always revalidate the page (a rendered home page may be kept by shared caches: ssr.cache_seconds).
  expect(page.headers()["cache-control"]).toMatch(/^(no-cache|public, max-age=0, s-maxage=\d+)$/);
  const revalidated = await request.get("/", {
    headers: { "accept-encoding": "br", "if-none-match": page.headers().etag as string },
  });
  expect(revalidated.status()).toBe(304);
  const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
  expect(script).toBeTruthy();
  const js = await request.get(script as string, { headers: { "accept-encoding": "br" } });
  expect(js.status()).toBe(200);
  expect(js.headers()["content-encoding"]).toBe("br");
  expect(js.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const again = await request.get(script as string, {
    headers: { "accept-encoding": "br", "if-none-match": js.headers().etag as string },
  });
  expect(again.status()).toBe(304);
  expect((await request.get("/assets/missing-00000000.js")).status()).toBe(404);
});

test("an unknown path and a missing document answer 404 with the app's not-found page", async ({ page }) => {
  const unknown = await page.goto("/no/such/page");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
  const missing = await page.goto("/document/999999999");
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId("document-not-found")).toBeVisible();
  expect((await page.goto("/"))?.status()).toBe(200);
});

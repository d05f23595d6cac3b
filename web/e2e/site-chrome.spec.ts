import { type APIRequestContext, expect, test } from "@playwright/test";
import { makePng } from "@wenku/testkit/images";
import { bearer, call, createCategory } from "./api.js";
import { adminAccount, startEachTestFresh, unique } from "./session.js";

/**
 * The public site as the back office configures it (issue #12), desktop and 375 px: the site name and
 * footer from the settings, a banner on the home page, a friend link in the home page's footer only,
 * an advertisement at global_top on every front page, categories on /category and in the header's
 * popover (desktop) or the phone menu. Set up through the API; the admin screens have their own specs.
 * Needs WENKU_ADMIN_PASSWORD.
 */
startEachTestFresh();

async function adminToken(request: APIRequestContext): Promise<string> {
  return (await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, adminAccount())).token;
}

async function uploadBannerImage(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.post("/api/v1/upload/banner", {
    headers: bearer(token),
    multipart: { file: { name: "banner.png", mimeType: "image/png", buffer: makePng(96, 32, 0x90) } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { path: string } }).data.path;
}

const setConfig = (
  request: APIRequestContext,
  token: string,
  config: { category: string; name: string; value: string }[],
) => call(request, "PUT", "/api/v1/config", token, { config });

test("the home page shows the configured name, banner, friend link and ad; /category and the header list categories", async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const mobile = info.project.name !== "desktop";
  const token = await adminToken(request);
  const tag = unique("e2e", info);
  const siteName = `文库${tag}`;
  const category = unique("e2e分类", info);
  // First in the header's popover, which shows 12: every other spec has made categories by now.
  await createCategory(request, token, category, 100_000);
  const image = await uploadBannerImage(request, token);
  const banner = await call<{ id: number }>(request, "POST", "/api/v1/banner", token, {
    title: `横幅${tag}`,
    path: image,
    url: "/category",
    type: 0,
    enable: true,
    sort: 10_000,
  });
  const link = await call<{ id: number }>(request, "POST", "/api/v1/friendlink", token, {
    title: `友链${tag}`,
    link: "https://friend.example.com/",
    enable: true,
    sort: 10_000,
  });
  const ad = await call<{ id: number }>(request, "POST", "/api/v1/advertisement", token, {
    title: `广告${tag}`,
    position: "global_top",
    content: `<span class="e2e-ad">广告位${tag}</span>`,
    enable: true,
  });
  const before = await call<{ system?: { sitename?: string } }>(request, "GET", "/api/v1/settings", null);
  await setConfig(request, token, [
    { category: "system", name: "sitename", value: siteName },
    { category: "footer", name: "about", value: "/article/about" },
  ]);
  try {
    await page.goto("/");
    await expect(page.getByTestId("site-name")).toHaveText(siteName);
    await expect(page.getByTestId("site-footer").getByRole("link", { name: "关于我们" })).toHaveAttribute(
      "href",
      "/article/about",
    );
    const slide = page.getByTestId("home-banners").getByRole("img", { name: `横幅${tag}` });
    await expect(slide).toBeVisible();
    expect(await slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    await expect(page.getByTestId("friendlinks").getByRole("link", { name: `友链${tag}` })).toHaveAttribute(
      "href",
      "https://friend.example.com/",
    );
    await expect(page.locator("[data-ad-position='global_top']").getByText(`广告位${tag}`)).toBeVisible();

    // /category lists the category; the friend links stay on the home page, the ad on every page.
    await page.goto("/category");
    await expect(page.getByTestId("category-card").filter({ hasText: category })).toBeVisible();
    await expect(page.getByTestId("friendlinks")).toHaveCount(0);
    await expect(page.locator("[data-ad-position='global_top']").getByText(`广告位${tag}`)).toBeVisible();

    if (mobile) {
      await page.getByRole("button", { name: "菜单" }).click();
      const drawer = page.locator(".ant-drawer-open");
      // The section's own heading (other specs' categories have 文档分类 in their names).
      await drawer.getByText("文档分类", { exact: true }).click();
      // A real tap: each category is a whole row of the drawer (its long name wraps inside the row),
      // whatever the number of other specs' categories listed around it.
      const link = drawer.getByRole("link", { name: category });
      await expect(link).toHaveAttribute("href", /^\/category\/\d+$/);
      await link.click();
      await expect(page.getByTestId("category-title")).toHaveText(category);
    } else {
      await page.getByRole("navigation", { name: "菜单" }).getByRole("link", { name: "文档" }).hover();
      const popover = page.getByTestId("category-popover");
      await expect(popover).toBeVisible();
      await popover.getByRole("link", { name: new RegExp(category) }).click();
      await expect(page.getByTestId("category-title")).toHaveText(category);
    }
  } finally {
    await setConfig(request, token, [
      { category: "system", name: "sitename", value: before.system?.sitename ?? "" },
      { category: "footer", name: "about", value: "" },
    ]);
    await call(request, "DELETE", `/api/v1/banner?id=${banner.id}`, token);
    await call(request, "DELETE", `/api/v1/friendlink?id=${link.id}`, token);
    await call(request, "DELETE", `/api/v1/advertisement?id=${ad.id}`, token);
  }
});

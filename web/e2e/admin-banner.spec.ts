import { expect, type Page, test } from "@playwright/test";
import { makePng } from "@wenku/testkit/images";
import { call } from "./api.js";
import { searchList } from "./search.js";
import { adminAccount, login, startEachTestFresh, storedToken, unique } from "./session.js";

/**
 * Banners, friend links and advertisements from the back office (issue #12), desktop and 375 px: the
 * admin creates each through its screen (the banner's image uploaded with a preview, the ad placed at
 * global_top), and pages show each where it belongs. Needs WENKU_ADMIN_PASSWORD.
 */
startEachTestFresh();

const drawer = (page: Page) => page.locator(".ant-drawer-open");
const save = (page: Page) => drawer(page).getByTestId("drawer-save");

/** What the flow made, to see on the pages and to remove afterwards. */
interface Made {
  banner: string;
  link: string;
  ad: string;
}

/** Saves the open drawer and waits for the new row in the (searched) list. */
async function saveAndFind(page: Page, title: string): Promise<void> {
  await save(page).click();
  await expect(page.getByText("新增成功")).toBeVisible();
  await expect(drawer(page)).toHaveCount(0);
  await searchList(page, title); // earlier runs' items may have pushed it off the first page
  await expect(page.getByRole("row").filter({ hasText: title })).toBeVisible();
}

async function createBanner(page: Page, title: string): Promise<void> {
  await page.goto("/admin/banner");
  await page.getByTestId("banner-add").click();
  await drawer(page).getByLabel("名称").fill(title);
  await drawer(page)
    .getByTestId("banner-image")
    .locator('input[type="file"]')
    .setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: makePng(120, 40, 0x60) });
  await expect(drawer(page).getByTestId("banner-image-preview")).toBeVisible();
  await drawer(page).getByLabel("跳转链接").fill("/category");
  await drawer(page).getByLabel("排序").fill("10000");
  await saveAndFind(page, title);
}

async function createFriendlink(page: Page, title: string): Promise<void> {
  await page.goto("/admin/friendlink");
  await page.getByTestId("friendlink-add").click();
  await drawer(page).getByLabel("名称").fill(title);
  await drawer(page).getByLabel("链接地址").fill("/about");
  await save(page).click();
  await expect(drawer(page).getByText("须以 http:// 或 https:// 开头")).toBeVisible(); // another site only
  await drawer(page).getByLabel("链接地址").fill("https://friend.example.com/");
  await drawer(page).getByLabel("排序").fill("10000");
  await saveAndFind(page, title);
}

async function createAd(page: Page, title: string): Promise<void> {
  await page.goto("/admin/advertisement");
  await page.getByTestId("advertisement-add").click();
  await drawer(page).getByRole("combobox", { name: "广告位" }).click();
  await page
    .locator(".ant-select-item-option")
    .filter({ hasText: /^全局顶部$/ })
    .click();
  await drawer(page).getByLabel("名称").fill(title);
  await drawer(page).getByLabel("广告代码").fill(`<strong class="e2e-ad">${title}</strong>`);
  await expect(drawer(page).getByTestId("ad-preview").locator("strong.e2e-ad")).toHaveText(title);
  await saveAndFind(page, title);
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("投放中");
}

/** Each where pages show it: the carousel and the footer's friend links on the home page, the ad at the top of every page. */
async function seesInPlace(page: Page, made: Made): Promise<void> {
  await page.goto("/");
  const slide = page.getByTestId("home-banners").getByRole("img", { name: made.banner });
  await expect(slide).toBeAttached();
  expect(await slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
  await expect(page.getByTestId("friendlinks").getByRole("link", { name: made.link })).toHaveAttribute(
    "href",
    "https://friend.example.com/",
  );
  await expect(page.locator("[data-ad-position='global_top']").getByText(made.ad)).toBeVisible();
  await page.goto("/category");
  await expect(page.locator("[data-ad-position='global_top']").getByText(made.ad)).toBeVisible();
}

test("the admin creates a banner, a friend link and a global_top ad; pages show each in place", async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  const made: Made = {
    banner: unique("e2e横幅", info),
    link: unique("e2e友链", info),
    ad: unique("e2e广告", info),
  };
  await login(page, adminAccount(), "/admin");
  const token = await storedToken(page);
  try {
    await createBanner(page, made.banner);
    await createFriendlink(page, made.link);
    await createAd(page, made.ad);
    await seesInPlace(page, made);
  } finally {
    // Leave the site as it was for the other specs (their pages show ads and banners too).
    for (const [resource, title] of [
      ["banner", made.banner],
      ["friendlink", made.link],
      ["advertisement", made.ad],
    ] as const) {
      const list = await call<Record<string, { id: number; title: string }[] | undefined>>(
        request,
        "GET",
        `/api/v1/${resource}/list?size=100&wd=${encodeURIComponent(title)}`,
        token,
      );
      for (const item of list[resource] ?? [])
        await call(request, "DELETE", `/api/v1/${resource}?id=${item.id}`, token);
    }
  }
});

import type { Page } from "@playwright/test";

/**
 * Types into the admin list's search box and runs the search with its button. Not with Enter: a
 * drawer that just closed hands the focus back to the button that opened it when its animation
 * ends, and an Enter pressed at that moment re-opens the drawer instead of searching.
 */
export async function searchList(page: Page, text: string): Promise<void> {
  const box = page.getByRole("searchbox", { name: "搜索" });
  await box.fill(text);
  await page.locator(".ant-input-search").filter({ has: box }).locator(".ant-input-search-btn").click();
}

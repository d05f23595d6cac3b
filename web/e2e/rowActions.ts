import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Clicks one of a table row's actions: an icon button on wide screens; on a phone, where a row with
 * several actions shows one "更多" menu instead, the menu's item.
 */
export async function rowAction(page: Page, row: Locator, name: string): Promise<void> {
  const button = row.getByRole("button", { name, exact: true });
  if ((await button.count()) > 0) {
    await button.click();
    return;
  }
  await row.getByRole("button", { name: "更多" }).click();
  await page.getByRole("menuitem", { name }).last().click();
}

/**
 * The address of a row's link action (e.g. "在前台查看"): the icon link on wide screens; on a phone the
 * item of the row's "更多" menu (the menu is closed again).
 */
export async function rowLinkHref(page: Page, row: Locator, name: string): Promise<string | null> {
  const link = row.getByRole("link", { name, exact: true });
  if ((await link.count()) > 0) return link.getAttribute("href");
  await row.getByRole("button", { name: "更多" }).click();
  const item = page.getByRole("menuitem", { name }).last();
  const href = await item.getByRole("link").or(item.locator("a")).first().getAttribute("href");
  await page.keyboard.press("Escape");
  return href;
}

/**
 * Answers the newest confirmation with OK: a popover on wide screens, a dialog from a phone's menu.
 * It waits for the confirmation's opening animation to end first: a click during it was seen lost
 * (the dialog stayed open, no request went out).
 */
export async function confirmNewest(page: Page): Promise<void> {
  const confirmation = page.locator(".ant-popover:visible, .ant-modal-confirm:visible").last();
  await expect(confirmation).not.toHaveClass(/-(appear|enter)(\s|$|-)/);
  await confirmation.getByRole("button", { name: /^确\s*定$/ }).click();
}

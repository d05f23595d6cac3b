import { expect, type Page, test } from "@playwright/test";
import { type ApiDocument, call, createCategory, registerUser } from "./api.js";
import { tinyPdf } from "./pdf.js";
import { adminAccount, login, startEachTestFresh, unique } from "./session.js";

/**
 * The option `title` of the one cascader dropdown that is open. A dropdown closed a moment ago (Escape)
 * stays in the page while it fades, and an option of that one must not be the one clicked.
 */
const openMenuItem = (page: Page, title: string) =>
  page
    .locator(".ant-cascader-dropdown:not(.ant-select-dropdown-hidden)")
    .last()
    .locator(".ant-cascader-menu-item")
    .filter({ hasText: title });

/**
 * A batch upload where each file has its own category and language: the batch's category is the
 * default of every row, one row takes another category and a language of its own, the other leaves
 * the language empty and gets the one its text is in (detected after conversion). A file the server
 * refuses (its category was disabled by an admin while the page was open) keeps its row and the
 * reason; the others are created.
 */
startEachTestFresh();

interface LanguageRow {
  id: number | string;
  code: string;
}

test("each file of a batch gets its own category and language; an empty language is detected", async ({
  page,
  request,
}, info) => {
  test.setTimeout(240_000);
  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, adminAccount());
  const manuals = unique("e2e批量手册", info);
  const novels = unique("e2e批量小说", info);
  const manualsId = await createCategory(request, admin.token, manuals, 900);
  const novelsId = await createCategory(request, admin.token, novels, 900);
  const closing = unique("e2e批量将停用", info);
  const closingId = await createCategory(request, admin.token, closing, 900);
  const languages = await call<{ language?: LanguageRow[] }>(request, "GET", "/api/v1/language/list", null);
  const idOf = (code: string) => Number(languages.language?.find((l) => l.code === code)?.id);
  expect(idOf("en"), "the site offers English").toBeGreaterThan(0);

  const username = unique("e2e_batch", info);
  const user = await registerUser(request, username, "batch-pass-123");
  await login(page, { username, password: "batch-pass-123" }, "/upload");
  const form = page.getByTestId("upload-page");
  await expect(form).toBeVisible();

  const english = `${unique("english", info)}.pdf`;
  const chosen = `${unique("chosen", info)}.pdf`;
  const refused = `${unique("refused", info)}.pdf`;
  const text = [
    "This manual explains how the library converts documents",
    "and how readers search the full text of every page.",
    "It is written in plain English for new administrators.",
  ];
  await form.locator('input[type="file"]').setInputFiles([
    { name: english, mimeType: "application/pdf", buffer: tinyPdf([...text, english]) },
    { name: chosen, mimeType: "application/pdf", buffer: tinyPdf(["Chosen language", chosen]) },
    { name: refused, mimeType: "application/pdf", buffer: tinyPdf(["Refused", refused]) },
  ]);
  await expect(form.locator('[data-testid="upload-item"][data-phase="done"]')).toHaveCount(3, { timeout: 60_000 });

  // The batch's category: every row shows it.
  await form.getByTestId("upload-category").click();
  await openMenuItem(page, manuals).click();
  await page.keyboard.press("Escape");
  const row = (name: string) => form.getByTestId("upload-item").filter({ hasText: name });
  for (const name of [english, chosen, refused])
    await expect(row(name).getByTestId("upload-row-category")).toContainText(manuals);

  // One file of its own: another category, Simplified Chinese.
  await row(chosen).getByTestId("upload-row-category").click();
  await openMenuItem(page, novels).click();
  await page.keyboard.press("Escape");
  await row(chosen)
    .getByRole("combobox", { name: `语言 ${chosen}` })
    .click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "简体中文" }).click();
  await expect(row(chosen).getByTestId("upload-row-category")).toContainText(novels);
  await expect(row(english).getByTestId("upload-row-category")).toContainText(manuals);
  // The third a category the admin disables before the form is sent.
  await row(refused).getByTestId("upload-row-category").click();
  await openMenuItem(page, closing).click();
  await page.keyboard.press("Escape");
  await expect(row(refused).getByTestId("upload-row-category")).toContainText(closing);
  await call(request, "PUT", "/api/v1/category", admin.token, {
    id: closingId,
    title: closing,
    type: 0,
    enable: false,
  });

  if (info.project.name === "mobile") {
    // At 375 px every row's controls fit the screen (nothing scrolls sideways).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await page.screenshot({ path: info.outputPath("upload-batch.png"), fullPage: true });
  await form.getByTestId("upload-submit").click();

  // Refused on its row, with the reason; the two others were created and left the list.
  const refusal = row(refused).getByTestId("upload-row-error");
  await expect(refusal).toHaveText(`文档分类「${closing}」已禁用`, { timeout: 30_000 });
  await expect(form.getByTestId("upload-item")).toHaveCount(1);
  await expect(form.getByTestId("upload-partly-created")).toContainText("已提交 2 个文档");

  // Filed elsewhere, it goes through: the success page counts the whole batch.
  await row(refused).getByTestId("upload-row-category").click();
  await openMenuItem(page, manuals).click();
  await page.keyboard.press("Escape");
  await expect(refusal).toBeHidden();
  await form.getByTestId("upload-submit").click();
  await expect(page.getByTestId("upload-success")).toContainText("3 个文档已提交", { timeout: 30_000 });

  type Listed = ApiDocument & { language_id?: number | string; category_id?: (number | string)[] };
  const mine = async () =>
    (
      await call<{ document?: Listed[] }>(
        request,
        "GET",
        `/api/v1/document/list?user_id=${user.user.id}&size=20`,
        user.token,
      )
    ).document ?? [];
  const byTitle = (docs: Listed[], file: string) => docs.find((d) => d.title === file.replace(/\.pdf$/, ""));
  const docs = await mine();
  expect(byTitle(docs, chosen)?.category_id?.map(Number)).toEqual([novelsId]);
  expect(Number(byTitle(docs, chosen)?.language_id)).toBe(idOf("zh-CN"));
  expect(byTitle(docs, english)?.category_id?.map(Number)).toEqual([manualsId]);
  // Left empty on upload: English once converted (the text says so), never the chosen one replaced.
  await expect(async () => {
    const now = await mine();
    expect(Number(byTitle(now, english)?.language_id ?? 0)).toBe(idOf("en"));
    expect(Number(byTitle(now, chosen)?.language_id)).toBe(idOf("zh-CN"));
  }).toPass({ timeout: 120_000, intervals: [2_000, 3_000, 5_000] });
});

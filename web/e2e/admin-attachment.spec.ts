import { expect, test } from "@playwright/test";
import { makePng } from "@wenku/testkit/images";
import { bearer, call, createCategory, publishPdf, registerUser } from "./api.js";
import { tinyPdf } from "./pdf.js";
import { adminAccount, login, startEachTestFresh, unique } from "./session.js";

/**
 * /admin/attachment (issue #27 §5): the uploaded files listed with a preview (an image inline, a
 * document as a link to the document using it), filtered by keyword, type and uploader, deleted one
 * at a time and as a selection (deleting disables the file: its status says so).
 */
startEachTestFresh();

test("the admin lists, filters, previews and deletes uploaded files", async ({ page, request }, info) => {
  test.setTimeout(180_000);
  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, adminAccount());
  const username = unique("e2e_att", info);
  const user = await registerUser(request, username, "attach-pass-123");
  const category = await createCategory(request, admin.token, unique("e2e附件分类", info));
  const title = unique("附件文档", info);
  const doc = await publishPdf(request, user, { title, categoryId: category, pdf: tinyPdf([title]) });
  // Two images of the user's: avatars, new content each run (a deleted file's content is refused after).
  const images: string[] = [];
  const side = 40 + Math.floor(Math.random() * 400);
  for (const shade of [0x30, 0x60]) {
    const name = `${unique("avatar", info)}.png`;
    const response = await request.post("/api/v1/upload/avatar", {
      headers: bearer(user.token),
      multipart: { file: { name, mimeType: "image/png", buffer: makePng(side, side, shade) } },
    });
    expect(response.status(), await response.text()).toBe(200);
    images.push(name);
  }

  await login(page, adminAccount(), "/admin/attachment");
  const table = page.getByTestId("attachment-table");
  await expect(table).toBeVisible();
  // The uploader's files only: the document and the two avatars.
  await page.getByTestId("attachment-user-filter").fill(String(user.user.id));
  await page.getByTestId("attachment-user-filter").press("Enter");
  await expect(page).toHaveURL(new RegExp(`userId=${user.user.id}`));
  const rows = table.locator(".ant-table-row");
  await expect(rows).toHaveCount(3);

  // The document's file opens its document; the images show inline.
  const docRow = rows.filter({ hasText: `${title}.pdf` });
  await expect(docRow.getByTestId("attachment-document")).toHaveAttribute("href", `/document/${doc.id}`);
  await expect(rows.getByTestId("attachment-image").locator("img")).toHaveCount(2);
  await expect(rows.getByTestId("attachment-image").locator("img").first()).toHaveJSProperty("complete", true);
  await page.screenshot({ path: info.outputPath("attachments.png"), fullPage: true });

  // By type: the avatars.
  await page.getByTestId("attachment-type-filter").click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "头像" }).click();
  await expect(rows).toHaveCount(2);
  // By keyword: one of them.
  await page
    .getByTestId("admin-search")
    .getByRole("searchbox")
    .fill(images[0] as string);
  await page.getByTestId("admin-search").getByRole("searchbox").press("Enter");
  await expect(rows).toHaveCount(1);
  const first = rows.filter({ hasText: images[0] as string });

  // Deleted from its row (asked first): still listed, as deleted, with nothing more to delete.
  await first.getByRole("button", { name: "删除", exact: true }).click();
  await page.locator(".ant-popover:visible .ant-btn-primary").click();
  await expect(first.getByTestId("attachment-deleted")).toBeVisible();
  await expect(first.getByRole("button", { name: "删除", exact: true })).toHaveCount(0);

  // The rest as a selection: back to all the user's avatars, select the active one, batch delete.
  await page.getByTestId("admin-search").getByRole("searchbox").fill("");
  await page.getByTestId("admin-search").getByRole("searchbox").press("Enter");
  await expect(rows).toHaveCount(2);
  const second = rows.filter({ hasText: images[1] as string });
  await second.getByRole("checkbox").check();
  await page.getByRole("button", { name: /批量删除/ }).click();
  await page
    .locator(".ant-modal-confirm:visible .ant-btn-dangerous, .ant-modal:visible .ant-btn-primary")
    .last()
    .click();
  await expect(second.getByTestId("attachment-deleted")).toBeVisible();
  await expect(rows.getByTestId("attachment-deleted")).toHaveCount(2);
});

import { expect, test } from "@playwright/test";
import { type ApiDocument, call, createCategory, publishPdf, registerUser } from "./api.js";
import { tinyPdf } from "./pdf.js";
import { confirmNewest, rowAction } from "./rowActions.js";
import { searchList } from "./search.js";
import { adminAccount, login, secondPage, startEachTestFresh, unique } from "./session.js";

/**
 * Document review end to end: a user uploads a PDF through the HTTP API, it converts and is public;
 * the admin rejects it in /admin/document/list, saying why; then visitors can no longer read, list or
 * view its pages, while the uploader still finds it in /me/document marked rejected, with the reason,
 * which the document page's status banner repeats.
 * Needs WENKU_ADMIN_PASSWORD (the first-start admin password of the stack under test).
 */
const ADMIN = adminAccount();

const REASON = "内容不完整，请补充后重新上传";

startEachTestFresh();

test("a rejected document disappears for visitors but stays visible to its uploader", async ({
  page,
  request,
  browser,
}, info) => {
  test.setTimeout(240_000);
  const categoryTitle = unique("e2e审核分类", info);
  const username = unique("e2e_up", info);
  const password = "e2e-uploader-pass";
  const title = unique("e2e审核文档", info);

  // The admin prepares a document category; a new user uploads a one-page PDF, converted and public.
  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
  const categoryId = await createCategory(request, admin.token, categoryTitle);
  const user = await registerUser(request, username, password);
  const { id } = await publishPdf(request, user, {
    title,
    categoryId,
    pdf: tinyPdf(["Wenku e2e review", title]),
  });
  expect((await request.get(`/view/page/${id}/1.svg`)).status()).toBe(200);
  expect((await request.get(`/api/v1/document?id=${id}`)).status()).toBe(200);

  // The admin finds it by keyword and rejects it, telling the uploader why.
  await login(page, ADMIN, "/admin/document/list");
  await expect(page.getByRole("heading", { name: "文档列表" })).toBeVisible();
  await searchList(page, title);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("已发布");
  // The status is on screen without scrolling the table sideways (on a phone: under the title).
  await expect(row.getByTestId("document-status")).toBeInViewport({ ratio: 1 });
  if (info.project.use.isMobile) {
    await expect(row.locator("td").filter({ has: page.getByRole("link", { name: title }) })).toContainText("已发布");
  }
  await rowAction(page, row, "审核拒绝");
  // asks first, naming it (a phone's dialog also holds the question as a hidden accessible title)
  await expect(page.getByText(`确定要审核拒绝“${title}”吗？`).filter({ visible: true })).toBeVisible();
  const reason = page.locator(".ant-modal-confirm:visible").last().getByRole("textbox", { name: "原因" });
  await expect(reason).toHaveAttribute("placeholder", "告诉上传者原因（可选）");
  await reason.fill(REASON);
  await confirmNewest(page);
  await expect(row).toContainText("审核未通过");
  await expect(row.getByTestId("review-reason")).toHaveText(REASON);
  await expect(row.getByTestId("review-reason")).toBeInViewport();
  await page.screenshot({ path: info.outputPath("document-admin-list.png") });
  const reviewed = await call<ApiDocument>(request, "GET", `/api/v1/document?id=${id}`, user.token);
  expect(reviewed.review_reason).toBe(REASON);

  // Visitors: not readable, not listed, no page images.
  expect((await request.get(`/api/v1/document?id=${id}`)).status()).toBe(404);
  const listed = await call<{ document?: ApiDocument[] }>(
    request,
    "GET",
    `/api/v1/document/list?category_id=${categoryId}&size=100`,
    null,
  );
  expect((listed.document ?? []).map((d) => String(d.id))).not.toContain(String(id));
  expect((await request.get(`/view/page/${id}/1.svg`)).status()).toBe(404);

  // The uploader still sees it, marked rejected.
  const uploader = await secondPage(browser, info);
  await login(uploader, { username, password }, "/me/document");
  await expect(uploader).toHaveURL(/\/me\/document$/);
  const item = uploader.getByTestId("me-document").filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item.getByTestId("document-status")).toHaveText("审核未通过");
  await expect(item).toContainText("未通过审核，仅您自己可见");
  await expect(item.getByTestId("review-reason")).toHaveText(`原因：${REASON}`);
  // …and the document page's banner says why.
  await uploader.goto(`/document/${id}`);
  await expect(uploader.getByTestId("document-status")).toContainText(`文档审核未通过：${REASON}`);
  await uploader.context().close();
});

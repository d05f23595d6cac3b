import { type APIRequestContext, expect, test } from "@playwright/test";
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

const STATUS_CONVERTED = 2;
const REASON = "内容不完整，请补充后重新上传";
const STATUS_FAILED = 3;

startEachTestFresh();

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A JSON call that must succeed; returns the body. */
async function call<T>(
  request: APIRequestContext,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  token: string | null,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(path, {
    method,
    headers: token ? bearer(token) : {},
    ...(data === undefined ? {} : { data }),
  });
  const text = await response.text();
  expect(response.status(), `${method} ${path}: ${text}`).toBe(200);
  return (text ? JSON.parse(text) : {}) as T;
}

interface ApiDocument {
  id: number | string;
  title: string;
  status?: number;
  convert_error?: string;
  review_reason?: string;
}

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

  // The admin prepares a document category.
  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
  await call(request, "POST", "/api/v1/category", admin.token, { title: categoryTitle, type: 0, enable: true });
  const categories = await call<{ category?: { id: number; title: string }[] }>(
    request,
    "GET",
    `/api/v1/category/list?type=0&size=1000&wd=${encodeURIComponent(categoryTitle)}`,
    admin.token,
  );
  const categoryId = categories.category?.find((c) => c.title === categoryTitle)?.id;
  expect(categoryId, "the new category is listed").toBeTruthy();

  // A new user (the default group may upload; seed.ts) uploads a one-page PDF.
  const user = await call<{ token: string; user: { id: number } }>(request, "POST", "/api/v1/user/register", null, {
    username,
    password,
    email: `${username}@example.com`,
  });
  const upload = await request.post("/api/v1/upload/document", {
    headers: bearer(user.token),
    multipart: {
      file: { name: `${title}.pdf`, mimeType: "application/pdf", buffer: tinyPdf(["Wenku e2e review", title]) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  // moredoc's upload envelope: { code, message, data: Attachment }.
  const uploaded = (await upload.json()) as { data?: { id: number }; id?: number };
  const attachmentId = uploaded.data?.id ?? uploaded.id;
  expect(attachmentId, "the upload answers the attachment").toBeTruthy();
  await call(request, "POST", "/api/v1/document", user.token, {
    category_id: [categoryId],
    document: [{ title, attachment_id: attachmentId }],
  });
  const own = await call<{ document?: ApiDocument[] }>(
    request,
    "GET",
    `/api/v1/document/list?user_id=${user.user.id}&size=20`,
    user.token,
  );
  const id = own.document?.find((d) => d.title === title)?.id;
  expect(id, "the uploader lists the new document").toBeTruthy();

  // Converted (and, with no review in the default group, published) within a minute or two.
  await expect
    .poll(
      async () => {
        const doc = await call<ApiDocument>(request, "GET", `/api/v1/document?id=${id}`, user.token);
        if (doc.status === STATUS_FAILED) throw new Error(`conversion failed: ${doc.convert_error}`);
        return doc.status ?? 0;
      },
      { timeout: 150_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toBe(STATUS_CONVERTED);
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

import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { call, createCategory, publishPdf, registerUser } from "./api.js";
import { tinyPdf } from "./pdf.js";
import { confirmNewest, rowAction } from "./rowActions.js";
import { searchList } from "./search.js";
import { adminAccount, login, secondPage, startEachTestFresh, unique } from "./session.js";

/**
 * Comments end to end: a visitor is asked to sign in; a user comments on a document (members' comments
 * wait for review: the seeded default group has comment approval on) and sees it marked pending; the
 * admin approves it in /admin/comment and a visitor then reads it, HTML shown as the text typed; the user
 * replies to it, the admin approves the reply as a batch, and the visitor sees it under the comment.
 * Needs WENKU_ADMIN_PASSWORD (the first-start admin password of the stack under test).
 */
const ADMIN = adminAccount();

startEachTestFresh();

async function setSecurity(request: APIRequestContext, token: string, name: string, value: string) {
  await call(request, "PUT", "/api/v1/config", token, { config: [{ category: "security", name, value }] });
}

/** The admin's /admin/comment row of a comment, found by its text. */
async function adminRow(page: Page, text: string) {
  await page.goto("/admin/comment");
  await expect(page.getByRole("heading", { name: "评论管理" })).toBeVisible();
  await searchList(page, text);
  const row = page.getByRole("row").filter({ hasText: text });
  await expect(row).toHaveCount(1);
  return row;
}

test("a user comments and replies on a document; the admin approves both in /admin/comment; a visitor reads them", async ({
  page,
  request,
  browser,
}, info) => {
  test.setTimeout(240_000);
  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
  const settings = (await (await request.get("/api/v1/settings")).json()) as {
    security?: { comment_interval?: number };
  };
  const interval = String(settings.security?.comment_interval ?? 10);
  await setSecurity(request, admin.token, "comment_interval", "0");
  try {
    const categoryId = await createCategory(request, admin.token, unique("e2e评论分类", info));
    const username = unique("e2e_cmt", info);
    const password = "e2e-commenter-pass";
    const user = await registerUser(request, username, password);
    const title = unique("e2e评论文档", info);
    const { id } = await publishPdf(request, user, { title, categoryId, pdf: tinyPdf(["Wenku e2e comments", title]) });
    const text = `<b>${unique("好文档", info)}</b>`;
    const replyText = unique("同意楼上", info);

    // A visitor is asked to sign in before commenting.
    const visitor = await secondPage(browser, info);
    await visitor.goto(`/document/${id}`);
    const visitorSection = visitor.getByTestId("comment-section");
    await visitorSection.scrollIntoViewIfNeeded();
    await expect(visitorSection.getByTestId("comment-login")).toContainText("登录后才能发表评论");
    await expect(visitorSection).toContainText("暂无评论");

    // The user comments: pending review, shown to them with the notice.
    await login(page, { username, password }, `/document/${id}`);
    const section = page.getByTestId("comment-section");
    await section.scrollIntoViewIfNeeded();
    await section.getByTestId("comment-input").fill(`  ${text}  `);
    await section.getByTestId("comment-submit").click();
    const mine = section.getByTestId("comment-item").filter({ hasText: text });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByTestId("comment-pending")).toHaveText("待审核");
    await expect(mine.getByTestId("comment-content")).toHaveText(text); // the markup as text
    await expect(section.getByTestId("comment-input")).toHaveValue("");

    // The admin approves it in /admin/comment.
    const adminPage = await secondPage(browser, info);
    await login(adminPage, ADMIN, "/admin/comment");
    const row = await adminRow(adminPage, text);
    await expect(row).toContainText("待审核");
    await expect(row).toContainText(title);
    await rowAction(adminPage, row, "审核通过");
    await expect(row).toContainText("已通过");

    // The visitor now reads it, as text.
    await visitor.reload();
    const seen = visitor.getByTestId("comment-section").getByTestId("comment-item").filter({ hasText: text });
    await seen.scrollIntoViewIfNeeded();
    await expect(seen.getByTestId("comment-content")).toHaveText(text);
    await expect(seen.locator("b")).toHaveCount(0);
    await expect(visitor.getByTestId("comment-section")).toContainText("评论（1）");

    // The user replies to it; the reply waits too; the admin approves it as a batch.
    await page.reload();
    const approved = page.getByTestId("comment-section").getByTestId("comment-item").filter({ hasText: text }).first();
    await approved.scrollIntoViewIfNeeded();
    await expect(approved.getByTestId("comment-pending")).toHaveCount(0);
    await approved.getByTestId("comment-reply").first().click();
    const replyForm = approved.getByTestId("comment-form");
    await replyForm.getByTestId("comment-input").fill(replyText);
    await replyForm.getByTestId("comment-submit").click();
    const reply = approved.getByTestId("comment-item").filter({ hasText: replyText });
    await expect(reply.getByTestId("comment-pending")).toBeVisible();

    const replyRow = await adminRow(adminPage, replyText);
    await expect(replyRow).toContainText("回复");
    await replyRow.getByRole("checkbox").check();
    const batch = adminPage.getByTestId("comment-batch");
    await batch.getByRole("button", { name: "审核通过" }).click();
    await confirmNewest(adminPage);
    await expect(replyRow).toContainText("已通过");

    await visitor.reload();
    const thread = visitor.getByTestId("comment-section").getByTestId("comment-item").filter({ hasText: text }).first();
    await thread.scrollIntoViewIfNeeded();
    await expect(thread.getByTestId("comment-item").filter({ hasText: replyText })).toBeVisible();
    await expect(visitor.getByTestId("comment-section")).toContainText("评论（1）"); // top-level comments
    await visitor.context().close();
    await adminPage.context().close();
  } finally {
    await setSecurity(request, admin.token, "comment_interval", interval);
  }
});

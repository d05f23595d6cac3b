import { type APIRequestContext, expect, test } from "@playwright/test";
import { makePng } from "@wenku/testkit/images";
import { call, registerUser } from "./api.js";
import { adminAccount, login, secondPage, startEachTestFresh, unique } from "./session.js";

/**
 * Articles end to end: a user writes an article with an uploaded image in /post (members' articles wait
 * for review: the seeded default group has article approval on) and finds it in /me/article as in
 * review; the admin approves it (through the API: the admin article screens are another slice); a
 * visitor finds it in /article under its category, reads it with its image, and the author sees it
 * published. A punished user sees the punishment's reason instead of the editor. The footer's pages
 * open at /article/<identifier>, published by the admin, under the footer's labels. Needs
 * WENKU_ADMIN_PASSWORD.
 */
const ADMIN = adminAccount();

startEachTestFresh();

interface ApiArticle {
  id: number;
  title: string;
  status?: number;
}

/** A new article category (type 1) made by the admin; returns its id. */
async function articleCategory(request: APIRequestContext, token: string, title: string): Promise<number> {
  await call(request, "POST", "/api/v1/category", token, { title, type: 1, enable: true });
  const list = await call<{ category?: { id: number; title: string }[] }>(
    request,
    "GET",
    `/api/v1/category/list?type=1&size=1000&wd=${encodeURIComponent(title)}`,
    token,
  );
  const id = list.category?.find((c) => c.title === title)?.id;
  expect(id, "the new article category is listed").toBeTruthy();
  return id as number;
}

test("a user writes an article with an image, the admin approves it, a visitor reads it from /article", async ({
  page,
  request,
  browser,
}, info) => {
  test.setTimeout(180_000);
  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
  const categoryTitle = unique("e2e文章分类", info);
  const categoryId = await articleCategory(request, admin.token, categoryTitle);
  const username = unique("e2e_art", info);
  const password = "e2e-author-pass";
  const user = await registerUser(request, username, password);
  const title = unique("e2e文章", info);
  let articleId = 0;
  try {
    // The author writes it in /post: fields, text with a bold word, an uploaded image.
    await login(page, { username, password }, "/post");
    await expect(page).toHaveURL(/\/post$/);
    const form = page.getByTestId("post-form");
    await form.getByLabel("标题", { exact: true }).fill(title);
    await form.getByLabel("分类").click();
    await page.locator(".ant-select-item-option").filter({ hasText: categoryTitle }).click();
    await page.keyboard.press("Escape");
    await form.getByLabel("关键词").fill("e2e, 文章");
    await form.getByLabel("摘要").fill(`${title} 的摘要`);
    const editor = page.locator(".ProseMirror");
    await editor.click();
    await page.keyboard.type("这是文章的第一段。");
    await page.getByRole("button", { name: "加粗" }).click();
    await page.keyboard.type("重点");
    await page.getByTestId("editor-image-input").setInputFiles({
      name: "photo.png",
      mimeType: "image/png",
      buffer: makePng(120, 80, 0x40),
    });
    await expect(editor.locator('img[src^="/uploads/"]')).toBeVisible();
    await expect(editor.locator("strong")).toHaveText("重点");
    await page.getByTestId("post-submit").click();
    await expect(page.getByTestId("post-submitted")).toContainText("文章已提交，审核通过后将公开显示");

    // /me/article: in review.
    await page.getByRole("button", { name: "查看我的文章" }).click();
    await expect(page).toHaveURL(/\/me\/article$/);
    const mine = page.getByTestId("article-item").filter({ hasText: title });
    await expect(mine.getByTestId("article-status")).toHaveText("审核中");

    // The admin approves it (CheckArticles).
    const listed = await call<{ article?: ApiArticle[] }>(
      request,
      "GET",
      `/api/v1/article/list?user_id=${user.user.id}&size=10`,
      admin.token,
    );
    const article = listed.article?.find((a) => a.title === title);
    expect(article?.status, "the article waits for review").toBe(0);
    articleId = article?.id ?? 0;
    await call(request, "PUT", "/api/v1/article/check", admin.token, { article_id: [articleId], status: 1 });

    // A visitor finds it under its category in /article and reads it, image loaded.
    const visitor = await secondPage(browser, info);
    await visitor.goto(`/article?category_id=${categoryId}`);
    const item = visitor.getByTestId("article-item").filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(item).toContainText(username);
    await item.getByRole("link", { name: title }).click();
    await expect(visitor).toHaveURL(/\/article\/[0-9a-f]+$/);
    await expect(visitor.getByTestId("article-title")).toHaveText(title);
    await expect(visitor.getByTestId("article-breadcrumb")).toContainText(categoryTitle);
    const body = visitor.getByTestId("article-body");
    await expect(body).toContainText("这是文章的第一段。");
    await expect(body.locator("strong")).toHaveText("重点");
    const image = body.locator('img[src^="/uploads/"]');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
    await expect(visitor.getByTestId("article-edit")).toHaveCount(0); // not the visitor's to edit
    // The author's page lists it under their articles, and its overview counts it.
    await visitor.goto(`/user/${user.user.id}/article`);
    await expect(visitor.getByTestId("user-articles").getByRole("link", { name: title })).toBeVisible();
    await visitor.goto(`/user/${user.user.id}`);
    await expect(visitor.getByTestId("user-stats").locator(".ant-statistic").filter({ hasText: "文章" })).toContainText(
      "1",
    );
    await visitor.context().close();

    // The author now sees it published, and may edit it from its page.
    await page.reload();
    await expect(page.getByTestId("article-item").filter({ hasText: title }).getByTestId("article-status")).toHaveText(
      "已发布",
    );
    await page.getByTestId("article-item").filter({ hasText: title }).getByRole("link", { name: title }).click();
    await page.getByTestId("article-edit").click();
    await expect(page).toHaveURL(new RegExp(`/post\\?id=${articleId}$`));
    await expect(page.getByTestId("post-form").getByLabel("标题", { exact: true })).toHaveValue(title);
    await expect(page.locator(".ProseMirror img")).toBeVisible();
  } finally {
    if (articleId) {
      // to the recycle bin, then out of it: the category may only go once no article names it
      await call(request, "DELETE", `/api/v1/article?id=${articleId}`, admin.token);
      await call(request, "DELETE", `/api/v1/article/recycle?id=${articleId}`, admin.token);
    }
    await call(request, "DELETE", `/api/v1/category?id=${categoryId}`, admin.token);
  }
});

test("a punished user sees the reason instead of the editor; the footer's pages open by identifier", async ({
  page,
  request,
}, info) => {
  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
  const username = unique("e2e_artpun", info);
  const password = "e2e-punished-pass";
  const user = await registerUser(request, username, password);
  await call(request, "POST", "/api/v1/punishment", admin.token, {
    user_id: [user.user.id],
    type: [6],
    enable: true,
    reason: "发布广告",
  });
  await login(page, { username, password }, "/post");
  await expect(page.getByTestId("post-not-allowed")).toContainText("您已被禁止发布文章：发布广告");

  await page.goto("/article/about");
  await expect(page.getByTestId("article-title")).toHaveText("关于我们");
  await expect(page.getByTestId("article-body")).not.toBeEmpty();
  // published by the admin (moredoc clients read article.user.username), and the footer's label is the
  // page's title
  await expect(page.getByTestId("article-meta")).toContainText("admin");
  await page.getByTestId("site-footer").getByRole("link", { name: "文库协议" }).click();
  await expect(page).toHaveURL(/\/article\/agreement$/);
  await expect(page.getByTestId("article-title")).toHaveText("文库协议");
  await page.goto("/article/no-such-page");
  await expect(page.getByTestId("article-not-found")).toBeVisible();
});

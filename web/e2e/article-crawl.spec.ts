import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { adminAccount, login, startEachTestFresh, unique } from "./session.js";

/**
 * 从网址导入 (issue #28), desktop and 375 px: the admin imports an article from a web page in
 * /admin/article/set; the draft opens in the editor with the page's text, its image stored on this
 * site, waiting for review. The page is served here on 127.0.0.1:E2E_PAGES_PORT, the one loopback
 * port the site may reach (scripts/test.mjs puts it in FETCH_ALLOW_HOSTS). Needs WENKU_ADMIN_PASSWORD.
 */
const ADMIN = adminAccount();

startEachTestFresh();

/** A 2×2 PNG (the site stores an article's images by their bytes). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

let pages: Server;
let origin: string;
const titles = new Map<string, string>();

test.beforeAll(async () => {
  pages = createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/photo.png") return void res.writeHead(200, { "content-type": "image/png" }).end(PNG);
    const title = titles.get(path);
    if (!title) return void res.writeHead(404).end();
    const para = "<p>读书会讨论了三本关于城市历史的书，大家分享了各自的读书笔记，并约定下个月继续。</p>";
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
      `<!doctype html><html><head><title>${title}</title></head><body><nav>首页 关于</nav>
      <article><h1>${title}</h1>${para.repeat(6)}<p><img src="/photo.png" alt="合影"></p>
      <script>window.injected = true</script></article><footer>版权所有</footer></body></html>`,
    );
  });
  pages.listen(Number(process.env.E2E_PAGES_PORT ?? 0), "127.0.0.1");
  await once(pages, "listening");
  origin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  pages.closeAllConnections();
  await new Promise((resolve) => pages.close(resolve));
});

test("the admin imports an article from a URL; the draft opens in the editor, waiting for review", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const title = unique("e2e导入文章", info);
  const path = `/${encodeURIComponent(title)}.html`;
  titles.set(path, title);
  await login(page, ADMIN, "/admin/article/set");
  await page.getByTestId("article-crawl").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("文章网址").fill("not a url");
  await dialog.getByRole("button", { name: /导\s*入/ }).click();
  await expect(dialog.getByText("请输入以 http:// 或 https:// 开头的网址")).toBeVisible();
  await dialog.getByLabel("文章网址").fill(`${origin}${path}`);
  await dialog.getByRole("button", { name: /导\s*入/ }).click();

  await expect(page).toHaveURL(/\/admin\/article\/set\?id=\d+$/);
  await expect(page.getByText("已导入，请检查后审核发布")).toBeVisible();
  const form = page.getByTestId("post-form");
  await expect(form.getByLabel("标题", { exact: true })).toHaveValue(title);
  const editor = page.getByTestId("article-editor");
  await expect(editor).toContainText("读书会讨论了三本关于城市历史的书");
  await expect(editor).not.toContainText("版权所有");
  const image = editor.locator("img");
  await expect(image).toHaveAttribute("src", /^\/uploads\/[0-9a-f]{32}\.png$/);
  expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
  await page.screenshot({ path: info.outputPath("article-crawl.png"), fullPage: true });

  // waiting for review in the list, and nobody else can read it yet
  const id = new URL(page.url()).searchParams.get("id");
  expect((await page.request.get(`/api/v1/article?id=${id}`, { headers: { authorization: "" } })).status()).toBe(404);
});

import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { call, createCategory } from "./api.js";
import { makePdf } from "./fixtures.js";
import { adminAccount, login, startEachTestFresh, unique } from "./session.js";

/**
 * The spider (issue #28), desktop and 375 px: the admin adds a site's URL in /admin/spider/url, watches
 * the crawl finish, opens the files it found, publishes every downloaded one and reads a published
 * document; a file robots.txt disallows and one on an unreachable host are listed as failed, with
 * their reasons. The site is served here on 127.0.0.1:E2E_SPIDER_SITE_PORT, the one loopback address the
 * spider may reach (scripts/test.mjs names it in SPIDER_ALLOW_HOSTS). Its robots.txt disallows a
 * folder whose file must never be asked for. Needs WENKU_ADMIN_PASSWORD.
 */
const ADMIN = adminAccount();

startEachTestFresh();

let site: Server;
let origin: string;
/** Each test's library: its folder name → its two PDFs (by file name). */
const libraries = new Map<string, Map<string, Uint8Array>>();
/** Every path the spider asked for, in order. */
const asked: string[] = [];

test.beforeAll(async () => {
  site = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    asked.push(path);
    if (path === "/robots.txt")
      return void res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nDisallow: /lib/private/\n");
    const [, lib, folder, file] = path.match(/^\/(lib)\/([^/]+)\/(.*)$/) ?? [];
    const files = lib && folder ? libraries.get(folder) : undefined;
    if (!files) return void res.writeHead(404).end();
    if (file === "index.html") {
      const links = [...files.keys()].map((name) => `<li><a href="files/${name}">${name}</a></li>`).join("");
      return void res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(
          `<!doctype html><title>资料库</title><ul>${links}<li><a href="/lib/private/${folder}.pdf">内部</a></li>` +
            `<li><a href="https://elsewhere.invalid/${folder}.pdf">外站</a></li></ul>`,
        );
    }
    const pdf = file?.startsWith("files/") ? files.get(file.slice("files/".length)) : undefined;
    if (!pdf) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/pdf", "content-length": pdf.length }).end(Buffer.from(pdf));
  });
  site.listen(Number(process.env.E2E_SPIDER_SITE_PORT ?? 0), "127.0.0.1");
  await once(site, "listening");
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

/** The table row holding `text`. */
const row = (page: Page, testId: string, text: string) =>
  page.getByTestId(testId).locator("tbody tr", { hasText: text });

test("the admin adds a site, watches it crawl, publishes what it found and reads it", async ({
  page,
  request,
}, info) => {
  test.setTimeout(300_000);
  const folder = unique("e2espider", info).replace(/[^A-Za-z0-9-]/g, "");
  const names = [`${folder}-guide.pdf`, `${folder}-notes.pdf`];
  libraries.set(folder, new Map(names.map((n, i) => [n, makePdf(2, `${folder} file ${i + 1}`)])));
  const start = `${origin}/lib/${folder}/index.html`;

  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
  const category = unique("e2e采集分类", info);
  await createCategory(request, admin.token, category);

  await login(page, ADMIN, "/admin/spider/url");
  await page.getByTestId("spider-url-add").click();
  const form = page.getByTestId("spider-url-form");
  await form.getByRole("textbox", { name: "网址" }).fill(start);
  await form.getByRole("textbox", { name: "名称" }).fill(folder);
  await form.getByLabel("请求间隔（秒）").fill("1");
  // documents are published into a category: the form asks for one before it saves
  await form.getByTestId("drawer-save").click();
  await expect(form).toContainText("请选择发布到的分类");
  await form.getByTestId("spider-url-category").click();
  await page.locator(".ant-cascader-menu-item:visible").filter({ hasText: category }).click();
  await page.keyboard.press("Escape");
  await expect(form.getByLabel("采集深度")).toHaveValue("1");
  await form.getByTestId("drawer-save").click();

  // waiting → crawling → done, without a reload; four file links found (two of them on pages or hosts the
  // spider may not fetch: their reasons show below)
  const url = row(page, "spider-url-table", folder);
  await expect(url.getByTestId("spider-url-status")).toHaveText(/已完成/, { timeout: 90_000 });
  await expect(url.getByTestId("spider-url-found")).toHaveText("4");
  await page.screenshot({ path: info.outputPath("spider-urls.png") });
  await url.getByTestId("spider-url-found").click();
  await expect(page).toHaveURL(/\/admin\/spider\/document\?spiderUrlId=\d+/);
  for (const name of names)
    await expect(row(page, "spider-document-table", name).getByTestId("spider-document-status")).toHaveText(/已下载/, {
      timeout: 60_000,
    });

  // refused, each with its reason; the disallowed file was never asked for
  await expect(row(page, "spider-document-table", `/lib/private/${folder}.pdf`)).toContainText(
    "robots.txt 不允许下载该文件",
    { timeout: 60_000 },
  );
  await expect(row(page, "spider-document-table", "elsewhere.invalid")).toContainText("下载失败");
  expect(asked).not.toContain(`/lib/private/${folder}.pdf`);

  await page.getByTestId("spider-publish-all").click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText("发布全部 2 个已下载的文档？");
  await confirm.getByRole("button", { name: /确\s*定/ }).click();
  for (const name of names)
    await expect(row(page, "spider-document-table", name).getByTestId("spider-document-status")).toHaveText(/已发布/, {
      timeout: 90_000,
    });
  await page.screenshot({ path: info.outputPath("spider-documents.png") });

  // the published document opens in a new tab and reads: its first page's text is on the page
  const [reader] = await Promise.all([
    page.context().waitForEvent("page"),
    row(page, "spider-document-table", names[0] as string)
      .getByTestId("spider-document-published")
      .click(),
  ]);
  await expect(reader.getByRole("heading", { name: `${folder}-guide.pdf` })).toBeVisible({ timeout: 30_000 });
  await expect(reader.locator('[data-testid="reader-text-layer"][data-page="1"]')).toContainText(
    `${folder} file 1 - page 1`,
    { timeout: 120_000 },
  );
  await reader.screenshot({ path: info.outputPath("spider-read.png") });
});

// POST /api/v1/article/crawl (ArticleAPI.CrawlArticle) on the whole site (both transports): staff import
// one article from a web page. The "other site" is a local server the stack may reach only because this
// test allow-lists its address and port as an operator would an intranet host (FETCH_ALLOW_HOSTS): its
// page's main content is extracted, its images stored here (one on a refused address left out), the
// HTML sanitised as every article is, and the article saved as the caller's, waiting for review, with
// the page as its source. A page that is no HTML, too large, empty or behind a refused address is a 400
// saying so.
import { createHash } from "node:crypto";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { makePng } from "@wenku/testkit/images";
import { loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let other: Server;
let site: string;
let admin: string;
const hits = new Map<string, number>();

const PHOTO = makePng(40, 30);
const LAZY = makePng(20, 10);
const md5 = (b: Uint8Array) => createHash("md5").update(b).digest("hex");
const paragraphs = (n: number, text: string) => `<p>${text}</p>`.repeat(n);

const POST = `<!doctype html><html><head><meta charset="utf-8"><title>春季读书会纪要</title></head><body>
<nav><a href="/">首页</a> <a href="/about">关于</a></nav>
<article><h1>春季读书会纪要</h1>
${paragraphs(6, "本次读书会讨论了三本关于城市历史的书，大家分享了各自的读书笔记和想法，气氛热烈。")}
<p>照片：<img src="/photo.png" alt="合影"></p>
<p><img data-src="/lazy.png" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="懒加载"></p>
<p><img src="http://127.0.0.2/secret.png" alt="内网图"></p>
<p><a href="/next">下一篇</a></p>
</article><footer>版权所有</footer></body></html>`;

const HOSTILE = `<!doctype html><html><head><title>有脚本的页面</title></head><body><article>
${paragraphs(6, "这是一篇包含恶意脚本的文章，正文仍然应该被导入，但任何脚本都不能留下。")}
<script>window.stolen = document.cookie</script>
<img src="/missing.png" onerror="alert(document.cookie)">
<p onclick="alert(1)">点击<a href="javascript:alert(1)">这里</a></p>
<iframe src="https://evil.example/"></iframe>
</article></body></html>`;

beforeAll(async () => {
  other = createServer((req, res) => {
    const path = req.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const html = (body: string) => void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
    if (path === "/post.html") return html(POST);
    if (path === "/hostile.html") return html(HOSTILE);
    if (path === "/empty.html") return html("<html><head><title>空</title></head><body><div></div></body></html>");
    if (path === "/big.html") return html(`<html><body>${"<p>很长的页面</p>".repeat(200_000)}</body></html>`);
    if (path === "/photo.png") return void res.writeHead(200, { "content-type": "image/png" }).end(PHOTO);
    if (path === "/lazy.png") return void res.writeHead(200, { "content-type": "image/png" }).end(LAZY);
    if (path === "/file.pdf") return void res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-1.4");
    if (path === "/inside.html") return void res.writeHead(302, { location: "http://127.0.0.2/post.html" }).end();
    res.writeHead(404).end();
  });
  other.listen(0, "127.0.0.1");
  await once(other, "listening");
  site = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  stack = await startTestStack({ env: { FETCH_ALLOW_HOSTS: new URL(site).host } });
  admin = await loginAdmin(stack.url);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  other.closeAllConnections();
  other.close();
});

const crawl = (url: string, token = admin) => rest(stack.url, "POST", "/api/v1/article/crawl", { url }, token);

test("a page's main content becomes the caller's article waiting for review, its images stored here", async () => {
  const r = await crawl(`${site}/post.html`);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  expect(r.json).toMatchObject({ title: "春季读书会纪要", source_url: `${site}/post.html` });
  expect(r.json.status ?? 0).toBe(0); // pending review, even for staff
  const html = r.json.content as string;
  expect(html).toContain("本次读书会讨论了三本关于城市历史的书");
  expect(html).toContain(`src="/uploads/${md5(PHOTO)}.png"`);
  expect(html).toContain(`src="/uploads/${md5(LAZY)}.png"`);
  // the image on a refused address is left out; the article is saved without it
  expect(html).not.toContain("内网图");
  expect(html).not.toContain("127.0.0.2");
  expect(html).not.toContain("首页"); // the navigation is not the content
  expect(html).not.toContain("data:image");
  expect(hits.get("/photo.png")).toBe(1);
  // links are absolute (to the page's site), images are this site's only
  expect(html).toContain(`href="${site}/next"`);
  expect([...html.matchAll(/<img[^>]*src="([^"]+)"/g)].map((m) => m[1]).every((s) => s?.startsWith("/uploads/"))).toBe(
    true,
  );

  // the caller's own, as GetArticle shows it; public readers do not see it before review
  const got = await rest(stack.url, "GET", `/api/v1/article?id=${r.json.id}`, undefined, admin);
  expect([got.status, got.json.title, got.json.content]).toEqual([200, "春季读书会纪要", html]);
  const anon = await rest(stack.url, "GET", `/api/v1/article?id=${r.json.id}`);
  expect(anon.status).toBe(404);
});

test("script, event handlers, javascript: links and iframes are sanitised as in every article", async () => {
  const r = await crawl(`${site}/hostile.html`);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  const html = r.json.content as string;
  expect(html).toContain("这是一篇包含恶意脚本的文章");
  for (const bad of ["<script", "stolen", "onerror", "onclick", "javascript:", "<iframe", "evil.example", "alert("])
    expect({ bad, found: html.includes(bad) }).toEqual({ bad, found: false });
});

test("no HTML, too large, nothing to extract, a refused address: a 400 that says so, nothing saved", async () => {
  const before = (await rest(stack.url, "GET", "/api/v1/article/list?size=100", undefined, admin)).json.total;
  const cases: Array<[string, string]> = [
    [`${site}/file.pdf`, "该网址返回的不是网页（application/pdf），只能导入 HTML 网页"],
    [`${site}/big.html`, "无法获取该网址：内容超过 2 MB"],
    [`${site}/empty.html`, "未能从该网页中提取到正文"],
    [`${site}/inside.html`, "无法获取该网址：不能获取内网、本机或保留地址的内容"],
    ["http://127.0.0.1:9/post.html", "无法获取该网址：不能获取内网、本机或保留地址的内容"],
    [`${site}/gone.html`, "无法获取该网址：对方服务器返回了错误（HTTP 404）"],
    ["ftp://example.com/a.html", "请输入以 http:// 或 https:// 开头的网址"],
    ["", "请输入以 http:// 或 https:// 开头的网址"],
  ];
  for (const [url, message] of cases) {
    const r = await crawl(url);
    expect({ url, status: r.status, message: r.json.message }).toEqual({ url, status: 400, message });
  }
  const after = (await rest(stack.url, "GET", "/api/v1/article/list?size=100", undefined, admin)).json.total;
  expect(after).toBe(before);
});

test("only staff with the permission may import", async () => {
  const member = await registerUser(stack.url, "crawl_member");
  const r = await crawl(`${site}/post.html`, member.token);
  expect(r.status).toBe(403);
  const anon = await rest(stack.url, "POST", "/api/v1/article/crawl", { url: `${site}/post.html` });
  expect(anon.status).toBe(401);
});

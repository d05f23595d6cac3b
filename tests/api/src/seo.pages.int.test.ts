// Crawler-readable pages on the whole site (both transports), read as a crawler reads them: the HTML
// of one GET, no script run. /document/{id} of a real converted PDF carries its title, description,
// canonical URL, Open Graph tags, JSON-LD and the text of its first preview pages; hidden and missing
// documents answer 404; markup in a title stays text; other pages are index.html byte for byte.
// The ssr settings, set through the admin config API: ssr.cache_seconds keeps a rendered page (and
// says so in Cache-Control) until it runs out or a change passes through the gateway; ssr.enable off
// gives crawlers the app's page.
import { get } from "node:http";
import { createClient } from "@connectrpc/connect";
import { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { type ContentDb, openContentDb } from "./db.js";
import { INDEX_HTML, makeCategory, makeWebDist, publishPdf, quickDocument, readDist } from "./seo.fixture.js";
import { eventually, loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let db: ContentDb;
let dist: string;
let admin: string;
let alice: { token: string; id: number };
let math: number;
let report: number;

const EVIL = "</script><script>alert(1)</script>";

beforeAll(async () => {
  dist = await makeWebDist();
  stack = await startTestStack({ webDist: dist });
  db = openContentDb(stack);
  admin = await loginAdmin(stack.url);
  alice = await registerUser(stack.url, "seo_pages_alice");
  const edu = await makeCategory(stack.url, admin, "教育");
  math = await makeCategory(stack.url, admin, "数学", edu);
  report = await publishPdf(stack.url, alice, "高等数学讲义", math, 5, (n) => [
    `第${n}章 讲义正文`,
    `chapter ${n} limits and series`,
  ]);
  const edit = { id: report, title: "高等数学讲义", description: "微积分入门讲义", keywords: "微积分,极限" };
  expect((await rest(stack.url, "PUT", "/api/v1/document", edit, alice.token)).status).toBe(200);
});
afterAll(async () => {
  await db?.$disconnect();
  await stack?.stop();
});

async function page(path: string, headers: Record<string, string> = {}) {
  const r = await fetch(stack.url + path, { headers });
  return { status: r.status, type: r.headers.get("content-type"), etag: r.headers.get("etag"), html: await r.text() };
}
const ldOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] as string),
  );
/** The page as reached under another host name (its own rendered copy: the cache is per origin). */
function pageAt(path: string, host: string) {
  return new Promise<{ status: number; cache: string; html: string }>((resolve, reject) => {
    get(`${stack.url}${path}`, { headers: { host } }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          cache: String(res.headers["cache-control"]),
          html: Buffer.concat(parts).toString("utf8"),
        }),
      );
    }).on("error", reject);
  });
}
async function setSsr(name: "enable" | "cache_seconds", value: string) {
  const r = await rest(stack.url, "PUT", "/api/v1/config", { config: [{ category: "ssr", name, value }] }, admin);
  expect([r.status, r.json?.message]).toEqual([200, undefined]);
}
/** The seconds a shared cache may keep the page; browsers always revalidate (max-age=0). */
const maxAgeOf = (cache: string) => Number(/^public, max-age=0, s-maxage=([0-9]+)$/.exec(cache)?.[1] ?? -1);
const metaOf = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`))?.[1];

test("/document/{id}: title, description, canonical, Open Graph, JSON-LD and the first pages' text in the HTML", async () => {
  const { status, type, html } = await page(`/document/${report}`);
  expect([status, type]).toEqual([200, "text/html; charset=utf-8"]);
  const url = `${stack.url}/document/${report}`;
  expect(html).toContain("<title>高等数学讲义 - 文库</title>");
  expect(metaOf(html, "description")).toBe("微积分入门讲义");
  expect(metaOf(html, "keywords")).toBe("微积分,极限");
  expect(html).toContain(`<link rel="canonical" href="${url}" />`);
  expect([metaOf(html, "og:type"), metaOf(html, "og:title"), metaOf(html, "og:url")]).toEqual([
    "article",
    "高等数学讲义 - 文库",
    url,
  ]);
  expect(metaOf(html, "og:image")).toMatch(new RegExp(`^${stack.url}/view/cover/[0-9a-f]{32}$`));
  const [doc, crumbs] = ldOf(html);
  expect(doc).toMatchObject({
    "@type": "DigitalDocument",
    name: "高等数学讲义",
    url,
    encodingFormat: "application/pdf",
    author: { name: "seo_pages_alice" },
  });
  expect(crumbs.itemListElement.map((c: { name: string }) => c.name)).toEqual(["首页", "教育", "数学", "高等数学讲义"]);
  // inside #root, in order; pages past the first three are not put in
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf("<noscript>文库需要"));
  expect(root).toContain("<h1>高等数学讲义</h1>");
  expect(root.indexOf("第1章 讲义正文")).toBeGreaterThan(0);
  expect(root.indexOf("chapter 3 limits and series")).toBeGreaterThan(root.indexOf("第2章 讲义正文"));
  expect(root).not.toContain("第4章");
  // the app's page otherwise: its script and the original single description tag
  expect(html).toContain('<script type="module" crossorigin src="/assets/index-test.js"></script>');
  expect(html.match(/name="description"/g)).toHaveLength(1);
});

test("the same page again: 304 for its ETag; reading it counts no view", async () => {
  const before = (await db.document.findUniqueOrThrow({ where: { id: BigInt(report) } })).viewCount;
  const first = await page(`/document/${report}`);
  expect(first.etag).toMatch(/^"seo-/);
  expect((await page(`/document/${report}`, { "if-none-match": first.etag as string })).status).toBe(304);
  expect((await db.document.findUniqueOrThrow({ where: { id: BigInt(report) } })).viewCount).toBe(before);
});

test("hidden or missing documents answer 404 with the plain app page", async () => {
  const disabled = await quickDocument(stack.url, db, alice, "已禁用的文档", math);
  const recycled = await quickDocument(stack.url, db, alice, "已删除的文档", math);
  expect((await rest(stack.url, "PUT", "/api/v1/document/check", { id: [disabled], status: 4 }, admin)).status).toBe(
    200,
  );
  expect((await rest(stack.url, "DELETE", `/api/v1/document?id=${recycled}`, undefined, alice.token)).status).toBe(200);
  for (const path of [`/document/${disabled}`, `/document/${recycled}`, "/document/987654321", "/document/abc"]) {
    const r = await page(path);
    expect([path, r.status, r.html]).toEqual([path, 404, INDEX_HTML]);
  }
});

test("a document titled </script><script>alert(1)</script> is inert: text in the title, the body and the JSON-LD", async () => {
  const id = await quickDocument(stack.url, db, alice, EVIL, math);
  const { status, html } = await page(`/document/${id}`);
  expect(status).toBe(200);
  expect(html).not.toContain("<script>alert(1)");
  expect(html.match(/<script/g)).toHaveLength(3); // the app's module, the DigitalDocument and the BreadcrumbList blocks
  expect(html).toContain("<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; - 文库</title>");
  expect(html).toContain("<h1>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>");
  expect(ldOf(html)[0].name).toBe(EVIL);
});

test("/category/{id} and /: their pages; a disabled category answers 404", async () => {
  const cat = await page(`/category/${math}`);
  expect(cat.status).toBe(200);
  expect(cat.html).toContain("<title>数学 - 文库</title>");
  expect(cat.html).toContain(`<a href="/document/${report}">高等数学讲义</a>`);
  expect(ldOf(cat.html)[0]).toMatchObject({ "@type": "CollectionPage", url: `${stack.url}/category/${math}` });
  const off = await makeCategory(stack.url, admin, "停用的分类", 0, false);
  await eventually(async () => expect((await page(`/category/${off}`)).status).toBe(404), 10_000);
  const home = await page("/");
  expect(ldOf(home.html)[0]).toMatchObject({
    "@type": "WebSite",
    potentialAction: { target: { urlTemplate: `${stack.url}/search?wd={search_term_string}` } },
  });
});

test("every other page is index.html byte for byte (its precompressed file too)", async () => {
  for (const path of ["/search?wd=x", "/login", "/category"]) {
    const r = await page(path);
    expect([path, r.status, r.html]).toEqual([path, 200, INDEX_HTML]);
  }
  const br = await new Promise<Buffer>((resolve, reject) => {
    import("node:http").then(({ get }) =>
      get(`${stack.url}/search`, { headers: { "accept-encoding": "br" } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () => resolve(Buffer.concat(parts)));
      }).on("error", reject),
    );
  });
  expect(br.equals(await readDist(dist, "index.html.br"))).toBe(true);
  // a request carrying a token is not a crawler's: the plain page, its status from the visitor's view
  const owned = await page(`/document/${report}`, { authorization: `Bearer ${alice.token}` });
  expect([owned.status, owned.html]).toEqual([200, INDEX_HTML]);
});

test("ssr.cache_seconds: the page is kept (Cache-Control max-age) past a change made behind the gateway, never past one through it", async () => {
  await setSsr("cache_seconds", "3600");
  const host = new URL(stack.url).host;
  const id = await quickDocument(stack.url, db, alice, "缓存之前的标题", math);
  // the settings reach the gateway within seconds: then a page is kept for the hour
  const first = await eventually(async () => {
    const r = await pageAt(`/document/${id}`, host);
    expect(maxAgeOf(r.cache)).toBeGreaterThan(600);
    return r;
  }, 10_000);
  expect([first.status, maxAgeOf(first.cache) <= 3600]).toEqual([200, true]);
  expect(first.html).toContain("<h1>缓存之前的标题</h1>");

  // changed in the database, not through the gateway (as another replica or a background job would)
  await db.document.update({ where: { id: BigInt(id) }, data: { title: "缓存之后的标题" } });
  let n = 0;
  await eventually(async () => {
    const fresh = await pageAt(`/document/${id}`, `fresh-${++n}.test`); // a host never rendered before
    expect(fresh.html).toContain("<h1>缓存之后的标题</h1>");
  }, 20_000);
  const kept = await pageAt(`/document/${id}`, host);
  expect([kept.status, kept.html]).toEqual([200, first.html]);
  expect(maxAgeOf(kept.cache)).toBeGreaterThan(0);

  // recycled through the API: the kept page and its data go at once, the page is 404
  expect((await rest(stack.url, "DELETE", `/api/v1/document?id=${id}`, undefined, alice.token)).status).toBe(200);
  const gone = await pageAt(`/document/${id}`, host);
  expect([gone.status, gone.html]).toEqual([404, INDEX_HTML]);
});

test("ssr.enable off: crawlers get the app's page, hidden and missing documents still 404; on again: rendered", async () => {
  const hidden = await quickDocument(stack.url, db, alice, "关闭渲染时禁用的文档", math);
  expect((await rest(stack.url, "PUT", "/api/v1/document/check", { id: [hidden], status: 4 }, admin)).status).toBe(200);
  await setSsr("enable", "false");
  try {
    // a setting saved through the gateway applies to its very next page (issue #22 item 12)
    const off = await page(`/document/${report}`);
    expect([off.status, off.html]).toEqual([200, INDEX_HTML]);
    for (const path of ["/", `/category/${math}`]) {
      const r = await page(path);
      expect([path, r.status, r.html]).toEqual([path, 200, INDEX_HTML]);
    }
    for (const path of [`/document/${hidden}`, "/document/987654321"]) {
      const r = await page(path);
      expect([path, r.status, r.html]).toEqual([path, 404, INDEX_HTML]);
    }
  } finally {
    await setSsr("enable", "true");
  }
  expect((await page(`/document/${report}`)).html).toContain("<h1>高等数学讲义</h1>");
});

test("a setting saved behind the gateway (another replica, a service) applies to the gateway's next page too", async () => {
  // straight to the config service, as a save through another gateway replica reaches it
  const config = createClient(ConfigAPI, stack.transports.config);
  const save = (value: string) =>
    config.updateConfig(
      { config: [{ category: "ssr", name: "enable", value }] },
      { headers: { authorization: `Bearer ${admin}` } },
    );
  expect((await page(`/document/${report}`)).html).toContain("<h1>高等数学讲义</h1>"); // the gateway's copy is warm
  await save("false");
  try {
    const off = await page(`/document/${report}`);
    expect([off.status, off.html]).toEqual([200, INDEX_HTML]);
  } finally {
    await save("true");
  }
  expect((await page(`/document/${report}`)).html).toContain("<h1>高等数学讲义</h1>");
});

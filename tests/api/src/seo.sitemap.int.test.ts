// The sitemap on the whole site (both transports): PUT /api/v1/sitemap (staff only) writes it into
// storage; /sitemap.xml (the index) and /sitemap/<section>-N.xml list exactly what visitors may see,
// with lastmod, under the request's origin or the domain setting; robots.txt names it; a site
// closed to visitors serves none. A fresh site's sitemap is built on its first request; afterwards it
// follows the site: a published document, article or category is listed within the debounce
// (SITEMAP_DEBOUNCE_SEC, small here), a disabled one leaves, without anyone asking for a rebuild.
import { gunzipSync } from "node:zlib";
import { type ContentDb, openContentDb } from "./db.js";
import { locsOf, makeCategory, makeWebDist, quickDocument, setConfig } from "./seo.fixture.js";
import { eventually, loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let db: ContentDb;
let admin: string;
let alice: { token: string; id: number };
let visible: number; // a published document
let later: number; // published after the first build
let cats: { shown: number; child: number; off: number };
let articles: { approved: number; pending: number; recycled: number };
let fresh: { status: number; type: string | null; body: string };
const DEBOUNCE_SEC = 0.3;

beforeAll(async () => {
  // No converter: statuses are set the way the converter would.
  stack = await startTestStack({
    env: { CONVERTER_CONCURRENCY: "0", SITEMAP_DEBOUNCE_SEC: String(DEBOUNCE_SEC) },
    webDist: await makeWebDist(),
  });
  db = openContentDb(stack);
  // before anything was written or built
  const first = await fetch(`${stack.url}/sitemap.xml`);
  fresh = { status: first.status, type: first.headers.get("content-type"), body: await first.text() };
  admin = await loginAdmin(stack.url);
  alice = await registerUser(stack.url, "seo_alice");
  const shown = await makeCategory(stack.url, admin, "公开分类");
  cats = {
    shown,
    child: await makeCategory(stack.url, admin, "子分类", shown),
    off: await makeCategory(stack.url, admin, "停用分类", 0, false),
  };
  visible = await quickDocument(stack.url, db, alice, "公开文档", shown);
  const disabled = await quickDocument(stack.url, db, alice, "禁用文档", shown);
  const rejected = await quickDocument(stack.url, db, alice, "拒绝文档", shown);
  const recycled = await quickDocument(stack.url, db, alice, "回收文档", shown);
  const check = async (id: number, status: number) =>
    expect((await rest(stack.url, "PUT", "/api/v1/document/check", { id: [id], status }, admin)).status).toBe(200);
  await check(disabled, 4);
  await check(rejected, 7);
  expect((await rest(stack.url, "DELETE", `/api/v1/document?id=${recycled}`, undefined, alice.token)).status).toBe(200);
  const article = async (title: string, token: string) => {
    const r = await rest(stack.url, "POST", "/api/v1/article", { title, content: `<p>${title}</p>` }, token);
    expect([r.status, r.json.message]).toEqual([200, undefined]);
    return r.json.id as number;
  };
  articles = {
    approved: await article("公开文章", admin), // staff publish without review
    pending: await article("待审文章", alice.token), // members wait for review (the seeded group flags)
    recycled: await article("回收文章", admin),
  };
  const del = await rest(stack.url, "DELETE", `/api/v1/article?id=${articles.recycled}`, undefined, admin);
  expect(del.status).toBe(200);
});
afterAll(async () => {
  await db?.$disconnect();
  await stack?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(stack.url + path, { headers });
const rebuild = async (token = admin) => (await rest(stack.url, "PUT", "/api/v1/sitemap", undefined, token)).status;
const origin = () => stack.url; // http://localhost:<port>: the Host the client sends

async function shard(name: string): Promise<string> {
  const r = await get(`/sitemap/${name}`);
  expect([r.status, r.headers.get("content-type")]).toEqual([200, "application/xml; charset=utf-8"]);
  return r.text();
}

test("a fresh site: /sitemap.xml is built on its first request (XML, not a 404)", async () => {
  expect([fresh.status, fresh.type]).toEqual([200, "application/xml; charset=utf-8"]);
  expect(fresh.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
  expect(locsOf(fresh.body)).toEqual([`${origin()}/sitemap/articles-1.xml`]); // the seeded footer pages
});

test("PUT /api/v1/sitemap: visitors 401, members without the permission 403", async () => {
  expect(await rebuild("")).toBe(401);
  expect(await rebuild(alice.token)).toBe(403);
});

test("staff rebuild it; the index names a document, an article and a category shard under the request's origin", async () => {
  expect(await rebuild()).toBe(200);
  const r = await get("/sitemap.xml");
  expect(r.status).toBe(200);
  const index = await r.text();
  expect(index).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
  );
  expect(locsOf(index)).toEqual([
    `${origin()}/sitemap/documents-1.xml`,
    `${origin()}/sitemap/articles-1.xml`,
    `${origin()}/sitemap/categories-1.xml`,
  ]);
  expect(index.match(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z<\/lastmod>/g)).toHaveLength(3);
});

test("the articles shard lists the approved articles (the footer's pages too), each with its lastmod; not pending or recycled ones", async () => {
  const xml = await shard("articles-1.xml");
  const seeded = await db.article.findMany({ where: { identifier: { in: ["about", "agreement"] } } });
  const locs = locsOf(xml);
  expect(locs).toContain(`${origin()}/article/${articles.approved}`);
  for (const a of seeded) expect(locs).toContain(`${origin()}/article/${a.id}`);
  expect(locs).not.toContain(`${origin()}/article/${articles.pending}`);
  expect(locs).not.toContain(`${origin()}/article/${articles.recycled}`);
  const row = await db.article.findUniqueOrThrow({ where: { id: BigInt(articles.approved) } });
  expect(xml).toContain(
    `<url><loc>${origin()}/article/${articles.approved}</loc><lastmod>${row.updatedAt.toISOString()}</lastmod></url>`,
  );
});

test("the shards list exactly the visible documents and categories, each with its lastmod", async () => {
  const docs = await shard("documents-1.xml");
  expect(locsOf(docs)).toEqual([`${origin()}/document/${visible}`]); // not disabled, rejected or recycled
  const row = await db.document.findUniqueOrThrow({ where: { id: BigInt(visible) } });
  expect(docs).toContain(
    `<url><loc>${origin()}/document/${visible}</loc><lastmod>${row.updatedAt.toISOString()}</lastmod></url>`,
  );
  const categories = await shard("categories-1.xml");
  expect(locsOf(categories).sort()).toEqual(
    [`${origin()}/category/${cats.shown}`, `${origin()}/category/${cats.child}`].sort(),
  );
  const parent = categories.match(new RegExp(`/category/${cats.shown}</loc><lastmod>([^<]+)</lastmod>`))?.[1];
  // a category's lastmod is at least its newest visible document's
  expect(Date.parse(parent as string)).toBeGreaterThanOrEqual(row.updatedAt.getTime());
});

test("a document made visible behind the API's back (no change event) appears once staff rebuild", async () => {
  later = await quickDocument(stack.url, db, alice, "后来的文档", cats.child);
  expect(await rebuild()).toBe(200);
  expect(locsOf(await shard("documents-1.xml"))).toEqual([
    `${origin()}/document/${visible}`,
    `${origin()}/document/${later}`,
  ]);
});

test("conditional and compressed: 304 for a held ETag, gzip when accepted; unknown names 404", async () => {
  const first = await get("/sitemap/documents-1.xml");
  const etag = first.headers.get("etag") as string;
  expect(etag).toMatch(/^"[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+"$/);
  expect((await get("/sitemap/documents-1.xml", { "if-none-match": etag })).status).toBe(304);
  const head = await fetch(`${stack.url}/sitemap/documents-1.xml`, { method: "HEAD" });
  expect([head.status, head.headers.get("etag"), await head.text()]).toEqual([200, etag, ""]);
  const zipped = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
    // fetch would decode it: read the raw bytes
    import("node:http").then(({ get: httpGet }) =>
      httpGet(`${stack.url}/sitemap/documents-1.xml`, { headers: { "accept-encoding": "gzip" } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(parts) }));
      }).on("error", reject),
    );
  });
  expect(zipped.encoding).toBe("gzip");
  expect(gunzipSync(zipped.body).toString()).toBe(await first.text());
  for (const path of ["/sitemap/documents-9.xml", "/sitemap/secret.txt", "/sitemap/..%2Fsitemap.xml", "/sitemap/"]) {
    expect([path, (await get(path)).status]).toEqual([path, 404]);
  }
  expect((await fetch(`${stack.url}/sitemap.xml`, { method: "POST" })).status).toBe(405);
});

test("robots.txt keeps the build's rules and names the sitemap; the domain setting then names every URL", async () => {
  const robots = await (await get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /admin\n");
  expect(robots).toContain(`Sitemap: ${origin()}/sitemap.xml\n`);
  expect(robots.match(/^Sitemap:/gm)).toHaveLength(1);
  await setConfig(stack.url, admin, "system", "domain", "https://wenku.example.com");
  try {
    await eventually(async () => {
      expect(await (await get("/robots.txt")).text()).toContain("Sitemap: https://wenku.example.com/sitemap.xml\n");
    }, 15_000);
    expect(locsOf(await (await get("/sitemap.xml")).text())).toEqual([
      "https://wenku.example.com/sitemap/documents-1.xml",
      "https://wenku.example.com/sitemap/articles-1.xml",
      "https://wenku.example.com/sitemap/categories-1.xml",
    ]);
    expect(locsOf(await shard("documents-1.xml"))).toEqual([
      `https://wenku.example.com/document/${visible}`,
      `https://wenku.example.com/document/${later}`,
    ]);
  } finally {
    await setConfig(stack.url, admin, "system", "domain", "");
  }
});

test("a site closed to visitors serves no sitemap and disallows every path", async () => {
  await setConfig(stack.url, admin, "security", "is_close", "true");
  try {
    await eventually(
      async () => expect(await (await get("/robots.txt")).text()).toBe("User-agent: *\nDisallow: /\n"),
      15_000,
    );
    expect((await get("/sitemap.xml")).status).toBe(404);
    expect((await get("/sitemap/documents-1.xml")).status).toBe(404);
    expect(await rebuild()).toBe(200); // staff still build it
  } finally {
    await setConfig(stack.url, admin, "security", "is_close", "false");
  }
  await eventually(async () => expect((await get("/sitemap.xml")).status).toBe(200), 15_000);
});

test("the sitemap follows the site: approved → listed within the debounce, disabled → gone; articles, categories and the setting hiding empty ones too", async () => {
  const check = async (id: number, status: number) =>
    expect((await rest(stack.url, "PUT", "/api/v1/document/check", { id: [id], status }, admin)).status).toBe(200);
  const listed = async (section: string, path: string) =>
    locsOf(await shard(`${section}-1.xml`)).includes(origin() + path);
  const doc = await quickDocument(stack.url, db, alice, "审核后发布的文档", cats.shown);
  await check(doc, 4); // disabled: not visible
  await eventually(async () => expect(await listed("documents", `/document/${doc}`)).toBe(false), 5_000);

  const published = performance.now();
  await check(doc, 2); // approved: visible, announced as DocumentsChanged
  await eventually(async () => expect(await listed("documents", `/document/${doc}`)).toBe(true), 5_000);
  const lag = performance.now() - published;
  process.stdout.write(
    `publish → sitemap (${process.env.WENKU_TEST_TRANSPORT ?? "memory"}): ${lag.toFixed(0)} ms at a ${DEBOUNCE_SEC * 1000} ms debounce\n`,
  );

  await check(doc, 4);
  await eventually(async () => expect(await listed("documents", `/document/${doc}`)).toBe(false), 5_000);

  const r = await rest(stack.url, "POST", "/api/v1/article", { title: "后来的文章", content: "<p>x</p>" }, admin);
  expect(r.status).toBe(200);
  await eventually(async () => expect(await listed("articles", `/article/${r.json.id}`)).toBe(true), 5_000);

  // a new category is listed; the setting that hides empty ones takes it out again
  const empty = await makeCategory(stack.url, admin, "新的空分类");
  await eventually(async () => expect(await listed("categories", `/category/${empty}`)).toBe(true), 5_000);
  await setConfig(stack.url, admin, "display", "hide_category_without_document", "true");
  try {
    await eventually(async () => expect(await listed("categories", `/category/${empty}`)).toBe(false), 5_000);
  } finally {
    await setConfig(stack.url, admin, "display", "hide_category_without_document", "false");
  }
});

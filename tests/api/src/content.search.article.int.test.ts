// Article search and the article's crawler page on the whole site (both transports): articles written
// through ArticleAPI, indexed by the content service's article indexer from their changes, found
// through GET /api/v1/article/search and the /search page's GET /api/v1/search?type=1 with a marked
// snippet of their text. Only approved articles outside the recycle bin are ever found or given a
// crawler page; the ssr settings switch the crawler pages off.
import { type ContentDb, openContentDb } from "./db.js";
import { INDEX_HTML, makeWebDist, setConfig } from "./seo.fixture.js";
import { eventually, loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let db: ContentDb;
let admin: string;
let bob: { token: string; id: number };
let category: number;

beforeAll(async () => {
  stack = await startTestStack({ env: { SEARCH_POLL_SEC: "0.2" }, webDist: await makeWebDist() });
  db = openContentDb(stack);
  admin = await loginAdmin(stack.url);
  bob = await registerUser(stack.url, "article_search_bob");
  const cat = await rest(stack.url, "POST", "/api/v1/category", { title: "航海随笔", type: 1, enable: true }, admin);
  expect(cat.status).toBe(200);
  const list = await rest(stack.url, "GET", "/api/v1/category/list?size=100&type=1", undefined, admin);
  category = (list.json.category as Array<{ id: number; title: string }>).find((c) => c.title === "航海随笔")?.id ?? 0;
  expect(category).toBeGreaterThan(0);
});
afterAll(async () => {
  await db?.$disconnect();
  await stack?.stop();
});

type Found = {
  total: number;
  spend: string;
  article?: Array<{ id: number; title: string; identifier: string; content?: string }>;
  hit?: Array<{ article_id: number; snippet?: string; highlight?: number[] }>;
  article_hit?: Array<{ article_id: number; snippet?: string; highlight?: number[] }>;
  document?: unknown[];
};
const searchArticles = async (wd: string, extra = "") => {
  const r = await rest(stack.url, "GET", `/api/v1/article/search?wd=${encodeURIComponent(wd)}${extra}`);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json as Found;
};
const searchPage = async (wd: string) => {
  const r = await rest(stack.url, "GET", `/api/v1/search?type=1&wd=${encodeURIComponent(wd)}`);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json as Found;
};
const idsOf = (f: Found) => (f.article ?? []).map((a) => a.id);

async function write(token: string, title: string, content: string, extra: Record<string, unknown> = {}) {
  const r = await rest(stack.url, "POST", "/api/v1/article", { title, content, ...extra }, token);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json as { id: number; identifier: string; status: number };
}

const LONG = "<p>航海日志的开头是一些平常的记录。</p>".repeat(300);
let lighthouse: { id: number; identifier: string };

test("an approved article is found by a phrase from deep in its body, with a marked snippet, on both searches", async () => {
  lighthouse = await write(
    admin,
    "海岸笔记",
    `${LONG}<h2>夜航</h2><p>The lighthouse keeper logs every passing freighter &amp; 灯塔看守人记录每一艘货船。</p>`,
    { identifier: "coast-notes", category_id: [category], author: "老船长" },
  );
  const found = await eventually(async () => {
    const f = await searchArticles("lighthouse keeper freighter");
    expect(idsOf(f)).toEqual([lighthouse.id]);
    return f;
  }, 15_000);
  expect(found.total).toBe(1);
  expect(found.spend).toMatch(/^\d+\.\d{3}s$/);
  expect(found.article?.[0]).toMatchObject({ title: "海岸笔记", identifier: "coast-notes" });
  expect(found.article?.[0]?.content ?? "").toBe(""); // results never carry the HTML
  const hit = found.hit?.[0];
  expect(hit?.article_id).toBe(lighthouse.id);
  const marks = hit?.highlight ?? [];
  const snippet = hit?.snippet ?? "";
  expect(snippet).toContain("passing freighter & 灯塔"); // plain text: the entity decoded, no tags
  expect(snippet).not.toMatch(/<|&amp;/);
  expect([snippet.slice(marks[0], marks[1]), snippet.slice(marks[2], marks[3])]).toEqual(["lighthouse", "keeper"]);

  const page = await searchPage("lighthouse keeper");
  expect([page.total, idsOf(page)]).toEqual([1, [lighthouse.id]]);
  expect(page.article_hit?.[0]).toMatchObject({ article_id: lighthouse.id });
  expect(page.article_hit?.[0]?.snippet).toContain("lighthouse");
  expect(page.document ?? []).toEqual([]);
});

test("a two-character Chinese substring, a mixed query, the author and the category name find it", async () => {
  expect(idsOf(await searchArticles("货船"))).toEqual([lighthouse.id]);
  expect(idsOf(await searchArticles("看守人 freighter"))).toEqual([lighthouse.id]);
  expect(idsOf(await searchArticles("老船长"))).toEqual([lighthouse.id]);
  expect(idsOf(await searchArticles("航海随笔"))).toEqual([lighthouse.id]);
  expect(idsOf(await searchArticles("货船 nonexistentword"))).toEqual([]);
  expect(idsOf(await searchArticles("货船", `&category_id=${category}`))).toEqual([lighthouse.id]);
  expect(idsOf(await searchArticles("货船", "&category_id=999999"))).toEqual([]);
});

test("pending and rejected articles are never found; approved, found; recycled, gone; restored, found again", async () => {
  const pending = await write(bob.token, "待审的文章", "<p>潜水艇的声呐报告</p>");
  expect(pending.status).toBe(0); // members' articles wait for review (the seeded group flags)
  const rejected = await write(bob.token, "被拒的文章", "<p>潜水艇的声呐报告第二份</p>");
  const reject = { article_id: [rejected.id], status: 2, reject_reason: "内容不符" };
  expect((await rest(stack.url, "PUT", "/api/v1/article/check", reject, admin)).status).toBe(200);
  // a control written after them is indexed: by then the indexer has seen the others
  const control = await write(admin, "潜水艇概览", "<p>潜水艇的声呐报告汇总</p>");
  await eventually(async () => expect(idsOf(await searchArticles("声呐"))).toEqual([control.id]), 15_000);
  expect((await searchArticles("声呐")).total).toBe(1);
  expect(idsOf(await searchPage("声呐"))).toEqual([control.id]);

  const approve = { article_id: [pending.id], status: 1 };
  expect((await rest(stack.url, "PUT", "/api/v1/article/check", approve, admin)).status).toBe(200);
  await eventually(
    async () => expect(new Set(idsOf(await searchArticles("声呐")))).toEqual(new Set([control.id, pending.id])),
    15_000,
  );

  expect((await rest(stack.url, "DELETE", `/api/v1/article?id=${pending.id}`, undefined, bob.token)).status).toBe(200);
  await eventually(async () => expect(idsOf(await searchArticles("声呐"))).toEqual([control.id]), 15_000);
  const restore = { id: [pending.id] };
  expect((await rest(stack.url, "POST", "/api/v1/article/recycle/restore", restore, admin)).status).toBe(200);
  await eventually(
    async () => expect(new Set(idsOf(await searchArticles("声呐")))).toEqual(new Set([control.id, pending.id])),
    15_000,
  );

  // purged: out of the index too
  expect((await rest(stack.url, "DELETE", `/api/v1/article?id=${pending.id}`, undefined, admin)).status).toBe(200);
  expect((await rest(stack.url, "DELETE", `/api/v1/article/recycle?id=${pending.id}`, undefined, admin)).status).toBe(
    200,
  );
  await eventually(async () => {
    const rows = await db.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*) AS n FROM search_articles WHERE article_id = ${BigInt(pending.id)}`;
    expect(Number(rows[0]?.n)).toBe(0);
  }, 15_000);
  expect(idsOf(await searchArticles("声呐"))).toEqual([control.id]);
});

test("an edit is searched as it now reads; SetArticleIndex is staff-only and checks its ids", async () => {
  const edit = {
    id: lighthouse.id,
    title: "海岸笔记",
    content: "<p>风暴来临前的信号旗</p>",
    identifier: "coast-notes",
    author: "老船长",
    category_id: [category],
  };
  expect((await rest(stack.url, "PUT", "/api/v1/article", edit, admin)).status).toBe(200);
  await eventually(async () => expect(idsOf(await searchArticles("信号旗"))).toEqual([lighthouse.id]), 15_000);
  expect(idsOf(await searchArticles("lighthouse"))).toEqual([]);

  const index = (body: unknown, token?: string) => rest(stack.url, "PUT", "/api/v1/article/index", body, token);
  expect((await index({ id: [lighthouse.id] })).status).toBe(401);
  expect((await index({ id: [lighthouse.id] }, bob.token)).status).toBe(403);
  const empty = await index({ id: [] }, admin);
  expect([empty.status, empty.json.message]).toEqual([400, "请选择要重建索引的文章"]);
  // the index row dropped behind the indexer's back comes back with SetArticleIndex
  await db.$executeRaw`DELETE FROM search_articles WHERE article_id = ${BigInt(lighthouse.id)}`;
  expect(idsOf(await searchArticles("信号旗"))).toEqual([]);
  expect((await index({ id: [lighthouse.id] }, admin)).status).toBe(200);
  expect(idsOf(await searchArticles("信号旗"))).toEqual([lighthouse.id]);
  const sort = await rest(stack.url, "GET", "/api/v1/article/search?wd=x&sort=downloads");
  expect([sort.status, sort.json.message]).toEqual([400, "不支持的排序方式"]);
});

async function page(path: string) {
  const r = await fetch(stack.url + path);
  return { status: r.status, html: await r.text() };
}
const ldOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] as string),
  );

test("/article/{id} and /article/{identifier}: title, canonical, Article JSON-LD, breadcrumb and the text; hidden ones 404", async () => {
  for (const path of [`/article/${lighthouse.id}`, "/article/coast-notes"]) {
    const { status, html } = await page(path);
    expect([path, status]).toEqual([path, 200]);
    expect(html).toContain("<title>海岸笔记 - 文库</title>");
    expect(html).toContain(`<link rel="canonical" href="${stack.url}/article/coast-notes" />`);
    const [article, crumbs] = ldOf(html);
    expect(article).toMatchObject({ "@type": "Article", headline: "海岸笔记", author: { name: "老船长" } });
    expect(crumbs.itemListElement.map((c: { name: string }) => c.name)).toEqual([
      "首页",
      "文章",
      "航海随笔",
      "海岸笔记",
    ]);
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf("<noscript>文库需要"));
    expect(root).toContain("<h1>海岸笔记</h1>");
    expect(root).toContain("<p>风暴来临前的信号旗</p>");
  }
  const pending = await write(bob.token, "未审核的页面", "<p>不该被抓取</p>");
  const gone = await write(admin, "已删除的页面", "<p>不该被抓取</p>");
  expect((await rest(stack.url, "DELETE", `/api/v1/article?id=${gone.id}`, undefined, admin)).status).toBe(200);
  for (const path of [
    `/article/${pending.id}`,
    `/article/${pending.identifier}`,
    `/article/${gone.id}`,
    "/article/987654",
    "/article/no-such-page",
  ]) {
    const r = await page(path);
    expect([path, r.status, r.html]).toEqual([path, 404, INDEX_HTML]);
  }
});

test("ssr off: every page is the plain app page; on again: the crawler page is back at once", async () => {
  await setConfig(stack.url, admin, "ssr", "enable", "false");
  try {
    await eventually(async () => {
      const r = await page("/article/coast-notes");
      expect([r.status, r.html]).toEqual([200, INDEX_HTML]);
    }, 15_000);
    const hidden = await page("/article/987654");
    expect([hidden.status, hidden.html]).toEqual([200, INDEX_HTML]); // the app says "not found" itself
  } finally {
    await setConfig(stack.url, admin, "ssr", "enable", "true");
  }
  await eventually(
    async () => expect((await page("/article/coast-notes")).html).toContain("<h1>海岸笔记</h1>"),
    15_000,
  );
});

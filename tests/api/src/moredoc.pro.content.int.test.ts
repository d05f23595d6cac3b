// moredoc Pro's front end against the real stack, issue #25 items 10, 11, 13 and 14: its requests as it
// sends them (pages/article/_id.vue, pages/admin/article/list.vue, pages/document/_id.vue,
// pages/admin/dashboard.vue), and what it reads from the answers.
import { type ContentDb, openContentDb } from "./db.js";
import { createCategory, publishPdf } from "./documents.js";
import { eventually, loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let content: ContentDb;
let admin: string;
let alice: { token: string; id: number };

const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);

beforeAll(async () => {
  stack = await startTestStack({ env: { SEARCH_POLL_SEC: "0.2" } });
  content = openContentDb(stack);
  admin = await loginAdmin(stack.url);
  alice = await registerUser(stack.url, "pro_alice");
});
afterAll(async () => {
  await content?.$disconnect();
  await stack?.stop();
});

type ArticleJson = {
  id: number;
  identifier: string;
  title: string;
  user_id?: number;
  user?: { id?: number; username?: string; avatar?: string };
};
const FOOTER = ["about", "agreement", "contact", "feedback", "copyright"];

describe("#10 the footer's single pages and articles' publishers", () => {
  let news: ArticleJson;

  beforeAll(async () => {
    const r = await call("POST", "/api/v1/article", { title: "本站新闻", content: "<p>新闻正文</p>" }, admin);
    expect([r.status, r.json.message]).toEqual([200, undefined]);
    news = r.json as ArticleJson;
  });

  test("a footer page (GET /api/v1/article?identifier=about) is published by the admin: user.username is set", async () => {
    for (const identifier of FOOTER) {
      const r = await call("GET", `/api/v1/article?identifier=${identifier}`);
      expect(r.status).toBe(200);
      const a = r.json as ArticleJson;
      expect([a.user_id, a.user?.id, a.user?.username]).toEqual([1, 1, "admin"]);
    }
  });

  test("the footer labels of the settings are the pages' titles", async () => {
    const footer = (await call("GET", "/api/v1/config/list?category=footer", undefined, admin)).json.config as Array<{
      name: string;
      label: string;
    }>;
    for (const identifier of FOOTER) {
      const page = (await call("GET", `/api/v1/article?identifier=${identifier}`)).json as ArticleJson;
      expect(footer.find((c) => c.name === identifier)?.label).toBe(page.title);
    }
  });

  test("the admin list (GET /api/v1/article/list?wd=&page=1&size=10) gives every row a user, the pages included", async () => {
    const r = await call("GET", "/api/v1/article/list?wd=&page=1&size=10", undefined, admin);
    expect(r.status).toBe(200);
    const rows = r.json.article as ArticleJson[];
    expect(rows.map((a) => a.identifier)).toEqual(expect.arrayContaining([...FOOTER, news.identifier]));
    for (const a of rows) expect(typeof a.user?.username).toBe("string");
  });

  test("an article whose publisher is gone still has a user: a placeholder with its user_id", async () => {
    const r = await call("POST", "/api/v1/article", { title: "孤儿文章", content: "<p>正文</p>" }, admin);
    const orphan = r.json as ArticleJson;
    await content.article.update({ where: { id: BigInt(orphan.id) }, data: { userId: 987_654n } });
    const placeholder = { id: 987_654, username: "已注销用户", avatar: "" };
    try {
      const one = (await call("GET", `/api/v1/article?identifier=${orphan.identifier}`)).json as ArticleJson;
      expect(one.user).toEqual(placeholder);
      const listed = (await call("GET", "/api/v1/article/list?page=1&size=50&status=1")).json.article as ArticleJson[];
      expect(listed.find((a) => a.id === orphan.id)?.user).toEqual(placeholder);
    } finally {
      expect((await call("DELETE", `/api/v1/article?id=${orphan.id}`, undefined, admin)).status).toBe(200);
    }
  });

  test("the public list (/article: size=10&page=1&status=1) and related articles leave the footer pages out", async () => {
    for (const token of [undefined, alice.token]) {
      const r = await call("GET", "/api/v1/article/list?size=10&page=1&status=1", undefined, token);
      expect(r.status).toBe(200);
      const identifiers = (r.json.article as ArticleJson[]).map((a) => a.identifier);
      expect(identifiers).toContain(news.identifier);
      for (const p of FOOTER) expect(identifiers).not.toContain(p);
      expect(r.json.total).toBe(identifiers.length);
    }
    const related = await call("GET", `/api/v1/article/related?identifier=${news.identifier}`);
    expect(related.status).toBe(200);
    expect(related.json.article ?? []).toEqual([]);
    // a footer page's own related articles: the news, never another page
    const ofPage = await call("GET", "/api/v1/article/related?identifier=about");
    expect((ofPage.json.article as ArticleJson[]).map((a) => a.identifier)).toEqual([news.identifier]);
  });
});

describe("#11 and #13: a document by its id, and the search index's count", () => {
  let docId: number;
  let uuid: string;

  beforeAll(async () => {
    const category = await createCategory(stack.url, admin, "专业资料");
    docId = await publishPdf(stack.url, alice, category, "流体力学讲义", 1, () => ["伯努利方程与连续性方程"]);
    uuid = (await call("GET", `/api/v1/document?id=${docId}`)).json.uuid as string;
  }, 120_000);

  test("/document/<id> of the admin lists asks id=N&uuid=N (with_author, with_all_content): found by id", async () => {
    const r = await call(
      "GET",
      `/api/v1/document?id=${docId}&uuid=${docId}&with_author=true&with_all_content=false`,
      undefined,
      admin,
    );
    expect([r.status, r.json.id, r.json.uuid]).toEqual([200, docId, uuid]);
    expect((r.json.user as { username: string }).username).toBe("pro_alice");
    // a visitor too, and /document/<uuid> (id=0&uuid=…) as before
    expect((await call("GET", `/api/v1/document?id=${docId}&uuid=${docId}`)).json.id).toBe(docId);
    expect((await call("GET", `/api/v1/document?id=0&uuid=${uuid}&with_author=true`)).json.id).toBe(docId);
    // no such id, and a number that is no uuid: 404
    expect((await call("GET", "/api/v1/document?id=987654&uuid=987654")).status).toBe(404);
  });

  test("GET /api/v1/stats → index_document_count is what the search answers from (staff)", async () => {
    const found = await eventually(async () => {
      const s = await call("GET", `/api/v1/document/search?wd=${encodeURIComponent("伯努利方程")}`);
      expect((s.json.document as Array<{ id: number }> | undefined)?.map((d) => d.id)).toEqual([docId]);
      return s.json;
    }, 20_000);
    expect(found.total).toBe(1);
    const stats = await call("GET", "/api/v1/stats", undefined, admin);
    expect([stats.status, stats.json.index_document_count]).toEqual([200, 1]);
    // visitors are not told the index's figures
    expect((await call("GET", "/api/v1/stats")).json.index_document_count ?? 0).toBe(0);
  });
});

describe("#14 ping and sqlmode", () => {
  test("GET /api/v1/ping answers at once, echoing name, with the server time (anyone)", async () => {
    const before = Date.now();
    const r = await call("GET", "/api/v1/ping?name=pro");
    expect(r.status).toBe(200);
    expect(r.json.name).toBe("pro");
    const at = Date.parse(r.json.created_at as string);
    expect(at).toBeGreaterThanOrEqual(before - 1_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1_000);
    expect((await call("GET", "/api/v1/ping")).status).toBe(200);
    const long = await call("GET", `/api/v1/ping?name=${"x".repeat(65)}`);
    expect([long.status, long.text]).toEqual([400, expect.stringContaining("name")]);
  });

  test("PUT /api/v1/sqlmode (the dashboard's 临时设置): staff are answered 200, nothing to set on PostgreSQL", async () => {
    // the dashboard sends the GroupBy env's value as the body; there is none here (PostgreSQL)
    expect((await call("PUT", "/api/v1/sqlmode", undefined, admin)).status).toBe(200);
    expect((await call("PUT", "/api/v1/sqlmode", "", admin)).status).toBe(200);
    expect((await call("PUT", "/api/v1/sqlmode", undefined, alice.token)).status).toBe(403);
    expect((await call("PUT", "/api/v1/sqlmode")).status).toBe(401);
  });
});

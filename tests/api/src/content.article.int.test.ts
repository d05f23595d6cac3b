// ArticleAPI over REST on the real stack: publishing by group flags (enable_article, review by
// enable_article_approval), a punished user refused with the reason, sanitised HTML coming back
// inert, what visitors, authors and staff see, view counts, review, recommend, categories, the
// recycle bin, and the footer's pages seeded on first start.
import { admin, db, plain, stack, useSite } from "./site.fixture.js";
import { registerUser, rest } from "./testing.js";

useSite("writer");

type Article = {
  id: number;
  identifier: string;
  title: string;
  content?: string;
  status?: number;
  user_id: number;
  view_count?: number;
  reject_reason?: string;
  is_recommend?: boolean;
  category_id?: number[];
};
const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);
const post = async (body: Record<string, unknown>, token = plain) => call("POST", "/api/v1/article", body, token);
const get = (query: string, token?: string) => call("GET", `/api/v1/article?${query}`, undefined, token);
const list = async (query: string, token?: string) => {
  const r = await call("GET", `/api/v1/article/list?${query}`, undefined, token);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json as { total: number; article?: Article[] };
};
const ids = (items?: Article[]) => (items ?? []).map((a) => a.id);

/** Sets a flag of the members' default group (the one a registered user joins). */
async function memberGroup(flags: Record<string, boolean>) {
  const groups = (await call("GET", "/api/v1/group/list?size=100", undefined, admin)).json.group as Array<
    Record<string, unknown>
  >;
  const member = groups.find((g) => g.is_default);
  expect(member).toBeDefined();
  const r = await call("PUT", "/api/v1/group", { ...member, ...flags }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
}

test("the footer's pages are seeded as approved articles addressed by identifier", async () => {
  for (const identifier of ["about", "agreement", "contact", "feedback", "copyright"]) {
    const r = await get(`identifier=${identifier}`);
    expect([r.status, r.json.identifier, r.json.status]).toEqual([200, identifier, 1]);
    expect(r.json.content).toMatch(/^<p>/);
  }
});

test("a stored <img onerror>, <script> and javascript: link come back inert", async () => {
  const created = await post({
    title: "XSS",
    content:
      '<p>hi<script>alert(1)</script></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>' +
      '<svg onload=alert(1)></svg><iframe src="https://evil.example"></iframe><img src="/uploads/abc.png">',
  });
  expect([created.status, created.json.message]).toEqual([200, undefined]);
  const got = await get(`id=${created.json.id}`, plain);
  expect(got.status).toBe(200);
  const html = got.json.content as string;
  expect(html).toBe('<p>hi</p><a rel="noopener noreferrer nofollow">x</a><img src="/uploads/abc.png" />');
  expect(html).not.toMatch(/script|onerror|onload|javascript:|iframe|svg/i);
  const stored = await db.article.findUniqueOrThrow({ where: { id: BigInt(created.json.id as number) } });
  expect(stored.content).toBe(html);
});

test("review by group flags: pending for visitors, the author sees it, staff approve it; views counted", async () => {
  // registered members: enable_article with enable_article_approval (the seeded default)
  const r = await post({ title: "待审文章", content: "<p>正文</p>", keywords: "k" });
  expect([r.status, r.json.status]).toEqual([200, 0]);
  const id = r.json.id as number;
  expect((await get(`id=${id}`)).status).toBe(404);
  expect((await get(`id=${id}`, plain)).status).toBe(200);
  expect(ids((await list("size=100")).article)).not.toContain(id);
  const me = (await get(`id=${id}`, plain)).json.user_id as number;
  expect(ids((await list(`user_id=${me}&size=100`, plain)).article)).toContain(id);
  expect(ids((await list(`user_id=${me}&size=100`)).article)).not.toContain(id);

  // an author may not approve their own article
  expect((await call("PUT", "/api/v1/article/check", { article_id: [id], status: 1 }, plain)).status).toBe(403);
  const rejected = await call(
    "PUT",
    "/api/v1/article/check",
    { article_id: [id], status: 2, rejeact_reason: "内容不完整" },
    admin,
  );
  expect(rejected.status).toBe(200);
  expect((await get(`id=${id}`, plain)).json).toMatchObject({ status: 2, reject_reason: "内容不完整" });
  expect((await call("PUT", "/api/v1/article/check", { article_id: [id], status: 1 }, admin)).status).toBe(200);

  const seen = await get(`id=${id}`);
  expect([seen.status, seen.json.reject_reason ?? ""]).toEqual([200, ""]);
  await get(`id=${id}`);
  const rows = (await list("size=100")).article ?? [];
  expect(ids(rows)).toContain(id);
  expect(rows.find((a) => a.id === id)?.content ?? "").toBe(""); // lists carry no HTML
  const stored = await db.article.findUniqueOrThrow({ where: { id: BigInt(id) } });
  expect(stored.viewCount).toBeGreaterThanOrEqual(1);

  // an author's edit under review sends it back to review
  const edit = await call("PUT", "/api/v1/article", { id, title: "改过的", content: "<p>新</p>" }, plain);
  expect([edit.status, edit.json.message]).toEqual([200, undefined]);
  expect((await get(`id=${id}`)).status).toBe(404);
  // and an author may not change its identifier
  const rename = await call(
    "PUT",
    "/api/v1/article",
    { id, title: "t", content: "<p>c</p>", identifier: "mine" },
    plain,
  );
  expect(rename.status).toBe(403);
});

test("groups without enable_article are refused; without approval articles publish at once", async () => {
  await memberGroup({ enable_article: false });
  const refused = await post({ title: "t", content: "<p>c</p>" });
  expect([refused.status, refused.json.message]).toEqual([403, "您所在的用户组不允许发布文章"]);
  await memberGroup({ enable_article: true, enable_article_approval: false });
  const at = await post({ title: "直接发布", content: "<p>c</p>" });
  expect([at.status, at.json.status]).toEqual([200, 1]);
  expect((await get(`id=${at.json.id}`)).status).toBe(200);
  // the author's activity feed links the new article by its identifier
  const feed = await call("GET", "/api/v1/user/dynamic?size=5", undefined, plain);
  expect((feed.json.dynamic as unknown[])[0]).toMatchObject({
    type: 15,
    content: `发布了文章《<a href="/article/${at.json.identifier}">直接发布</a>》`,
  });
  await memberGroup({ enable_article_approval: true });
});

test("a punished user is refused with the punishment's reason", async () => {
  const { token, id } = await registerUser(stack.url, "punished");
  const p = await call(
    "POST",
    "/api/v1/punishment",
    { user_id: [id], type: [6], enable: true, reason: "发布广告" },
    admin,
  );
  expect(p.status).toBe(200);
  const r = await post({ title: "t", content: "<p>c</p>" }, token);
  expect([r.status, r.json.message]).toEqual([403, "您已被禁止发布文章：发布广告"]);
});

test("bad input names the field; only staff choose identifiers, unique ones", async () => {
  expect((await post({ title: " ", content: "<p>c</p>" })).json.message).toBe("文章标题不能为空");
  expect((await post({ title: "t", content: "<script>x</script>" })).json.message).toBe("文章内容不能为空");
  expect((await post({ title: "t", content: "<p>c</p>", identifier: "mine" })).status).toBe(403);
  expect((await post({ title: "t", content: "<p>c</p>", identifier: "12" }, admin)).status).toBe(400);
  expect((await post({ title: "t", content: "<p>c</p>", identifier: "a b" }, admin)).status).toBe(400);
  expect((await post({ title: "t", content: "<p>c</p>", identifier: "about" }, admin)).status).toBe(409);
  const named = await post({ title: "t", content: "<p>c</p>", identifier: "my-page" }, admin);
  expect([named.status, named.json.identifier, named.json.status]).toEqual([200, "my-page", 1]);
  expect((await post({ title: "t", content: "<p>c</p>", category_id: [999999] })).json.message).toBe("文章分类不存在");
  expect((await call("POST", "/api/v1/article", { title: "t", content: "<p>c</p>" })).status).toBe(401);
});

test("categories, recommend, field and paging", async () => {
  const cat = await call("POST", "/api/v1/category", { title: "文章分类A", type: 1, enable: true }, admin);
  expect(cat.status).toBe(200);
  const cats = (await call("GET", "/api/v1/category/list?size=1000&type=1", undefined, admin)).json.category as Array<{
    id: number;
    title: string;
    type: number;
  }>;
  const catId = cats.find((c) => c.title === "文章分类A")?.id;
  expect(catId).toBeDefined();
  const docCat = await call("POST", "/api/v1/category", { title: "文档分类A", type: 0, enable: true }, admin);
  expect(docCat.status).toBe(200);
  const docCatId = (
    (await call("GET", "/api/v1/category/list?size=1000&type=0", undefined, admin)).json.category as Array<{
      id: number;
      title: string;
    }>
  ).find((c) => c.title === "文档分类A")?.id;
  expect(docCatId).toBeDefined();
  const a = (await post({ title: "分类文章", content: "<p>c</p>" }, admin)).json.id as number;
  const b = (await post({ title: "另一篇", content: "<p>c</p>" }, admin)).json.id as number;
  expect(
    (await call("PUT", "/api/v1/article/category", { article_id: [a], category_id: [docCatId] }, admin)).status,
  ).toBe(400);
  const set = await call("PUT", "/api/v1/article/category", { article_id: [a], category_id: [catId] }, admin);
  expect([set.status, set.json.message]).toEqual([200, undefined]);
  expect(ids((await list(`category_id=${catId}`)).article)).toEqual([a]);
  expect((await call("PUT", "/api/v1/article/recommend", { article_id: [b], is_recommend: true }, plain)).status).toBe(
    403,
  );
  expect((await call("PUT", "/api/v1/article/recommend", { article_id: [b], is_recommend: true }, admin)).status).toBe(
    200,
  );
  expect(ids((await list("is_recommend=true")).article)).toEqual([b]);
  const paged = await list("size=1&page=2&field=title");
  expect(paged.article).toHaveLength(1);
  // the fields not asked for come as their zero values (every article here has derived keywords)
  const row = paged.article?.[0] as Article & { keywords?: string };
  expect([typeof row.title, row.title.length > 0, row.identifier.length > 0]).toEqual(["string", true, true]);
  expect([row.keywords ?? "", row.user_id ?? 0]).toEqual(["", 0]);
  expect(paged.total).toBeGreaterThan(2);
  expect((await call("GET", "/api/v1/article/list?order=password", undefined)).status).toBe(400);
});

test("delete to the recycle bin, restore, purge; others' articles and the bin are refused", async () => {
  const mine = (await post({ title: "回收", content: "<p>c</p>" })).json.id as number;
  const other = (await registerUser(stack.url, "other")).token;
  expect((await call("DELETE", `/api/v1/article?id=${mine}`, undefined, other)).status).toBe(404); // pending: unseen
  expect((await call("PUT", "/api/v1/article/check", { article_id: [mine], status: 1 }, admin)).status).toBe(200);
  expect((await call("DELETE", `/api/v1/article?id=${mine}`, undefined, other)).status).toBe(403);
  expect((await call("DELETE", `/api/v1/article?id=${mine}`, undefined, plain)).status).toBe(200);
  expect((await get(`id=${mine}`, plain)).status).toBe(404);
  expect(ids((await list("size=100")).article)).not.toContain(mine);
  expect((await call("GET", "/api/v1/article/recycle/list", undefined, plain)).status).toBe(403);
  const bin = await call("GET", "/api/v1/article/recycle/list?size=100", undefined, admin);
  expect(ids(bin.json.article as Article[])).toContain(mine);

  expect((await call("POST", "/api/v1/article/recycle/restore", { id: [mine] }, admin)).status).toBe(200);
  expect((await get(`id=${mine}`)).status).toBe(200);
  expect((await call("DELETE", `/api/v1/article?id=${mine}`, undefined, admin)).status).toBe(200);
  expect((await call("DELETE", `/api/v1/article/recycle?id=${mine}`, undefined, admin)).status).toBe(200);
  expect(await db.article.count({ where: { id: BigInt(mine) } })).toBe(0);

  const again = (await post({ title: "清空", content: "<p>c</p>" }, admin)).json.id as number;
  expect((await call("DELETE", `/api/v1/article?id=${again}`, undefined, admin)).status).toBe(200);
  expect((await call("DELETE", "/api/v1/article/recycle/empty", undefined, admin)).status).toBe(200);
  expect(await db.article.count({ where: { deletedAt: { not: null } } })).toBe(0);
});

test("an article category counts its approved articles out of the bin, and refuses deletion while it holds any", async () => {
  for (const title of ["计数分类", "计数分类二"]) {
    const created = await call("POST", "/api/v1/category", { title, type: 1, enable: true }, admin);
    expect(created.status).toBe(200);
  }
  const categories = (await call("GET", "/api/v1/category/list?size=1000&type=1", undefined, admin)).json
    .category as Array<{ id: number; title: string }>;
  const catId = categories.find((c) => c.title === "计数分类")?.id as number;
  const otherId = categories.find((c) => c.title === "计数分类二")?.id as number;
  const countOf = async (id: number) =>
    ((await call("GET", `/api/v1/category?id=${id}`, undefined, admin)).json.doc_count as number | undefined) ?? 0;
  const count = () => countOf(catId);

  const approved = (await post({ title: "计数一", content: "<p>c</p>", category_id: [catId] }, admin)).json.id;
  const pending = (await post({ title: "计数二", content: "<p>c</p>", category_id: [catId] })).json;
  expect(pending.status).toBe(0); // the member's group reviews articles: pending does not count
  expect(await count()).toBe(1);
  expect((await call("PUT", "/api/v1/article/check", { article_id: [pending.id], status: 1 }, admin)).status).toBe(200);
  expect(await count()).toBe(2);
  expect((await call("DELETE", `/api/v1/article?id=${approved}`, undefined, admin)).status).toBe(200);
  expect(await count()).toBe(1);
  expect((await call("POST", "/api/v1/article/recycle/restore", { id: [approved] }, admin)).status).toBe(200);
  expect(await count()).toBe(2);
  const moved = await call(
    "PUT",
    "/api/v1/article/category",
    { article_id: [approved], category_id: [otherId] },
    admin,
  );
  expect(moved.status).toBe(200);
  expect([await count(), await countOf(otherId)]).toEqual([1, 1]);
  // The editor sends the whole form: an edit that leaves no category takes the article out of all.
  const edited = await call("PUT", "/api/v1/article", { id: approved, title: "计数一", content: "<p>c</p>" }, admin);
  expect(edited.status).toBe(200);
  expect((await call("GET", `/api/v1/article?id=${approved}`, undefined, admin)).json.category_id ?? []).toEqual([]);
  expect(await countOf(otherId)).toBe(0);

  const refused = await call("DELETE", `/api/v1/category?id=${catId}`, undefined, admin);
  expect([refused.status, refused.json.message]).toEqual([
    400,
    "分类「计数分类」下还有文章（含回收站中的文章），请先移走文章",
  ]);
});

test("related articles: the same category's first, then others; never itself, only approved", async () => {
  const made = await call("POST", "/api/v1/category", { title: "相关分类", type: 1, enable: true }, admin);
  expect(made.status).toBe(200);
  const cats = (await call("GET", "/api/v1/category/list?size=1000&type=1", undefined, admin)).json.category;
  const catId = (cats as Array<{ id: number; title: string }>).find((c) => c.title === "相关分类")?.id;
  const inCat = async (title: string, token = admin) =>
    (await post({ title, content: "<p>c</p>", category_id: [catId] }, token)).json as Article;
  const older = await inCat("同类旧文");
  const self = await inCat("本文");
  const pending = await inCat("同类待审", plain); // the member's group reviews articles
  expect(pending.status).toBe(0);
  const newer = (await post({ title: "别类新文", content: "<p>c</p>" }, admin)).json.id as number; // no category, newest
  const r = await call("GET", `/api/v1/article/related?id=${self.id}`);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  const related = ids(r.json.article as Article[]);
  expect(related[0]).toBe(older.id); // the one sharing the category leads, though older
  expect(related).toContain(newer); // then the newest others
  expect(related).not.toContain(self.id);
  expect(related).not.toContain(pending.id);
  expect(related.length).toBeLessThanOrEqual(10);
  // by identifier too; a pending article's related list is not for visitors
  expect(
    ids((await call("GET", `/api/v1/article/related?identifier=${self.identifier}`)).json.article as Article[])[0],
  ).toBe(older.id);
  expect((await call("GET", `/api/v1/article/related?id=${pending.id}`)).status).toBe(404);
});

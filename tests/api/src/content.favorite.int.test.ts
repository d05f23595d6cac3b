// FavoriteAPI over REST on the real stack (both transports): documents and articles, public targets
// only (not even their owner's or staff's hidden ones), one favorite per user and target even under concurrency, removal of one's own only, the
// targets' favorite_count through removals, the recycle bin and restores, the caller's list and
// GetFavorite (an empty favorite when there is none), the no-favorite punishment refused with its reason, and the profile's counts.
import {
  admin,
  alice,
  attachment,
  bob,
  call,
  carol,
  category,
  createDocs,
  db,
  register,
  setupDocumentSite,
} from "./documents.fixture.js";

setupDocumentSite();

type Favorite = { id: number; document_id: number; title: string; type?: number; document_uuid: string };
const favorite = (body: Record<string, unknown>, token: string) => call("POST", "/api/v1/favorite", body, token);
const mine = async (token: string, query = "") => {
  const r = await call("GET", `/api/v1/favorite/list?size=100${query}`, undefined, token);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json as { total: number; favorite?: Favorite[] };
};
/** GetFavorite without a favorite: 200 and an empty favorite (id 0), as moredoc answers, not a 404. */
const notFavorited = async (path: string, token: string) => {
  const r = await call("GET", path, undefined, token);
  return r.status === 200 && !r.json.id;
};
const docCount = async (id: number) =>
  (await db.document.findUniqueOrThrow({ where: { id: BigInt(id) } })).favoriteCount;
const profile = async (userId: number) =>
  (await call("GET", `/api/v1/user?id=${userId}`)).json as {
    favorite_count?: number;
    article_count?: number;
    doc_count?: number;
  };

async function doc(owner: { token: string; id: number }, title: string): Promise<number> {
  const [d] = await createDocs(owner, {
    category_id: [await category(`收藏分类${title}`)],
    document: [{ attachment_id: await attachment(owner.id), title }],
  });
  return Number(d?.id);
}

async function article(title: string): Promise<{ id: number; identifier: string }> {
  const r = await call("POST", "/api/v1/article", { title, content: "<p>正文</p>" }, admin); // staff: approved
  expect([r.status, r.json.status]).toEqual([200, 1]);
  return { id: r.json.id as number, identifier: r.json.identifier as string };
}

test("favorite a document once (ten concurrent requests), find it with its title, remove it", async () => {
  const id = await doc(alice, "收藏的文档");
  const user = await register("favconcurrent");
  const replies = await Promise.all(Array.from({ length: 10 }, () => favorite({ document_id: id }, user.token)));
  expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
  expect(new Set(replies.map((r) => r.json.id)).size).toBe(1); // the same favorite every time
  expect(replies[0]?.json).toMatchObject({ document_id: id, title: "收藏的文档", user_id: user.id });
  expect(await docCount(id)).toBe(1);
  expect(await db.favorite.count({ where: { userId: BigInt(user.id) } })).toBe(1);

  const list = await mine(user.token);
  expect([list.total, list.favorite?.map((f) => [f.document_id, f.title])]).toEqual([1, [[id, "收藏的文档"]]]);
  expect(list.favorite?.[0]?.document_uuid).toMatch(/^[0-9a-f]{16}$/);
  const got = await call("GET", `/api/v1/favorite?document_id=${id}`, undefined, user.token);
  expect([got.status, got.json.id]).toEqual([200, replies[0]?.json.id]);
  // bob has not favorited it
  expect(await notFavorited(`/api/v1/favorite?document_id=${id}`, bob.token)).toBe(true);

  // the activity feed links the document
  const feed = await call("GET", "/api/v1/user/dynamic?size=5", undefined, user.token);
  const [latest] = feed.json.dynamic as Array<{ type: number; content: string; params?: Record<string, string> }>;
  expect(latest?.content).toContain("收藏的文档");
  // beside the zh-CN line: its type (2, favorite) and what a client words it from, in its own language
  const uuid = list.favorite?.[0]?.document_uuid;
  expect([latest?.type, latest?.params]).toEqual([2, { kind: "document", ref: uuid, title: "收藏的文档" }]);
  expect(latest?.content).toBe(`收藏了文档《<a href="/document/${uuid}">收藏的文档</a>》`);

  // another user's favorite cannot be removed; one's own can, once
  const favId = replies[0]?.json.id as number;
  expect((await call("DELETE", `/api/v1/favorite?id=${favId}`, undefined, bob.token)).status).toBe(404);
  expect(await docCount(id)).toBe(1);
  const removals = await Promise.all(
    Array.from({ length: 5 }, () => call("DELETE", `/api/v1/favorite?id=${favId}`, undefined, user.token)),
  );
  expect(removals.map((r) => r.status).sort()).toEqual([200, 404, 404, 404, 404]);
  expect(await docCount(id)).toBe(0);
  expect((await mine(user.token)).total).toBe(0);
  expect(await notFavorited(`/api/v1/favorite?document_id=${id}`, user.token)).toBe(true);
});

test("counts stay right through several users, a removal, the recycle bin and a restore", async () => {
  const id = await doc(alice, "回收的收藏");
  const users = await Promise.all(["favr1", "favr2", "favr3"].map((u) => register(u)));
  for (const u of users) expect((await favorite({ document_id: id }, u.token)).status).toBe(200);
  expect(await docCount(id)).toBe(3);
  const [u1, u2] = users as [(typeof users)[0], (typeof users)[0]];
  const f1 = (await mine(u1.token)).favorite?.[0]?.id;
  expect((await call("DELETE", `/api/v1/favorite?id=${f1}`, undefined, u1.token)).status).toBe(200);
  expect(await docCount(id)).toBe(2);
  expect((await profile(u2.id)).favorite_count).toBe(1);

  // in the recycle bin: out of the lists and the profile's count, the document's count kept
  expect((await call("DELETE", `/api/v1/document?id=${id}`, undefined, alice.token)).status).toBe(200);
  expect((await mine(u2.token)).total).toBe(0);
  expect((await profile(u2.id)).favorite_count ?? 0).toBe(0);
  expect(await notFavorited(`/api/v1/favorite?document_id=${id}`, u2.token)).toBe(true);
  expect((await favorite({ document_id: id }, u1.token)).status).toBe(404); // a recycled document is hidden
  expect(await docCount(id)).toBe(2);

  // restored: back, counts unchanged
  expect((await call("PUT", "/api/v1/document/recycle", { id: [id] }, admin)).status).toBe(200);
  expect((await mine(u2.token)).favorite?.map((f) => f.document_id)).toEqual([id]);
  expect((await profile(u2.id)).favorite_count).toBe(1);
  expect(await docCount(id)).toBe(2);

  // purged: the favorites go with it
  expect((await call("DELETE", `/api/v1/document?id=${id}`, undefined, alice.token)).status).toBe(200);
  expect((await call("DELETE", `/api/v1/document/recycle?id=${id}`, undefined, admin)).status).toBe(200);
  expect(await db.favorite.count({ where: { documentId: BigInt(id) } })).toBe(0);
  expect((await mine(u2.token)).total).toBe(0);
});

test("articles: favorited by type, listed apart from documents, counted on the article", async () => {
  const a = await article("收藏的文章");
  const user = await register("favarticle");
  const r = await favorite({ document_id: a.id, type: 1 }, user.token);
  expect([r.status, r.json.type, r.json.title, r.json.document_uuid]).toEqual([200, 1, "收藏的文章", a.identifier]);
  expect((await db.article.findUniqueOrThrow({ where: { id: BigInt(a.id) } })).favoriteCount).toBe(1);
  expect((await mine(user.token, "&type=1")).favorite?.map((f) => f.document_id)).toEqual([a.id]);
  expect((await mine(user.token)).total).toBe(0); // moredoc's request (no type): documents
  expect((await call("GET", `/api/v1/favorite?document_id=${a.id}&type=1`, undefined, user.token)).status).toBe(200);
  expect(await notFavorited(`/api/v1/favorite?document_id=${a.id}`, user.token)).toBe(true);
  expect((await profile(user.id)).favorite_count).toBe(1);
  expect((await call("DELETE", `/api/v1/favorite?id=${r.json.id}`, undefined, user.token)).status).toBe(200);
  expect((await db.article.findUniqueOrThrow({ where: { id: BigInt(a.id) } })).favoriteCount).toBe(0);
});

test("hidden documents and articles cannot be favorited; bad ids are refused", async () => {
  const [pending] = await createDocs(carol, {
    category_id: [await category("待审收藏分类")],
    document: [{ attachment_id: await attachment(carol.id), title: "待审核的" }],
  });
  const r = await favorite({ document_id: Number(pending?.id) }, bob.token);
  expect([r.status, r.json.message]).toEqual([404, "文档不存在"]);
  // a pending article (a member's, reviewed by default) is hidden from others
  const draft = await call("POST", "/api/v1/article", { title: "待审文章", content: "<p>x</p>" }, alice.token);
  expect([draft.status, draft.json.status]).toEqual([200, 0]);
  const ra = await favorite({ document_id: draft.json.id, type: 1 }, bob.token);
  expect([ra.status, ra.json.message]).toEqual([404, "文章不存在"]);
  // nor by their owner or staff, who can open them (public targets only, as comments)
  for (const token of [carol.token, admin])
    expect((await favorite({ document_id: Number(pending?.id) }, token)).json.message).toBe("文档不存在");
  for (const token of [alice.token, admin])
    expect((await favorite({ document_id: draft.json.id, type: 1 }, token)).json.message).toBe("文章不存在");
  expect(await db.favorite.count({ where: { documentId: pending?.id } })).toBe(0);
  expect(await db.favorite.count({ where: { articleId: BigInt(draft.json.id as number) } })).toBe(0);
  // once approved, its author may
  expect((await call("PUT", "/api/v1/article/check", { article_id: [draft.json.id], status: 1 }, admin)).status).toBe(
    200,
  );
  expect((await favorite({ document_id: draft.json.id, type: 1 }, alice.token)).status).toBe(200);
  expect((await favorite({ document_id: 99_999_999 }, bob.token)).status).toBe(404);
  const bad = await favorite({ document_id: 0 }, bob.token);
  expect([bad.status, bad.json.message]).toEqual([400, "请选择要收藏的文档"]);
  expect((await call("DELETE", "/api/v1/favorite", undefined, bob.token)).status).toBe(400);
  expect((await favorite({ document_id: 1 }, "")).status).toBe(401);
  expect((await call("GET", "/api/v1/favorite/list")).status).toBe(401);
});

test("a user punished with no-favorite (5) or disable (1) is refused with the reason; removal still works", async () => {
  const id = await doc(alice, "禁止收藏的文档");
  const user = await register("favpunished");
  const before = await favorite({ document_id: id }, user.token);
  expect(before.status).toBe(200);
  const p = await call(
    "POST",
    "/api/v1/punishment",
    { user_id: [user.id], type: [5], enable: true, reason: "刷收藏" },
    admin,
  );
  expect(p.status).toBe(200);
  const other = await doc(alice, "另一篇");
  const r = await favorite({ document_id: other }, user.token);
  expect([r.status, r.json.message]).toEqual([403, "您已被禁止收藏：刷收藏"]);
  expect(await docCount(other)).toBe(0);
  expect((await call("DELETE", `/api/v1/favorite?id=${before.json.id}`, undefined, user.token)).status).toBe(200);

  const disabled = await register("favdisabled");
  const d = await call(
    "POST",
    "/api/v1/punishment",
    { user_id: [disabled.id], type: [1], enable: true, reason: "违规" },
    admin,
  );
  expect(d.status).toBe(200);
  // a disabled account's sessions end at once: nothing it asks for goes through
  const refused = await favorite({ document_id: other }, disabled.token);
  expect([refused.status, refused.json.message]).toEqual([401, "登录已失效，请重新登录"]);
  expect(await docCount(other)).toBe(0);
});

test("the profile's counts: its owner (and staff) see all, others what everyone may see", async () => {
  const user = await register("favcounts");
  const d = await doc(user, "我的文档");
  const a = await call("POST", "/api/v1/article", { title: "我的文章", content: "<p>x</p>" }, user.token);
  expect([a.status, a.json.status]).toEqual([200, 0]); // members' articles wait for review
  expect((await favorite({ document_id: d }, user.token)).status).toBe(200);
  const asSeenBy = async (id: number, token?: string) =>
    (await call("GET", `/api/v1/user?id=${id}`, undefined, token)).json as Awaited<ReturnType<typeof profile>>;
  const own = { doc_count: 1, article_count: 1, favorite_count: 1 };
  expect((await call("GET", "/api/v1/user", undefined, user.token)).json).toMatchObject(own);
  expect(await asSeenBy(user.id, admin)).toMatchObject(own);
  // a visitor and another member: the pending article is not theirs to see
  for (const token of [undefined, bob.token])
    expect(await asSeenBy(user.id, token)).toMatchObject({ doc_count: 1, favorite_count: 1 });
  expect((await profile(user.id)).article_count ?? 0).toBe(0);
  expect(((await asSeenBy(user.id, bob.token)).article_count ?? 0) as number).toBe(0);
  // approved: counted for everyone
  expect((await call("PUT", "/api/v1/article/check", { article_id: [a.json.id], status: 1 }, admin)).status).toBe(200);
  expect((await profile(user.id)).article_count).toBe(1);

  // carol's uploads wait for review: her own count has them, a visitor's does not
  await doc(carol, "待审的计数");
  const live = { userId: BigInt(carol.id), deletedAt: null };
  const all = await db.document.count({ where: live });
  const shown = await db.document.count({ where: { ...live, status: { in: [0, 1, 2, 5] } } }); // public statuses
  expect(all).toBeGreaterThan(shown);
  expect((await call("GET", "/api/v1/user", undefined, carol.token)).json.doc_count).toBe(all);
  expect((await profile(carol.id)).doc_count ?? 0).toBe(shown);
});

test("another user's activity feed shows what they commented on and favorited; one's own shows all", async () => {
  const user = await register("favfeed");
  await doc(user, "动态里的上传");
  const other = await doc(alice, "动态里的收藏");
  expect((await favorite({ document_id: other }, user.token)).status).toBe(200);
  const feed = async (query: string, token?: string) => {
    const r = await call("GET", `/api/v1/user/dynamic?size=20${query}`, undefined, token);
    expect([r.status, r.json.message]).toEqual([200, undefined]);
    return ((r.json.dynamic ?? []) as Array<{ content: string; user_id: number }>).map((d) => d.content);
  };
  const own = await feed("", user.token);
  expect(own.some((c) => c.startsWith("上传了文档《") && c.includes("动态里的上传"))).toBe(true);
  expect(own[0]).toContain("收藏了文档《"); // newest first
  expect(await feed(`&id=${user.id}`, user.token)).toEqual(own);
  for (const token of [undefined, bob.token]) {
    const shown = await feed(`&id=${user.id}`, token);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain("动态里的收藏");
  }
  expect((await call("GET", "/api/v1/user/dynamic")).status).toBe(400); // a visitor names whose feed
  expect((await call("GET", "/api/v1/user/dynamic?id=99999999")).status).toBe(404);
});

// CommentAPI over REST on the real stack (WENKU_TEST_TRANSPORT=grpc: the services talk gRPC): comments on
// visible documents and approved articles only, replies on the same target, plain text (HTML comes back as
// the text typed), the user service's rule (group flags, approval → pending, punishments with their reason),
// the captcha and the interval from the settings, counts on the targets and parents after review, delete,
// recycle and restore, the public thread, the staff list, and who may do what.
import { admin, alice, attachment, bob, call, db, register, setupDocumentSite, stack } from "./documents.fixture.js";

setupDocumentSite();

type Comment = {
  id: number;
  parent_id?: number;
  content: string;
  document_id: number;
  status?: number;
  comment_count?: number;
  user_id: number;
  document_title?: string;
  document_uuid?: string;
  type?: number;
  username?: string;
};

async function setSecurity(name: string, value: string) {
  const r = await call("PUT", "/api/v1/config", { config: [{ category: "security", name, value }] }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
}

/** Sets flags of the members' default group (the one registered users join). */
async function memberGroup(flags: Record<string, boolean>) {
  const groups = (await call("GET", "/api/v1/group/list?size=100", undefined, admin)).json.group as Array<
    Record<string, unknown>
  >;
  const member = groups.find((g) => g.is_default);
  const r = await call("PUT", "/api/v1/group", { ...member, ...flags }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
}

let docSeq = 0;
/** A document of alice's, converted (public) unless another status is given. */
async function document(status = 2) {
  docSeq++;
  const a = await db.attachment.findUniqueOrThrow({ where: { id: BigInt(await attachment(alice.id)) } });
  const d = await db.document.create({
    data: { title: `评论文档${docSeq}`, userId: BigInt(alice.id), attachmentHash: a.hash, ext: ".pdf", status },
  });
  return Number(d.id);
}

async function article(status = 1) {
  docSeq++;
  const a = await db.article.create({
    data: { title: `评论文章${docSeq}`, userId: BigInt(alice.id), content: "<p>x</p>", status },
  });
  return { id: Number(a.id), identifier: a.identifier };
}

const post = (body: Record<string, unknown>, token: string | undefined) => call("POST", "/api/v1/comment", body, token);
const ok = async (body: Record<string, unknown>, token: string) => {
  const r = await post(body, token);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
};
const list = async (query: string, token?: string) => {
  const r = await call("GET", `/api/v1/comment/list?${query}`, undefined, token);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return { total: Number(r.json.total ?? 0), comment: (r.json.comment ?? []) as Comment[] };
};
const texts = (cs: Comment[]) => cs.map((c) => c.content);
const docCount = async (id: number) =>
  (await db.document.findUniqueOrThrow({ where: { id: BigInt(id) } })).commentCount;
const commentCount = async (id: number) =>
  (await db.comment.findUniqueOrThrow({ where: { id: BigInt(id) } })).commentCount;
/** The newest comment of a user (CreateComment answers Empty, like moredoc). */
const newest = async (userId: number) =>
  Number((await db.comment.findFirstOrThrow({ where: { userId: BigInt(userId) }, orderBy: { id: "desc" } })).id);

beforeAll(async () => {
  await setSecurity("comment_interval", "0");
  await memberGroup({ enable_comment: true, enable_comment_approval: false });
});

test("comments and replies on a document: plain text, newest first with replies, counts, the activity feed", async () => {
  const doc = await document();
  const posted = await post({ document_id: doc, content: "  <script>alert(1)</script><b>第一</b>  \r\n" }, alice.token);
  const first = await newest(alice.id);
  // The answer names the comment and says it does not wait for review (moredoc answered {}: fields added).
  expect(posted.json).toEqual({ id: first, pending: false });
  await ok({ document_id: doc, content: "第二" }, bob.token);
  await ok({ document_id: doc, content: "回复第一", parent_id: first }, bob.token);
  const reply = await newest(bob.id);

  const t = await list(`document_id=${doc}`);
  expect(t.total).toBe(2); // top-level comments
  expect(texts(t.comment)).toEqual(["第二", "<script>alert(1)</script><b>第一</b>", "回复第一"]);
  expect(t.comment[2]).toMatchObject({ id: reply, parent_id: first, status: 1, username: "docbob" });
  expect(t.comment[1]).toMatchObject({ comment_count: 1, user_id: alice.id, type: 0 });
  expect(await docCount(doc)).toBe(3);
  expect(await commentCount(first)).toBe(1);

  // a reply to a reply stays in the thread; paging pages the top-level comments
  await ok({ document_id: doc, content: "再回复", parent_id: reply }, alice.token);
  const p2 = await list(`document_id=${doc}&size=1&page=2`);
  expect([p2.total, texts(p2.comment)]).toEqual([2, ["<script>alert(1)</script><b>第一</b>", "回复第一", "再回复"]]);

  const feed = await call("GET", "/api/v1/user/dynamic?size=5", undefined, alice.token);
  expect(String((feed.json.dynamic as Array<{ content: string }>)[0]?.content)).toContain("评论文档");
});

test("content: trimmed, not empty, at most 1000 characters, control characters dropped", async () => {
  const doc = await document();
  for (const content of ["", "   \n\t "]) {
    const r = await post({ document_id: doc, content }, alice.token);
    expect([r.status, r.json.message]).toEqual([400, "评论内容不能为空"]);
  }
  const long = await post({ document_id: doc, content: "长".repeat(1001) }, alice.token);
  expect([long.status, long.json.message]).toEqual([400, "评论内容不能超过1000个字符"]);
  await ok({ document_id: doc, content: "长".repeat(1000) }, alice.token);
  await ok({ document_id: doc, content: "a\u0007b\u001bc\u007f" }, alice.token);
  expect(texts((await list(`document_id=${doc}`)).comment)[0]).toBe("abc");
});

test("hidden, pending, disabled, recycled and missing documents take no comments; visitors must sign in", async () => {
  for (const status of [6, 7, 4, 3]) {
    const r = await post({ document_id: await document(status), content: "x" }, bob.token);
    expect([r.status, r.json.message]).toEqual([404, "文档不存在"]);
  }
  const recycled = await document();
  expect((await call("DELETE", `/api/v1/document?id=${recycled}`, undefined, alice.token)).status).toBe(200);
  expect((await post({ document_id: recycled, content: "x" }, bob.token)).status).toBe(404);
  expect((await post({ document_id: 99_999_999, content: "x" }, bob.token)).status).toBe(404);
  expect((await post({ document_id: await document(), content: "x" }, undefined)).status).toBe(401);
  // a hidden document's thread is not shown to visitors either; its owner and staff see it
  const hidden = await document(6);
  expect((await call("GET", `/api/v1/comment/list?document_id=${hidden}`)).status).toBe(404);
  expect((await call("GET", `/api/v1/comment/list?document_id=${hidden}`, undefined, alice.token)).status).toBe(200);
  expect((await call("GET", `/api/v1/comment/list?document_id=${hidden}`, undefined, admin)).status).toBe(200);
});

test("articles: approved only (type ARTICLE), counted on the article; replies stay on their target", async () => {
  const a = await article();
  await ok({ document_id: a.id, type: 1, content: "文章评论" }, bob.token);
  const c = await newest(bob.id);
  const t = await list(`document_id=${a.id}&type=1`);
  expect(t.comment[0]).toMatchObject({ id: c, type: 1, document_uuid: a.identifier });
  expect((await db.article.findUniqueOrThrow({ where: { id: BigInt(a.id) } })).commentCount).toBe(1);

  for (const status of [0, 2]) {
    const r = await post({ document_id: (await article(status)).id, type: 1, content: "x" }, bob.token);
    expect([r.status, r.json.message]).toEqual([404, "文章不存在"]);
  }
  // the same id as a document is another target: the reply's parent is not on it
  const doc = await document();
  const wrong = await post({ document_id: doc, content: "x", parent_id: c }, bob.token);
  expect([wrong.status, wrong.json.message]).toEqual([404, "要回复的评论不存在"]);
  expect((await post({ document_id: a.id, type: 1, content: "x", parent_id: 99_999_999 }, bob.token)).status).toBe(404);
});

test("approval groups post pending comments: not counted, shown to their author only, until approved", async () => {
  await memberGroup({ enable_comment_approval: true });
  try {
    const doc = await document();
    const posted = await post({ document_id: doc, content: "待审评论" }, bob.token);
    const id = await newest(bob.id);
    // The page tells the author it waits for review from this answer.
    expect(posted.json).toEqual({ id, pending: true });
    expect(await docCount(doc)).toBe(0);
    expect(texts((await list(`document_id=${doc}`)).comment)).toEqual([]);
    expect(texts((await list(`document_id=${doc}`, alice.token)).comment)).toEqual([]);
    expect((await list(`document_id=${doc}`, bob.token)).comment).toMatchObject([{ id, status: 0 }]);
    // nobody replies to a comment they cannot see
    expect((await post({ document_id: doc, content: "x", parent_id: id }, alice.token)).status).toBe(404);

    expect((await call("POST", "/api/v1/comment/check", { id: [id], status: 1 }, bob.token)).status).toBe(403);
    expect((await call("POST", "/api/v1/comment/check", { id: [id], status: 1 }, admin)).status).toBe(200);
    expect(await docCount(doc)).toBe(1);
    expect((await list(`document_id=${doc}`)).comment).toMatchObject([{ id, status: 1 }]);
    expect((await call("POST", "/api/v1/comment/check", { id: [id], status: 2 }, admin)).status).toBe(200);
    expect(await docCount(doc)).toBe(0);
    expect((await list(`document_id=${doc}`)).comment).toEqual([]);
    const bad = await call("POST", "/api/v1/comment/check", { id: [id], status: 7 }, admin);
    expect([bad.status, bad.json.message]).toEqual([400, "参数 status 的值 7 无效，可选：0、1、2"]); // not a ReviewStatus
  } finally {
    await memberGroup({ enable_comment_approval: false });
  }
});

test("a group without enable_comment and a punished user are refused with the reason", async () => {
  const doc = await document();
  await memberGroup({ enable_comment: false });
  const refused = await post({ document_id: doc, content: "x" }, bob.token);
  await memberGroup({ enable_comment: true });
  expect(refused.status).toBe(403);
  expect(refused.json.message).toMatch(/评论/);

  const { token, id } = await register("cmtpunished");
  const p = await call(
    "POST",
    "/api/v1/punishment",
    { user_id: [id], type: [2], enable: true, reason: "恶意灌水" },
    admin,
  );
  expect([p.status, p.json.message]).toEqual([200, undefined]);
  const r = await post({ document_id: doc, content: "x" }, token);
  expect(r.status).toBe(403);
  expect(r.json.message).toContain("恶意灌水");
  expect(await docCount(doc)).toBe(0);
});

test("security.comment_interval: the second comment too soon is refused with the seconds left, also when sent at once", async () => {
  const doc = await document();
  const [first, second] = [await register("cmtfast1"), await register("cmtfast2")];
  await setSecurity("comment_interval", "60");
  try {
    await ok({ document_id: doc, content: "第一条" }, first.token);
    const r = await post({ document_id: doc, content: "第二条" }, first.token);
    expect(r.status).toBe(429);
    expect(r.json.message).toMatch(/^评论太频繁了，请(59|60)秒后再发表评论$/);
    // another user is not held up; two comments of one user sent together: one passes
    const [x, y] = await Promise.all([
      post({ document_id: doc, content: "并发一" }, second.token),
      post({ document_id: doc, content: "并发二" }, second.token),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 429]);
    expect(await db.comment.count({ where: { userId: BigInt(second.id) } })).toBe(1);
  } finally {
    await setSecurity("comment_interval", "0");
  }
  await ok({ document_id: doc, content: "第三条" }, first.token);
});

test("security.enable_captcha_comment: required, single use, right answer passes; off: none needed", async () => {
  const doc = await document();
  await setSecurity("enable_captcha_comment", "true");
  try {
    const none = await post({ document_id: doc, content: "x" }, bob.token);
    expect([none.status, none.json.message]).toEqual([400, "请输入验证码"]);
    const c1 = await call("GET", "/api/v1/user/captcha?type=comment");
    expect(c1.json.enable).toBe(true);
    const wrong = await post({ document_id: doc, content: "x", captcha_id: c1.json.id, captcha: "nope" }, bob.token);
    expect([wrong.status, wrong.json.message]).toEqual([400, "验证码错误或已过期，请重新获取"]);
    const answerOf = async (id: unknown) =>
      (
        await db.$queryRawUnsafe<{ answer: string }[]>("SELECT answer FROM wenku_user.captchas WHERE id = $1::uuid", id)
      )[0]?.answer;
    // a captcha another client asked for (its own random id) is refused, right answer or not
    const elsewhere = (await (
      await fetch(`${stack.url}/api/v1/user/captcha?type=comment`, {
        headers: { "x-wenku-client-nonce": "another-browser-0123456789" },
      })
    ).json()) as { id: string };
    const stolen = await post(
      { document_id: doc, content: "x", captcha_id: elsewhere.id, captcha: await answerOf(elsewhere.id) },
      bob.token,
    );
    expect([stolen.status, stolen.json.message]).toEqual([400, "验证码错误或已过期，请重新获取"]);
    const c2 = await call("GET", "/api/v1/user/captcha?type=comment");
    const row = { answer: await answerOf(c2.json.id) };
    await ok({ document_id: doc, content: "有验证码", captcha_id: c2.json.id, captcha: row?.answer }, bob.token);
    const again = await post(
      { document_id: doc, content: "x", captcha_id: c2.json.id, captcha: row?.answer },
      bob.token,
    );
    expect(again.status).toBe(400);
  } finally {
    await setSecurity("enable_captcha_comment", "false");
  }
  expect((await call("GET", "/api/v1/user/captcha?type=comment")).json.enable).toBe(false);
  await ok({ document_id: doc, content: "无需验证码" }, bob.token);
  expect(await docCount(doc)).toBe(2);
});

test("delete: authors their own, staff any (batch); a parent takes its replies; counts follow", async () => {
  const doc = await document();
  await ok({ document_id: doc, content: "父评论" }, alice.token);
  const parent = await newest(alice.id);
  await ok({ document_id: doc, content: "子评论", parent_id: parent }, bob.token);
  const child = await newest(bob.id);
  await ok({ document_id: doc, content: "另一条" }, bob.token);
  const other = await newest(bob.id);
  expect(await docCount(doc)).toBe(3);

  const notMine = await call("DELETE", `/api/v1/comment?id=${parent}`, undefined, bob.token);
  expect([notMine.status, notMine.json.message]).toEqual([403, "只能删除自己发表的评论"]);
  expect((await call("DELETE", `/api/v1/comment?id=${child}`, undefined, bob.token)).status).toBe(200);
  expect([await docCount(doc), await commentCount(parent)]).toEqual([2, 0]);

  await ok({ document_id: doc, content: "新回复", parent_id: parent }, bob.token);
  expect(await docCount(doc)).toBe(3);
  expect((await call("DELETE", `/api/v1/comment?id=${parent}`, undefined, alice.token)).status).toBe(200);
  expect(await db.comment.count({ where: { documentId: BigInt(doc) } })).toBe(1); // the reply went with it
  expect(await docCount(doc)).toBe(1);

  await ok({ document_id: doc, content: "再一条" }, alice.token);
  const mine = await newest(alice.id);
  expect((await call("DELETE", `/api/v1/comment?id=${other}&id=${mine}`, undefined, admin)).status).toBe(200);
  expect(await docCount(doc)).toBe(0);
  expect((await call("DELETE", `/api/v1/comment?id=${mine}`, undefined, admin)).status).toBe(404);
  expect((await call("DELETE", `/api/v1/comment?id=${mine}`)).status).toBe(401);
});

test("a recycled document keeps its comments and count; restored, they are back; purged, they are gone", async () => {
  const doc = await document();
  await ok({ document_id: doc, content: "保留" }, bob.token);
  await ok({ document_id: doc, content: "也保留" }, alice.token);
  expect((await call("DELETE", `/api/v1/document?id=${doc}`, undefined, alice.token)).status).toBe(200);
  expect((await call("GET", `/api/v1/comment/list?document_id=${doc}`)).status).toBe(404);
  expect(await docCount(doc)).toBe(2);
  // nor do its comments or title show in lists across targets or by parent, except to staff
  const kept = await db.comment.findFirstOrThrow({ where: { documentId: BigInt(doc), content: "保留" } });
  for (const token of [undefined, bob.token]) {
    const across = await list("with_document_title=true&size=50", token);
    expect(texts(across.comment)).not.toContain("保留");
    expect(across.comment.map((c) => c.document_id)).not.toContain(doc);
    expect((await call("GET", `/api/v1/comment/list?parent_id=${kept.id}`, undefined, token)).status).toBe(404);
  }
  expect(texts((await list("with_document_title=true&size=100", admin)).comment)).toContain("保留");
  expect((await call("PUT", "/api/v1/document/recycle", { id: [doc] }, admin)).status).toBe(200);
  expect(texts((await list(`document_id=${doc}`)).comment)).toEqual(["也保留", "保留"]);
  expect(await docCount(doc)).toBe(2);

  expect((await call("DELETE", `/api/v1/document?id=${doc}`, undefined, admin)).status).toBe(200);
  expect((await call("DELETE", `/api/v1/document/recycle?id=${doc}`, undefined, admin)).status).toBe(200);
  expect(await db.comment.count({ where: { documentId: BigInt(doc) } })).toBe(0);
});

test("staff list: filters by status, type, wd and user with titles; members see approved and their own", async () => {
  const doc = await document();
  const a = await article();
  await ok({ document_id: doc, content: "员工筛选甲" }, alice.token);
  await ok({ document_id: a.id, type: 1, content: "员工筛选乙" }, bob.token);
  await memberGroup({ enable_comment_approval: true });
  await ok({ document_id: doc, content: "员工筛选丙" }, bob.token);
  await memberGroup({ enable_comment_approval: false });

  const all = await list("wd=员工筛选&with_document_title=true&size=100", admin);
  expect(texts(all.comment)).toEqual(["员工筛选丙", "员工筛选乙", "员工筛选甲"]);
  expect(all.comment[1]).toMatchObject({ document_title: `评论文章${docSeq}`, type: 1 });
  expect(all.comment[2]?.document_title).toMatch(/^评论文档/);
  expect(texts((await list("wd=员工筛选&status=0", admin)).comment)).toEqual(["员工筛选丙"]);
  expect(texts((await list("wd=员工筛选&type=1", admin)).comment)).toEqual(["员工筛选乙"]);
  expect(texts((await list(`wd=员工筛选&user_id=${alice.id}`, admin)).comment)).toEqual(["员工筛选甲"]);

  // a member's wd is ignored: approved comments and their own, nothing pending of others
  const member = texts((await list("wd=员工筛选&size=100", alice.token)).comment);
  expect(member).toContain("员工筛选甲");
  expect(member).not.toContain("员工筛选丙");
  expect(texts((await list(`user_id=${bob.id}&status=0`, bob.token)).comment)).toContain("员工筛选丙");
  expect(texts((await list(`user_id=${bob.id}&status=0`, alice.token)).comment)).toEqual([]);
});

test("GetComment and UpdateComment are staff only; an edit is stored as text", async () => {
  const doc = await document();
  await ok({ document_id: doc, content: "原文" }, bob.token);
  const id = await newest(bob.id);
  expect((await call("GET", `/api/v1/comment?id=${id}`, undefined, bob.token)).status).toBe(403);
  expect((await call("PUT", "/api/v1/comment", { id, content: "改" }, bob.token)).status).toBe(403);
  expect((await call("PUT", "/api/v1/comment", { id, content: " <i>改过</i> " }, admin)).status).toBe(200);
  const got = await call("GET", `/api/v1/comment?id=${id}`, undefined, admin);
  expect(got.json).toMatchObject({ id, content: "<i>改过</i>", status: 1, document_id: doc });
  expect(got.json.document_title).toMatch(/^评论文档/);
  expect((await call("PUT", "/api/v1/comment", { id, status: 2 }, admin)).status).toBe(200);
  expect(await docCount(doc)).toBe(0);
  expect((await call("GET", "/api/v1/comment?id=99999999", undefined, admin)).status).toBe(404);
});

test("the site statistics count every comment, in any review status", async () => {
  const stats = await call("GET", "/api/v1/stats", undefined, admin);
  expect(stats.status).toBe(200);
  const comments = await db.comment.count();
  expect(comments).toBeGreaterThan(0);
  expect(stats.json.comment_count).toBe(comments);
});

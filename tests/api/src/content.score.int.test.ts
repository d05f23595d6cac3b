// Ratings over REST on the real stack (both transports): 1-5 stars stored x100, one per user and
// document even under ten concurrent requests, the document's average and count exact, only visible
// documents, GetDocumentScore answering the caller's own.
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

const rate = (document_id: number, score: number, token: string) =>
  call("POST", "/api/v1/document/score", { document_id, score }, token);
const myScore = (id: number, token: string) =>
  call("GET", `/api/v1/document/score?document_id=${id}`, undefined, token);
const stored = (id: number) => db.document.findUniqueOrThrow({ where: { id: BigInt(id) } });

async function doc(owner: { token: string; id: number }, title: string): Promise<number> {
  const [d] = await createDocs(owner, {
    category_id: [await category(`评分分类${title}`)],
    document: [{ attachment_id: await attachment(owner.id), title }],
  });
  return Number(d?.id);
}

test("one rating per user (ten concurrent requests: one stored, the rest refused); GetDocumentScore is mine", async () => {
  const id = await doc(alice, "评分的文档");
  const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => rate(id, ((i % 5) + 1) * 100, bob.token)));
  const ok = replies.filter((r) => r.status === 200);
  expect(ok).toHaveLength(1);
  for (const r of replies.filter((x) => x.status !== 200))
    expect([r.status, r.json.message]).toEqual([409, "您已经评过分了，每篇文档只能评一次"]);
  const row = await db.documentScore.findFirstOrThrow({ where: { documentId: BigInt(id), userId: BigInt(bob.id) } });
  expect(await stored(id)).toMatchObject({ score: row.score, scoreCount: 1 });
  const got = await myScore(id, bob.token);
  expect([got.status, got.json.score, got.json.document_id]).toEqual([200, row.score, id]);
  // not rated yet: 0
  expect((await myScore(id, alice.token)).json.score ?? 0).toBe(0);
  // the document shows the average
  expect((await call("GET", `/api/v1/document?id=${id}`)).json).toMatchObject({ score: row.score, score_count: 1 });
});

test("the average (x100, rounded) and count over many users rating at once", async () => {
  const id = await doc(alice, "多人评分");
  const users = await Promise.all(Array.from({ length: 10 }, (_, i) => register(`rater${i}`)));
  const scores = [500, 400, 400, 300, 500, 100, 200, 500, 400, 300]; // sum 3600 → 360
  const replies = await Promise.all(users.map((u, i) => rate(id, scores[i] ?? 0, u.token)));
  expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
  expect(await stored(id)).toMatchObject({ score: 360, scoreCount: 10 });
  // one more, the average rounded: (3600 + 100) / 11 = 336.36 → 336
  expect((await rate(id, 100, carol.token)).status).toBe(200);
  expect(await stored(id)).toMatchObject({ score: 336, scoreCount: 11 });
});

test("only 1-5 stars (x100); hidden and missing documents cannot be rated; visitors must sign in", async () => {
  const id = await doc(alice, "评分规则");
  for (const score of [0, 50, 150, 600, -100, 5]) {
    const r = await rate(id, score, bob.token);
    expect([r.status, r.json.message]).toEqual([400, "评分须为 1 到 5 星"]);
  }
  expect((await stored(id)).scoreCount).toBe(0);
  const [pending] = await createDocs(carol, {
    category_id: [await category("待审评分分类")],
    document: [{ attachment_id: await attachment(carol.id), title: "待审核评分" }],
  });
  expect((await rate(Number(pending?.id), 500, bob.token)).status).toBe(404);
  // nor by its owner or staff, who can open it (public documents only, as comments)
  for (const token of [carol.token, admin]) {
    const r = await rate(Number(pending?.id), 500, token);
    expect([r.status, r.json.message]).toEqual([404, "文档不存在"]);
  }
  expect(await db.documentScore.count({ where: { documentId: pending?.id } })).toBe(0);
  expect((await rate(99_999_999, 500, bob.token)).status).toBe(404);
  expect((await rate(0, 500, bob.token)).status).toBe(400);
  expect((await rate(id, 500, "")).status).toBe(401);
  // in the recycle bin: hidden
  expect((await call("DELETE", `/api/v1/document?id=${id}`, undefined, alice.token)).status).toBe(200);
  expect((await rate(id, 500, bob.token)).status).toBe(404);
  expect((await call("PUT", "/api/v1/document/recycle", { id: [id] }, admin)).status).toBe(200);
  expect((await rate(id, 500, bob.token)).status).toBe(200);
  expect(await stored(id)).toMatchObject({ score: 500, scoreCount: 1 });
});

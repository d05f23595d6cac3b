// The score config's content rules on the real stack (both transports), booked in the order service's
// ledger through the content service's credit outbox: the upload reward and its daily cap (exact under
// concurrent uploads), the delete penalty (once per document, no refund on restore, never below 0:
// it takes what there is), the favorited and commented rewards to the uploader (never for one's own,
// once per favoriting user or commenter and document, capped per uploader and day, a pending comment
// only once approved), each readable in the user's credit log; the ledger failing and the rewards
// booked later by the sweep; a replayed booking booked once.
import pg from "pg";
import { type OrderDb, openOrderDb } from "./db.js";
import {
  admin,
  attachment,
  call,
  category,
  createDocs,
  db,
  register,
  setupDocumentSite,
  stack,
} from "./documents.fixture.js";
import { eventually } from "./testing.js";

setupDocumentSite();

let orderDb: OrderDb;
/** One statement on its own connection (the fixture drops the database after the tests). */
const sql = {
  async query(text: string, values: unknown[] = []) {
    const c = new pg.Client({ connectionString: stack.databaseUrl });
    await c.connect();
    try {
      return await c.query(text, values);
    } finally {
      await c.end();
    }
  },
};
let cat: number;
let n = 0;

async function setConfig(category: string, values: Record<string, string>) {
  const config = Object.entries(values).map(([name, value]) => ({ category, name, value }));
  const r = await call("PUT", "/api/v1/config", { config }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
}
const user = () => register(`rw${++n}${Date.now().toString(36)}`);

/** A public (converted) document of `u`'s; returns its id. */
async function doc(u: { token: string; id: number }, title = `文档${++n}`) {
  const [d] = await createDocs(u, { category_id: [cat], document: [{ title, attachment_id: await attachment(u.id) }] });
  if (!d) throw new Error("no document");
  await db.document.update({ where: { id: d.id }, data: { pages: 3, status: 2 } });
  return Number(d.id);
}
const entries = (u: { id: number }, code?: string) =>
  orderDb.creditEntry.findMany({ where: { userId: BigInt(u.id), ...(code ? { code } : {}) }, orderBy: { id: "asc" } });
const balance = async (u: { id: number }) => (await entries(u)).reduce((s, e) => s + e.amount, 0);
const outboxRows = async () =>
  (await sql.query("SELECT idempotency_key, last_error FROM wenku_content.credit_outbox ORDER BY id")).rows as Array<{
    idempotency_key: string;
    last_error: string;
  }>;

beforeAll(async () => {
  orderDb = openOrderDb(stack);
  cat = await category("奖励");
  await setConfig("security", { comment_interval: "0" });
  await setConfig("score", {
    register: "0",
    credit_name: "魔豆",
    upload_document: "5",
    upload_document_limit: "2",
    delete_document: "3",
    document_collected: "2",
    document_collected_limit: "2",
    document_commented: "1",
    document_commented_limit: "2",
  });
  const groups = (await call("GET", "/api/v1/group/list?size=100", undefined, admin)).json.group as Array<
    Record<string, unknown>
  >;
  const member = groups.find((g) => g.is_default);
  const r = await call(
    "PUT",
    "/api/v1/group",
    { ...member, enable_comment: true, enable_comment_approval: false },
    admin,
  );
  expect(r.status).toBe(200);
});
afterAll(async () => {
  await orderDb?.$disconnect();
});

test("upload reward: 5 per document, at most 2 rewarded per uploader and day, exact under 6 concurrent uploads; readable in the log", async () => {
  const u = await user();
  const replies = await Promise.all(
    Array.from({ length: 6 }, async (_, i) =>
      call(
        "POST",
        "/api/v1/document",
        { category_id: [cat], document: [{ title: `并发${i}`, attachment_id: await attachment(u.id) }] },
        u.token,
      ),
    ),
  );
  expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
  const ids = (await db.document.findMany({ where: { userId: BigInt(u.id) } })).map((d) => Number(d.id));
  expect(ids).toHaveLength(6);
  const rewarded = await entries(u, "upload_document");
  expect(rewarded.map((e) => e.amount)).toEqual([5, 5]);
  expect(rewarded.every((e) => e.refKind === "document" && ids.includes(Number(e.refId)))).toBe(true);
  expect(rewarded[0]?.reason).toMatch(/^上传文档《并发\d》获得 5 魔豆$/);
  const log = await call("GET", "/api/v1/user/credit/log", undefined, u.token);
  type Line = { ref_type: string; amount: number; reason: string; params?: Record<string, string> };
  const lines = log.json.credit_log as Line[];
  expect(lines.map((l) => [l.ref_type, l.amount])).toEqual([
    ["upload_document", 5],
    ["upload_document", 5],
  ]);
  // moredoc clients read the zh-CN reason; ours word the line from ref_type and params (the title as given)
  for (const l of lines) {
    const title = l.params?.title ?? "";
    expect([title, l.reason]).toEqual([expect.stringMatching(/^并发\d$/), `上传文档《${title}》获得 5 魔豆`]);
  }
  // A limit of 0 rewards no upload.
  const v = await user();
  await setConfig("score", { upload_document_limit: "0" });
  try {
    await doc(v);
  } finally {
    await setConfig("score", { upload_document_limit: "2" });
  }
  expect(await entries(v)).toEqual([]);
});

test("delete penalty: 3 from the owner once per document (staff recycling too), no refund on restore; it takes what there is, never below 0", async () => {
  const u = await user();
  const a = await doc(u);
  const b = await doc(u);
  expect(await balance(u)).toBe(10);
  expect((await call("DELETE", `/api/v1/document?id=${a}`, undefined, u.token)).status).toBe(200);
  expect((await entries(u, "delete_document")).map((e) => [e.amount, Number(e.refId)])).toEqual([[-3, a]]);
  // Restored by staff: nothing refunded; recycled again: nothing more taken.
  expect((await call("PUT", "/api/v1/document/recycle", { id: [a] }, admin)).status).toBe(200);
  expect((await call("DELETE", `/api/v1/document?id=${a}`, undefined, u.token)).status).toBe(200);
  expect((await entries(u, "delete_document")).map((e) => e.amount)).toEqual([-3]);
  // Staff recycle the owner's other document: the owner pays; purging it changes nothing.
  expect((await call("DELETE", `/api/v1/document?id=${b}`, undefined, admin)).status).toBe(200);
  expect((await call("DELETE", `/api/v1/document/recycle?id=${b}`, undefined, admin)).status).toBe(200);
  expect((await entries(u, "delete_document")).map((e) => [e.amount, Number(e.refId)])).toEqual([
    [-3, a],
    [-3, b],
  ]);
  expect(await balance(u)).toBe(4);
  // 4 left: a third document's reward is capped (2 a day), so two more penalties take 3 and then 1.
  const c = await doc(u);
  const d = await doc(u);
  expect((await call("DELETE", `/api/v1/document?id=${c}&id=${d}`, undefined, u.token)).status).toBe(200);
  const taken = await entries(u, "delete_document");
  expect(taken.map((e) => e.amount)).toEqual([-3, -3, -3, -1]);
  expect(taken[3]?.reason).toMatch(/扣除 3 魔豆（余额不足，实扣 1）$/);
  expect(await balance(u)).toBe(0);
  // Nothing left: nothing recorded, and no booking waits in the outbox.
  const e = await doc(u);
  expect((await call("DELETE", `/api/v1/document?id=${e}`, undefined, u.token)).status).toBe(200);
  expect(await entries(u, "delete_document")).toHaveLength(4);
  expect(await balance(u)).toBe(0);
  expect(await outboxRows()).toEqual([]);
});

test("favorited: 2 to the uploader per other user, never for one's own, once per user and document, at most 2 a day per uploader", async () => {
  const [owner, x, y, z] = [await user(), await user(), await user(), await user()];
  const d1 = await doc(owner);
  const d2 = await doc(owner);
  const fav = (id: number, u: { token: string }) => call("POST", "/api/v1/favorite", { document_id: id }, u.token);
  expect((await fav(d1, owner)).status).toBe(200); // self: nothing
  const first = await fav(d1, x);
  expect(first.status).toBe(200);
  // Unfavorite and favorite again: nothing more.
  expect((await call("DELETE", `/api/v1/favorite?id=${first.json.id}`, undefined, x.token)).status).toBe(200);
  expect((await fav(d1, x)).status).toBe(200);
  expect((await entries(owner, "document_collected")).map((e) => e.amount)).toEqual([2]);
  // Two more users at once: one more reward (the uploader's second today), then the cap.
  await Promise.all([fav(d2, y), fav(d2, z)]);
  expect((await fav(d1, y)).status).toBe(200);
  const got = await entries(owner, "document_collected");
  expect(got.map((e) => e.amount)).toEqual([2, 2]);
  expect(got[0]?.reason).toMatch(/^文档《文档\d+》被收藏获得 2 魔豆$/);
});

test("commented: 1 to the uploader per other commenter once visible (a pending one once approved), once per commenter and document, 2 a day", async () => {
  const [owner, x, y, z] = [await user(), await user(), await user(), await user()];
  const d = await doc(owner);
  const post = (u: { token: string }, content: string) =>
    call("POST", "/api/v1/comment", { document_id: d, content }, u.token);
  expect((await post(owner, "自己的评论")).status).toBe(200);
  expect((await post(x, "第一条")).status).toBe(200);
  expect((await post(x, "第二条")).status).toBe(200);
  expect((await entries(owner, "document_commented")).map((e) => e.amount)).toEqual([1]);
  // y's comment waits for review (a group whose comments are reviewed): nothing until staff approve it.
  const g = await call(
    "POST",
    "/api/v1/group",
    { title: "评论审核组", enable_comment: true, enable_comment_approval: true },
    admin,
  );
  expect(g.status).toBe(200);
  const reviewed = await call(
    "POST",
    "/api/v1/user",
    { username: `rwrev${n}`, password: "secret123", group_id: [g.json.id] },
    admin,
  );
  expect(reviewed.status).toBe(200);
  const login = await call("POST", "/api/v1/user/login", { username: `rwrev${n}`, password: "secret123" });
  const r = { token: login.json.token as string, id: (login.json.user as { id: number }).id };
  expect((await post(r, "待审核")).status).toBe(200);
  expect(await entries(owner, "document_commented")).toHaveLength(1);
  const pending = await db.comment.findFirstOrThrow({ where: { userId: BigInt(r.id) } });
  expect((await call("POST", "/api/v1/comment/check", { id: [Number(pending.id)], status: 1 }, admin)).status).toBe(
    200,
  );
  // Rejected and approved again: still once.
  expect((await call("POST", "/api/v1/comment/check", { id: [Number(pending.id)], status: 2 }, admin)).status).toBe(
    200,
  );
  expect((await call("POST", "/api/v1/comment/check", { id: [Number(pending.id)], status: 1 }, admin)).status).toBe(
    200,
  );
  expect((await entries(owner, "document_commented")).map((e) => e.amount)).toEqual([1, 1]);
  // The cap: a third commenter today earns the uploader nothing.
  expect((await post(y, "第三位")).status).toBe(200);
  expect((await post(z, "第四位")).status).toBe(200);
  const got = await entries(owner, "document_commented");
  expect(got).toHaveLength(2);
  expect(got[0]?.reason).toMatch(/^文档《文档\d+》被评论获得 1 魔豆$/);
});

test("the ledger failing: the reward waits in the outbox and the sweep books it later; a replayed booking books once", async () => {
  const u = await user();
  const booked = await doc(u); // its reward is booked now
  await sql.query("ALTER TABLE wenku_order.credit_entries RENAME TO credit_entries_away");
  let late: number;
  try {
    late = await doc(u); // the upload succeeds; its reward cannot be booked
    const waiting = await outboxRows();
    expect(waiting.map((w) => w.idempotency_key)).toEqual([`content:upload:${late}`]);
    expect(waiting[0]?.last_error).not.toBe("");
  } finally {
    await sql.query("ALTER TABLE wenku_order.credit_entries_away RENAME TO credit_entries");
  }
  // A replay of the booked reward (the same booking owed again) next to the late one; both due now.
  await sql.query(
    `INSERT INTO wenku_content.credit_outbox (idempotency_key, user_id, amount, code, reason, ref_kind, ref_id)
     SELECT idempotency_key, user_id, amount, code, reason, ref_kind, ref_id FROM wenku_order.credit_entries
     WHERE idempotency_key = $1`,
    [`content:upload:${booked}`],
  );
  await sql.query("UPDATE wenku_content.credit_outbox SET next_attempt_at = now()");
  await eventually(async () => expect(await outboxRows()).toEqual([]), 60_000);
  const got = await entries(u, "upload_document");
  expect(got.map((e) => [e.idempotencyKey, e.amount])).toEqual([
    [`content:upload:${booked}`, 5],
    [`content:upload:${late}`, 5],
  ]);
});

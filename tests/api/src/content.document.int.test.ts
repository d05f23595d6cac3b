// DocumentAPI (metadata side) and RecycleAPI over REST against real PostgreSQL: creating documents
// from granted attachments (keywords derived, category paths, review groups), who sees what (get,
// list, related, home), editing and review rules, the recycle bin, list filters and their limits,
// and refused input writing nothing. Attachments are written directly (the upload slice is separate).
import { createDb, type Db } from "@wenku/content";
import { ADMIN_PASSWORD, eventually, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let db: Db;
let admin: string;
let alice: { token: string; id: number };
let bob: { token: string; id: number };
let carol: { token: string; id: number }; // in a group whose uploads wait for review

const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);

async function register(username: string) {
  const r = await call("POST", "/api/v1/user/register", { username, password: "secret123" });
  expect(r.status).toBe(200);
  return { token: r.json.token as string, id: (r.json.user as { id: number }).id };
}

async function category(title: string, parentId = 0, extra: Record<string, unknown> = {}): Promise<number> {
  const r = await call("POST", "/api/v1/category", { title, parent_id: parentId, enable: true, ...extra }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  const row = await db.category.findFirst({ where: { title, parentId: parentId ? BigInt(parentId) : null } });
  return Number(row?.id);
}

let seq = 0;
/** An uploaded file granted to `userId` (what POST /api/v1/upload/document will create). */
async function attachment(userId: number, name = "file.pdf", opts: { preview?: string; content?: string } = {}) {
  seq++;
  const hash = `d${seq.toString(16).padStart(31, "0")}`;
  const ext = name.slice(name.lastIndexOf(".")).toLowerCase();
  const a = await db.attachment.create({
    data: {
      hash,
      name,
      ext,
      size: 1000n + BigInt(seq),
      type: 2,
      userId: BigInt(userId),
      storageKey: `documents/${hash}${ext}`,
    },
  });
  await db.attachmentGrant.create({ data: { attachmentId: a.id, userId: BigInt(userId) } });
  if (opts.preview !== undefined)
    await db.attachmentText.create({
      data: { hash, previewText: opts.preview, content: opts.content ?? opts.preview },
    });
  return Number(a.id);
}

/** Creates documents and returns the caller's newest ones (CreateDocument answers Empty, like moredoc). */
async function createDocs(user: { token: string; id: number }, body: Record<string, unknown>) {
  const r = await call("POST", "/api/v1/document", body, user.token);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  const n = (body.document as unknown[]).length;
  return db.document.findMany({ where: { userId: BigInt(user.id) }, orderBy: { id: "desc" }, take: n });
}

const get = (id: bigint | number, token?: string, extra = "") =>
  call("GET", `/api/v1/document?id=${id}${extra}`, undefined, token);
type Doc = { id: number; title: string; status: number; keywords: string; username: string; [k: string]: unknown };
const list = async (query: string, token?: string) => {
  const r = await call("GET", `/api/v1/document/list?${query}`, undefined, token);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json as { total: number; document: Doc[] };
};
const ids = (docs: Doc[]) => docs.map((d) => d.id);
/** What the converter does: pages, status converted. */
const convert = (id: bigint, pages = 3) => db.document.update({ where: { id }, data: { pages, status: 2 } });

beforeAll(async () => {
  // No converter in this process: statuses move only through the RPCs under test (conversion has its own tests).
  stack = await startTestStack({ env: { CONVERTER_CONCURRENCY: "0" } });
  db = createDb(stack.databaseUrl);
  admin = (await call("POST", "/api/v1/user/login", { username: "admin", password: ADMIN_PASSWORD })).json
    .token as string;
  alice = await register("docalice");
  bob = await register("docbob");
  const g = await call(
    "POST",
    "/api/v1/group",
    { title: "审核组", enable_upload: true, enable_document_review: true },
    admin,
  );
  expect(g.status).toBe(200);
  const c = await call(
    "POST",
    "/api/v1/user",
    { username: "doccarol", password: "secret123", group_id: [g.json.id] },
    admin,
  );
  expect(c.status).toBe(200);
  const login = await call("POST", "/api/v1/user/login", { username: "doccarol", password: "secret123" });
  carol = { token: login.json.token as string, id: (login.json.user as { id: number }).id };
});
afterAll(async () => {
  await db.$disconnect();
  await stack.stop();
});

describe("create and get", () => {
  test("a document from a granted attachment: title from the file name, keywords derived, category path, pending", async () => {
    const top = await category("教育考试");
    const leaf = await category("数学竞赛", top);
    const att = await attachment(alice.id, "全国大学生数学建模竞赛优秀论文.pdf", {
      preview: "第一页的文字",
      content: "第一页的文字……以及整本书的全文",
    });
    const [doc] = await createDocs(alice, {
      category_id: [leaf],
      document: [{ attachment_id: att, language: "zh-CN" }],
    });
    expect(doc).toMatchObject({
      title: "全国大学生数学建模竞赛优秀论文",
      status: 0,
      ext: ".pdf",
      type: "pdf",
      price: 0,
    });
    expect(doc?.keywords.split(",")).toEqual(expect.arrayContaining(["全国", "大学生", "竞赛", "论文"]));
    const id = doc?.id as bigint;
    // linked to the whole path; pending documents count in doc_count
    const links = await db.documentCategory.findMany({ where: { documentId: id } });
    expect(links.map((l) => Number(l.categoryId)).sort()).toEqual([top, leaf].sort());
    expect((await db.category.findUnique({ where: { id: BigInt(leaf) } }))?.docCount).toBe(1);

    // a visitor sees it (pending is public) with the preview text only, the file's hash only, no error
    await db.document.update({ where: { id }, data: { convertError: "secret failure detail" } });
    const visitor = await get(id, undefined, "&with_author=true");
    expect(visitor.status).toBe(200);
    expect(visitor.json).toMatchObject({
      id: Number(id),
      username: "docalice",
      content: "第一页的文字",
      language: "zh-CN",
      category_id: [top, leaf].sort((a, b) => a - b),
      convert_error: "",
      user: { id: alice.id, username: "docalice" },
      // unrated: moredoc's default of 3 stars (×100), not 0 stars
      score: 300,
      score_count: 0,
    });
    expect(visitor.json.attachment).toMatchObject({ id: 0, name: "", hash: doc?.attachmentHash });
    expect(visitor.text).not.toContain("整本书的全文");
    expect(visitor.text).not.toContain("storage");

    // the owner sees the attachment (without where it is stored) and the conversion error
    const owner = await get(id, alice.token);
    expect(owner.json).toMatchObject({ convert_error: "secret failure detail", attachment: { id: att, ext: ".pdf" } });
    expect(owner.text).not.toContain("documents/");

    // by uuid too; public views are counted
    const byUuid = await call("GET", `/api/v1/document?uuid=${doc?.uuid}`);
    expect(byUuid.json.id).toBe(Number(id));
    await eventually(async () =>
      expect((await db.document.findUnique({ where: { id } }))?.viewCount).toBeGreaterThanOrEqual(2),
    );
    expect((await call("GET", "/api/v1/document?uuid=not-a-uuid")).status).toBe(404);
    expect((await get(999999)).json.message).toBe("文档不存在");
  });

  test("a review group's uploads wait for review, visible only to their owner and staff, until approved", async () => {
    const cat = await category("审核分类");
    const [a, b] = await createDocs(carol, {
      category_id: [cat],
      document: [
        { attachment_id: await attachment(carol.id, "a.docx"), title: "待审核甲" },
        { attachment_id: await attachment(carol.id, "b.docx"), title: "待审核乙" },
      ],
    });
    expect([a?.status, b?.status]).toEqual([6, 6]);
    expect(a?.type).toBe("word");
    const idA = b?.id as bigint; // findMany is newest first
    const idB = a?.id as bigint;
    for (const token of [undefined, bob.token]) expect((await get(idA, token)).status).toBe(404);
    expect((await get(idA, carol.token)).status).toBe(200);
    expect((await get(idA, admin)).status).toBe(200);
    expect(ids((await list(`category_id=${cat}`)).document)).toEqual([]);
    expect(ids((await list(`category_id=${cat}&status=6`, bob.token)).document)).toEqual([]);
    expect(ids((await list(`user_id=${carol.id}`, carol.token)).document)).toEqual([Number(idB), Number(idA)]);
    expect((await list(`category_id=${cat}&status=6`, admin)).total).toBe(2);
    expect((await db.category.findUnique({ where: { id: BigInt(cat) } }))?.docCount).toBe(0);

    // approval: converted (pages) → published; not converted yet → pending (queued)
    await db.document.update({ where: { id: idA }, data: { pages: 4 } });
    expect(
      (await call("PUT", "/api/v1/document/check", { id: [Number(idA), Number(idB)], status: 2 }, bob.token)).status,
    ).toBe(403);
    const ok = await call("PUT", "/api/v1/document/check", { id: [Number(idA), Number(idB)], status: 2 }, admin);
    expect(ok.status).toBe(200);
    expect((await db.document.findUnique({ where: { id: idA } }))?.status).toBe(2);
    expect((await db.document.findUnique({ where: { id: idB } }))?.status).toBe(0);
    expect((await db.category.findUnique({ where: { id: BigInt(cat) } }))?.docCount).toBe(2);
    expect((await get(idA)).status).toBe(200);

    const rej = await call("PUT", "/api/v1/document/check", { id: [Number(idB)], status: 7 }, admin);
    expect(rej.status).toBe(200);
    expect((await get(idB)).status).toBe(404);
    expect((await db.category.findUnique({ where: { id: BigInt(cat) } }))?.docCount).toBe(1);
    const badStatus = await call("PUT", "/api/v1/document/check", { id: [Number(idB)], status: 3 }, admin);
    expect([badStatus.status, badStatus.json.message]).toEqual([400, "审核状态只能是通过、拒绝或禁用"]);
  });
});

describe("update, delete and the recycle bin", () => {
  test("owners edit their fields, not the status; others are refused; staff change status", async () => {
    const c1 = await category("编辑一");
    const c2 = await category("编辑二");
    const [doc] = await createDocs(alice, {
      category_id: [c1],
      document: [{ attachment_id: await attachment(alice.id), title: "原标题" }],
    });
    const id = Number(doc?.id);
    const body = {
      id,
      title: "  新标题 Python 教程 ",
      keywords: "",
      description: "说明",
      price: 3,
      category_id: [c2],
      language: "en",
    };

    const other = await call("PUT", "/api/v1/document", body, bob.token);
    expect([other.status, other.json.message]).toEqual([403, "只能修改自己上传的文档"]);
    const status = await call("PUT", "/api/v1/document", { ...body, status: 4 }, alice.token);
    expect([status.status, status.json.message]).toEqual([403, "只有管理员可以修改文档状态"]);

    expect((await call("PUT", "/api/v1/document", body, alice.token)).status).toBe(200);
    const got = await get(id, alice.token);
    expect(got.json).toMatchObject({
      title: "新标题 Python 教程",
      description: "说明",
      price: 3,
      language: "en",
      category_id: [c2],
    });
    expect(got.json.keywords).toBe("标题,Python,教程");
    expect((await db.category.findUnique({ where: { id: BigInt(c1) } }))?.docCount).toBe(0);
    expect((await db.category.findUnique({ where: { id: BigInt(c2) } }))?.docCount).toBe(1);

    // staff disable it: gone for visitors and out of doc_count; enabling needs pages
    expect((await call("PUT", "/api/v1/document", { ...body, status: 4 }, admin)).status).toBe(200);
    expect((await get(id)).status).toBe(404);
    expect((await db.category.findUnique({ where: { id: BigInt(c2) } }))?.docCount).toBe(0);
    expect((await call("PUT", "/api/v1/document", { ...body, status: 2 }, admin)).status).toBe(200);
    expect((await db.document.findUnique({ where: { id: BigInt(id) } }))?.status).toBe(0);
    expect((await call("PUT", "/api/v1/document", { ...body, status: 1 }, admin)).status).toBe(400);
  });

  test("delete moves to the recycle bin; restore and purge; files stay", async () => {
    const cat = await category("回收分类");
    const att = await attachment(alice.id);
    const [d1, d2] = await createDocs(alice, {
      category_id: [cat],
      document: [
        { attachment_id: att, title: "回收甲" },
        { attachment_id: att, title: "回收乙" },
      ],
    });
    const [id1, id2] = [Number(d1?.id), Number(d2?.id)];
    expect((await call("DELETE", `/api/v1/document?id=${id1}`, undefined, bob.token)).status).toBe(403);
    expect((await call("DELETE", `/api/v1/document?id=${id1}&id=${id2}`, undefined, alice.token)).status).toBe(200);
    expect((await get(id1, alice.token)).status).toBe(404);
    expect((await get(id1, admin)).status).toBe(200); // staff still see it (deleted_at set)
    expect(ids((await list(`user_id=${alice.id}`, alice.token)).document)).not.toContain(id1);
    expect(
      (await call("PUT", "/api/v1/document", { id: id1, title: "x", category_id: [cat] }, alice.token)).status,
    ).toBe(404);
    expect((await db.category.findUnique({ where: { id: BigInt(cat) } }))?.docCount).toBe(0);

    expect((await call("GET", "/api/v1/document/recycle", undefined, alice.token)).status).toBe(403);
    const bin = await call("GET", "/api/v1/document/recycle?size=100", undefined, admin);
    expect(bin.status).toBe(200);
    const inBin = (bin.json.document as Doc[]).filter((d) => [id1, id2].includes(d.id));
    expect(inBin).toHaveLength(2);
    expect(inBin[0]).toMatchObject({ deleted_username: "docalice", deleted_user_id: alice.id, username: "docalice" });

    expect((await call("PUT", "/api/v1/document/recycle", { id: [id1] }, admin)).status).toBe(200);
    expect((await get(id1)).status).toBe(200);
    expect((await db.category.findUnique({ where: { id: BigInt(cat) } }))?.docCount).toBe(1);

    expect((await call("DELETE", `/api/v1/document/recycle?id=${id1}&id=${id2}`, undefined, admin)).status).toBe(200);
    expect(await db.document.findUnique({ where: { id: BigInt(id1) } })).not.toBeNull(); // not in the bin: kept
    expect(await db.document.findUnique({ where: { id: BigInt(id2) } })).toBeNull();
    expect(await db.attachment.findUnique({ where: { id: BigInt(att) } })).not.toBeNull();

    expect((await call("DELETE", `/api/v1/document?id=${id1}`, undefined, admin)).status).toBe(200);
    expect((await db.document.findUnique({ where: { id: BigInt(id1) } }))?.deletedUserId).toBe(1n);
    expect((await call("DELETE", "/api/v1/document/recycle/all", undefined, admin)).status).toBe(200);
    expect(await db.document.count({ where: { deletedAt: { not: null } } })).toBe(0);
  });
});

describe("lists", () => {
  let cat: number;
  let docs: Awaited<ReturnType<typeof createDocs>>;
  beforeAll(async () => {
    cat = await category("列表分类");
    const pdf = await attachment(bob.id, "x.pdf");
    const docx = await attachment(bob.id, "y.docx");
    docs = await createDocs(bob, {
      category_id: [cat],
      document: Array.from({ length: 60 }, (_, i) => ({
        attachment_id: i % 2 ? docx : pdf,
        title: `列表文档${i}`,
        price: i < 10 ? 5 : 0,
        language: i < 5 ? "en" : "zh-CN",
      })),
    });
    docs.reverse(); // oldest first
  });

  test("visitors get public documents only, at most 50 per page; the owner sees all of theirs", async () => {
    await db.document.update({ where: { id: docs[0]?.id as bigint }, data: { status: 4 } });
    const visitor = await list(`category_id=${cat}&size=100`);
    expect(visitor.total).toBe(59);
    expect(visitor.document).toHaveLength(50);
    const owner = await list(`category_id=${cat}&size=100&user_id=${bob.id}`, bob.token);
    expect([owner.total, owner.document.length]).toEqual([60, 60]);
    expect((await list(`category_id=${cat}&status=4`)).total).toBe(0);
    expect((await list(`category_id=${cat}&status=4`, admin)).total).toBe(1);
    expect((await list(`category_id=${cat}&wd=${encodeURIComponent("列表文档1")}`, admin)).total).toBe(11);
    expect((await list(`category_id=${cat}&wd=nothing`)).total).toBe(59); // wd is for staff
    expect((await list(`category_id=${cat}&limit=7`)).document).toHaveLength(7);
    await db.document.update({ where: { id: docs[0]?.id as bigint }, data: { status: 0 } });
  });

  test("filters, order whitelist and field selection", async () => {
    const q = (s: string) => list(`category_id=${cat}&${s}`);
    expect((await q("ext=pdf")).total).toBe(30);
    expect((await q("ext=word")).total).toBe(30);
    expect((await q("ext=.docx")).total).toBe(30);
    expect((await q("fee_type=charge")).total).toBe(10);
    expect((await q("fee_type=free")).total).toBe(50);
    expect((await q("language=en")).total).toBe(5);
    expect((await q("is_vip=true")).total).toBe(0);

    const third = Number(docs[2]?.id);
    await db.document.update({ where: { id: BigInt(third) }, data: { viewCount: 99 } });
    expect((await q("order=view_count%20desc&size=1")).document[0]?.id).toBe(third);
    expect((await q("order=view_count&size=1")).document[0]?.id).toBe(third);
    expect((await q("order=id%20asc&size=1")).document[0]?.id).toBe(Number(docs[0]?.id));
    const badOrder = await call("GET", `/api/v1/document/list?order=${encodeURIComponent("password desc")}`);
    expect([badOrder.status, badOrder.json.message]).toEqual([400, "不支持的排序方式：password desc"]);
    expect((await call("GET", "/api/v1/document/list?order=id%3Bdrop")).status).toBe(400);

    expect((await call("PUT", "/api/v1/document/recommend", { id: [third], type: 1 }, admin)).status).toBe(200);
    expect(ids((await q("is_recommend=true")).document)).toEqual([third]);
    expect((await call("PUT", "/api/v1/document/recommend", { id: [third], type: 0 }, admin)).status).toBe(200);
    expect((await q("is_recommend=true")).total).toBe(0);

    const picked = (await q("field=id&field=title&field=bogus&size=1")).document[0];
    expect(picked).toMatchObject({ id: expect.any(Number), title: expect.any(String), keywords: "", ext: "" });

    const future = encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString());
    expect((await q(`created_at=${future}`)).total).toBe(0);
    expect((await call("GET", "/api/v1/document/list?created_at=yesterday")).status).toBe(400);
  });

  test("batch settings: category, language, vip (staff only)", async () => {
    const other = await category("批量分类");
    const target = [Number(docs[0]?.id), Number(docs[1]?.id)];
    expect(
      (await call("PUT", "/api/v1/document/category", { document_id: target, category_id: [other] }, bob.token)).status,
    ).toBe(403);
    expect(
      (await call("PUT", "/api/v1/document/category", { document_id: target, category_id: [other] }, admin)).status,
    ).toBe(200);
    expect((await q2(`category_id=${other}`)).total).toBe(2);
    expect((await db.category.findUnique({ where: { id: BigInt(cat) } }))?.docCount).toBe(58);
    expect(
      (await call("PUT", "/api/v1/document/language", { document_id: target, language: "ja" }, admin)).status,
    ).toBe(200);
    expect((await q2("language=ja")).total).toBe(2);
    const badLang = await call("PUT", "/api/v1/document/language", { document_id: target, language: "xx" }, admin);
    expect([badLang.status, badLang.json.message]).toEqual([400, "文档语言不存在"]);
    expect((await call("PUT", "/api/v1/document/vip", { id: target, is_vip: true }, admin)).status).toBe(200);
    expect((await q2("is_vip=true")).total).toBe(2);
  });
  const q2 = (s: string) => list(`size=50&${s}`);
});

describe("published only: related and home", () => {
  test("related documents and the home page never show unpublished ones", async () => {
    const home = await category("首页分类", 0, { sort: 1000 });
    const att = await attachment(alice.id);
    const docs = await createDocs(alice, {
      category_id: [home],
      document: ["机器学习入门", "机器学习进阶", "深度学习实践", "机器学习草稿"].map((title) => ({
        attachment_id: att,
        title,
      })),
    });
    const [draft, deep, adv, intro] = docs; // newest first
    for (const d of [intro, adv, deep]) await convert(d?.id as bigint);

    const related = await call("GET", `/api/v1/document/related?id=${intro?.id}`);
    expect(related.status).toBe(200);
    const rel = ids(related.json.document as Doc[]);
    expect(rel).toEqual([Number(adv?.id), Number(deep?.id)]); // shared keywords first; never itself nor the draft
    expect((await call("GET", `/api/v1/document/related?id=${draft?.id}`)).status).toBe(200); // pending is visible
    await db.document.update({ where: { id: draft?.id as bigint }, data: { status: 6 } });
    expect((await call("GET", `/api/v1/document/related?id=${draft?.id}`)).status).toBe(404);

    const r = await call("GET", "/api/v1/document/home?limit=2");
    expect(r.status).toBe(200);
    const group = (r.json.document as Array<{ category_id: number; category_name: string; document: Doc[] }>).find(
      (g) => g.category_id === home,
    );
    expect(group?.category_name).toBe("首页分类");
    expect(ids(group?.document ?? [])).toEqual([Number(deep?.id), Number(adv?.id)]);
    expect(group?.document.every((d) => d.status === 2)).toBe(true);
  });
});

describe("refused input writes nothing", () => {
  test("validation messages", async () => {
    const cat = await category("校验分类");
    const disabled = await category("禁用分类", 0, { enable: false });
    const articleCat = await category("文章分类", 0, { type: 1 });
    const att = await attachment(alice.id, "ok.pdf");
    const bobs = await attachment(bob.id, "bob.pdf");
    const setMax = (v: string) =>
      call("PUT", "/api/v1/config", { config: [{ category: "download", name: "max_price", value: v }] }, admin);
    expect((await setMax("20")).status).toBe(200);
    const item = { attachment_id: att, title: "正常标题" };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ category_id: [cat], document: [] }, "请选择要上传的文档"],
      [{ category_id: [cat], document: [{ ...item, title: "   " }] }, "文档标题不能为空"],
      [{ category_id: [cat], document: [{ ...item, title: "长".repeat(256) }] }, "文档标题不能超过255个字符"],
      [{ category_id: [], document: [item] }, "请选择文档分类"],
      [{ category_id: [999999], document: [item] }, "文档分类不存在"],
      [{ category_id: [articleCat], document: [item] }, "文档分类不存在"],
      [{ category_id: [disabled], document: [item] }, "文档分类「禁用分类」已禁用"],
      [{ category_id: [cat], document: [{ ...item, price: -1 }] }, "文档价格不能小于0"],
      [{ category_id: [cat], document: [{ ...item, price: 21 }] }, "文档价格不能超过20"],
      [{ category_id: [cat], document: [{ ...item, language: "xx" }] }, "文档语言不存在"],
      [{ category_id: [cat], document: [{ ...item, attachment_id: bobs }] }, "附件不存在或无权使用，请重新上传"],
      [
        { category_id: [cat], document: [item, { ...item, title: "", attachment_id: 424242 }] },
        "第2个文档：附件不存在或无权使用，请重新上传",
      ],
      [{ category_id: [cat], document: Array.from({ length: 101 }, () => item) }, "一次最多上传100个文档"],
    ];
    const before = await db.document.count();
    for (const [body, message] of cases) {
      const r = await call("POST", "/api/v1/document", body, alice.token);
      expect([r.status, r.json.message]).toEqual([400, message]);
    }
    expect(await db.document.count()).toBe(before);
    expect((await call("POST", "/api/v1/document", { category_id: [cat], document: [item] })).status).toBe(401);
    expect((await setMax("0")).status).toBe(200);
    await createDocs(alice, { category_id: [cat], document: [{ ...item, price: 500 }] });
  });
});

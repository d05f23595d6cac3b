// DocumentAPI lists over REST against real PostgreSQL: what visitors, owners and staff see, filters,
// the order whitelist and field selection, batch settings, related and home (published only), and
// refused input writing nothing.
import {
  admin,
  alice,
  attachment,
  bob,
  call,
  category,
  convert,
  createDocs,
  type Doc,
  db,
  ids,
  list,
  setupDocumentSite,
} from "./documents.fixture.js";

setupDocumentSite();

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

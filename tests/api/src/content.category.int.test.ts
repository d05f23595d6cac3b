// CategoryAPI over REST: CRUD, the tree, validation, what visitors see (disabled categories, and
// categories without documents when display.hide_category_without_document is on), doc_count
// kept as staff file and review documents, deletion refused while children or documents remain, permissions.
import { admin, db, plain, stack, useSite } from "./site.fixture.js";
import { rest } from "./testing.js";

useSite("catplain");

type Cat = { id: number; title: string; parent_id: number; enable: boolean; type: number; doc_count: number };
const listAs = async (token?: string, query = "") => {
  const r = await rest(stack.url, "GET", `/api/v1/category/list?${query}`, undefined, token);
  expect(r.status).toBe(200);
  return r.json as { total: number; category: Cat[] };
};
/** Creates a category as the admin and returns it (CreateCategory answers Empty, like moredoc). */
const create = async (body: Record<string, unknown>) => {
  const r = await rest(stack.url, "POST", "/api/v1/category", body, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  const found = (await listAs(admin, "size=10000")).category.filter(
    (c) => c.title === body.title && c.parent_id === (body.parent_id ?? 0) && c.type === (body.type ?? 0),
  );
  expect(found).toHaveLength(1);
  return found[0] as Cat;
};
const titles = (items: Cat[]) => items.map((c) => c.title);
const removeAll = async () => {
  // children first: delete everything in one call (parents with their children are allowed)
  await db.documentCategory.deleteMany();
  await db.document.deleteMany();
  const all = (await listAs(admin)).category;
  if (all.length) {
    const q = all.map((c) => `id=${c.id}`).join("&");
    expect((await rest(stack.url, "DELETE", `/api/v1/category?${q}`, undefined, admin)).status).toBe(200);
  }
};
const setHideEmpty = async (on: boolean) => {
  const r = await rest(
    stack.url,
    "PUT",
    "/api/v1/config",
    { config: [{ category: "display", name: "hide_category_without_document", value: String(on) }] },
    admin,
  );
  expect(r.status).toBe(200);
};

let docSeq = 0;
/** A document linked to `categories` (the document slice is not built yet: rows written directly). */
async function addDocument(categories: number[], fields: { status?: number; deletedAt?: Date } = {}) {
  docSeq++;
  const hash = `hash${docSeq}`.padEnd(32, "0");
  await db.attachment.create({ data: { hash, storageKey: `documents/${hash}.pdf`, ext: ".pdf", type: 2 } });
  const doc = await db.document.create({
    data: {
      title: `文档${docSeq}`,
      userId: 1n,
      attachmentHash: hash,
      ext: ".pdf",
      type: "pdf",
      status: fields.status ?? 2,
      deletedAt: fields.deletedAt ?? null,
    },
  });
  if (doc.deletedAt) {
    // the recycle bin keeps its categories (no API files a recycled document)
    await db.documentCategory.createMany({
      data: categories.map((c) => ({ documentId: doc.id, categoryId: BigInt(c) })),
    });
  } else {
    // staff file it: the categories' doc_count follows
    const r = await rest(
      stack.url,
      "PUT",
      "/api/v1/document/category",
      { document_id: [Number(doc.id)], category_id: categories },
      admin,
    );
    expect([r.status, r.json.message]).toEqual([200, undefined]);
  }
  return doc;
}

describe("categories", () => {
  afterEach(removeAll);

  test("create, get, update, list flat with parent_id (larger sort first), filter, delete", async () => {
    const tech = await create({ title: "技术", sort: 1, enable: true, icon: "/uploads/icon.png" });
    const edu = await create({
      title: "教育",
      sort: 5,
      enable: true,
      cover: "/uploads/c.png",
      description: "教育资料",
      show_description: true,
    });
    const web = await create({ title: "前端", parent_id: tech.id, sort: 3, enable: true });
    const db2 = await create({ title: "数据库", parent_id: tech.id, sort: 9, enable: true });
    const news = await create({ title: "技术", type: 1, enable: true });

    const got = await rest(stack.url, "GET", `/api/v1/category?id=${edu.id}`, undefined, admin);
    expect(got.status).toBe(200);
    expect(got.json).toMatchObject({
      id: edu.id,
      title: "教育",
      parent_id: 0,
      sort: 5,
      enable: true,
      cover: "/uploads/c.png",
      description: "教育资料",
      show_description: true,
      type: 0,
      doc_count: 0,
    });

    const all = await listAs();
    expect(all.total).toBe(5);
    expect(titles(all.category)).toEqual(["数据库", "教育", "前端", "技术", "技术"]);
    expect(titles((await listAs(undefined, `parent_id=${tech.id}`)).category)).toEqual(["数据库", "前端"]);
    expect(titles((await listAs(undefined, "parent_id=0&type=0")).category)).toEqual(["教育", "技术"]);
    expect((await listAs(undefined, "type=1")).category).toMatchObject([{ id: news.id, type: 1 }]);
    const paged = await listAs(undefined, "page=2&size=2");
    expect([paged.total, titles(paged.category)]).toEqual([5, ["前端", "技术"]]);

    // Move 前端 under 教育 and rename it.
    const upd = await rest(
      stack.url,
      "PUT",
      "/api/v1/category",
      { id: web.id, title: "前端开发", parent_id: edu.id, sort: 3, enable: true, type: 0 },
      admin,
    );
    expect([upd.status, upd.json.message]).toEqual([200, undefined]);
    expect((await listAs(undefined, `parent_id=${edu.id}`)).category).toMatchObject([
      { id: web.id, title: "前端开发", parent_id: edu.id },
    ]);

    // A parent keeping children cannot go alone; with its children it can.
    const refused = await rest(stack.url, "DELETE", `/api/v1/category?id=${tech.id}`, undefined, admin);
    expect([refused.status, refused.json.message]).toEqual([400, "请先删除或移走子分类「数据库」"]);
    const del = await rest(stack.url, "DELETE", `/api/v1/category?id=${tech.id}&id=${db2.id}`, undefined, admin);
    expect(del.status).toBe(200);
    expect((await rest(stack.url, "GET", `/api/v1/category?id=${tech.id}`, undefined, admin)).status).toBe(404);
    expect((await listAs()).total).toBe(3);
  });

  test("validation: clear messages, nothing saved", async () => {
    const parent = await create({ title: "父级", enable: true });
    const child = await create({ title: "子级", parent_id: parent.id, enable: true });
    const article = await create({ title: "文章分类", type: 1, enable: true });
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ title: "  " }, 400, "请输入分类名称"],
      [{ title: "长".repeat(65) }, 400, "分类名称不能超过64个字符"],
      [{ title: "坏类型", type: 7 }, 400, "参数 type 的值 7 无效，可选：0、1"], // an undeclared enum number: refused at the edge
      [{ title: "坏封面", cover: "javascript:alert(1)" }, 400, "封面地址须以 / 、http:// 或 https:// 开头"],
      [{ title: "坏图标", icon: "//evil.example/x.png" }, 400, "图标地址须以 / 、http:// 或 https:// 开头"],
      [{ title: "长描述", description: "字".repeat(501) }, 400, "分类描述不能超过500个字符"],
      [{ title: "无上级", parent_id: 999999 }, 400, "上级分类不存在"],
      [{ title: "混类型", parent_id: article.id, type: 0 }, 400, "上级分类必须是同一类型的分类"],
      [{ title: " 父级 " }, 409, "同一上级分类下已有名为「父级」的分类"],
      [{ title: "子级", parent_id: parent.id }, 409, "同一上级分类下已有名为「子级」的分类"],
    ];
    for (const [body, status, message] of cases) {
      const r = await rest(stack.url, "POST", "/api/v1/category", body, admin);
      expect([r.status, r.json.message]).toEqual([status, message]);
    }
    expect((await listAs(admin)).total).toBe(3);
    // The same title is fine under another parent or in the other type.
    await create({ title: "子级", enable: true });
    await create({ title: "父级", type: 1, enable: true });

    const put = (body: Record<string, unknown>) => rest(stack.url, "PUT", "/api/v1/category", body, admin);
    const cycle = await put({ id: parent.id, title: "父级", parent_id: child.id });
    expect([cycle.status, cycle.json.message]).toEqual([400, "不能将分类移动到自己或自己的下级分类之下"]);
    expect((await put({ id: parent.id, title: "父级", parent_id: parent.id })).status).toBe(400);
    const typeChange = await put({ id: parent.id, title: "父级", type: 1 });
    expect([typeChange.status, typeChange.json.message]).toEqual([400, "该分类下还有子分类，不能修改分类类型"]);
    const clash = await put({ id: child.id, title: "子级", parent_id: 0 });
    expect([clash.status, clash.json.message]).toEqual([409, "同一上级分类下已有名为「子级」的分类"]);
    const missing = await put({ id: 999999, title: "不存在" });
    expect([missing.status, missing.json.message]).toEqual([404, "分类不存在"]);
    expect((await put({ title: "无编号" })).status).toBe(400);
    expect((await rest(stack.url, "DELETE", "/api/v1/category", undefined, admin)).json.message).toBe(
      "请选择要删除的分类",
    );
    expect((await rest(stack.url, "GET", `/api/v1/category?id=${child.id}`, undefined, admin)).json).toMatchObject({
      title: "子级",
      parent_id: parent.id,
    });
  });

  test("visitors see enabled categories under enabled parents; the admin sees all and can filter", async () => {
    const shown = await create({ title: "显示", enable: true });
    const hidden = await create({ title: "隐藏", enable: false });
    await create({ title: "隐藏之子", parent_id: hidden.id, enable: true });
    await create({ title: "显示之子", parent_id: shown.id, enable: true });
    await create({ title: "关闭之子", parent_id: shown.id, enable: false });

    const visitor = await listAs();
    expect([visitor.total, titles(visitor.category).sort()]).toEqual([2, ["显示", "显示之子"].sort()]);
    // wd and enable are for staff: a visitor (or a plain user) asking for disabled ones gets the public view.
    expect(titles((await listAs(undefined, "enable=false&wd=隐藏")).category).sort()).toEqual(
      ["显示", "显示之子"].sort(),
    );
    expect((await listAs(plain, "enable=false")).total).toBe(2);

    expect((await listAs(admin)).total).toBe(5);
    expect(titles((await listAs(admin, "enable=false")).category).sort()).toEqual(["关闭之子", "隐藏"].sort());
    expect(titles((await listAs(admin, "wd=之子")).category).sort()).toEqual(
      ["关闭之子", "显示之子", "隐藏之子"].sort(),
    );
  });

  test("doc_count, hide_category_without_document, and deletion refused while documents remain", async () => {
    const root = await create({ title: "有文档", enable: true });
    const leaf = await create({ title: "叶子", parent_id: root.id, enable: true });
    await create({ title: "空分类", enable: true });

    const shared = await addDocument([root.id, leaf.id]);
    await addDocument([root.id]);
    await addDocument([root.id], { status: 6 }); // pending review: not counted
    const recycled = await addDocument([leaf.id], { deletedAt: new Date() }); // recycle bin: not counted
    const counts = Object.fromEntries((await listAs()).category.map((c) => [c.title, c.doc_count]));
    expect(counts).toEqual({ 有文档: 2, 叶子: 1, 空分类: 0 });

    await setHideEmpty(true);
    try {
      expect(titles((await listAs()).category).sort()).toEqual(["叶子", "有文档"].sort());
      expect((await listAs(admin)).total).toBe(3);

      // Once its last counted document leaves (staff disable it), the leaf is hidden too.
      const disable = await rest(
        stack.url,
        "PUT",
        "/api/v1/document/check",
        { id: [Number(shared.id)], status: 4, reason: "下架" },
        admin,
      );
      expect([disable.status, disable.json.message]).toEqual([200, undefined]);
      expect(titles((await listAs()).category)).toEqual(["有文档"]);
    } finally {
      await setHideEmpty(false);
    }
    expect((await listAs()).total).toBe(3);

    // A document in the recycle bin still holds its category.
    await db.documentCategory.deleteMany({ where: { categoryId: BigInt(root.id) } });
    const refused = await rest(stack.url, "DELETE", `/api/v1/category?id=${leaf.id}`, undefined, admin);
    expect([refused.status, refused.json.message]).toEqual([
      400,
      "分类「叶子」下还有文档（含回收站中的文档），请先移走文档",
    ]);
    const typeChange = await rest(
      stack.url,
      "PUT",
      "/api/v1/category",
      { id: leaf.id, title: "叶子", parent_id: 0, type: 1 },
      admin,
    );
    expect([typeChange.status, typeChange.json.message]).toEqual([400, "该分类下还有文档，不能修改分类类型"]);
    await db.document.delete({ where: { id: recycled.id } });
    await db.documentCategory.deleteMany({ where: { categoryId: BigInt(leaf.id) } });
    expect((await rest(stack.url, "DELETE", `/api/v1/category?id=${leaf.id}`, undefined, admin)).status).toBe(200);
  });

  test("managing categories needs the permission", async () => {
    const cat = await create({ title: "权限", enable: true });
    expect((await rest(stack.url, "POST", "/api/v1/category", { title: "x" })).status).toBe(401);
    const calls: Array<[string, string, unknown]> = [
      ["POST", "/api/v1/category", { title: "x" }],
      ["PUT", "/api/v1/category", { id: cat.id, title: "x" }],
      ["DELETE", `/api/v1/category?id=${cat.id}`, undefined],
      ["GET", `/api/v1/category?id=${cat.id}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const r = await rest(stack.url, method, path, body, plain);
      expect([method, r.status]).toEqual([method, 403]);
    }
    expect((await rest(stack.url, "GET", `/api/v1/category?id=${cat.id}`, undefined, admin)).json).toMatchObject({
      title: "权限",
    });
  });
});

// DocumentAPI (metadata side) and RecycleAPI over REST against real PostgreSQL: creating documents
// from granted attachments (keywords derived, category paths, review groups), who sees them (get),
// editing and review rules, and the recycle bin. Lists and refused input: content.document.lists.
import {
  admin,
  alice,
  attachment,
  bob,
  call,
  carol,
  category,
  createDocs,
  type Doc,
  db,
  get,
  ids,
  list,
  setupDocumentSite,
} from "./documents.fixture.js";
import { eventually } from "./testing.js";

setupDocumentSite();

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

  test("a rejection's reason reaches the uploader (and staff), nobody else; approval clears it", async () => {
    const [doc] = await createDocs(carol, {
      category_id: [await category("原因分类")],
      document: [{ attachment_id: await attachment(carol.id, "reason.pdf"), title: "待补充的文档" }],
    });
    const id = Number(doc?.id);
    const reason = "内容不完整，请补充后重新上传";
    const tooLong = await call(
      "PUT",
      "/api/v1/document/check",
      { id: [id], status: 7, reason: "长".repeat(256) },
      admin,
    );
    expect([tooLong.status, tooLong.json.message]).toEqual([400, "原因不能超过255个字符"]);
    expect((await get(id, carol.token)).json.status).toBe(6); // nothing was written

    expect((await call("PUT", "/api/v1/document/check", { id: [id], status: 7, reason }, admin)).status).toBe(200);
    expect((await get(id, carol.token)).json).toMatchObject({ status: 7, review_reason: reason });
    expect((await get(id, admin)).json.review_reason).toBe(reason);
    const mine = (await list(`user_id=${carol.id}`, carol.token)).document.find((d) => d.id === id);
    expect(mine?.review_reason).toBe(reason);
    expect((await get(id, bob.token)).status).toBe(404); // others do not even see the document

    // staff publish it after all: the reason no longer applies
    await db.document.update({ where: { id: BigInt(id) }, data: { pages: 2 } });
    expect((await call("PUT", "/api/v1/document/check", { id: [id], status: 2 }, admin)).status).toBe(200);
    const published = (await get(id)).json;
    expect([published.status, published.review_reason]).toEqual([2, ""]);
    expect((await get(id, carol.token)).json.review_reason).toBe("");
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

// Uploads over the gateway: multipart upload of documents (dedup, grants, types, limits) and exist-by-hash.

import { randomBytes } from "node:crypto";
import { makePdf } from "@wenku/testkit/documents";
import {
  addDocument,
  alice,
  bob,
  carol,
  db,
  md5,
  originals,
  pdf,
  setConfig,
  setupFilesSite,
  stack,
  storage,
  upload,
  uploaded,
  uploadOnce,
} from "./files.fixture.js";
import { rest } from "./testing.js";

setupFilesSite();

describe("POST /api/v1/upload/document", () => {
  test("a PDF becomes an attachment (moredoc's envelope), granted to the uploader, stored once", async () => {
    const r = await uploadOnce();
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ code: 200, message: "ok" });
    const data = r.json.data as Record<string, unknown>;
    expect(data).toMatchObject({
      hash: md5(pdf),
      name: "季度报告.pdf",
      ext: ".pdf",
      size: pdf.length,
      type: 2,
      user_id: alice.id,
      enable: true,
      path: "",
    });
    expect(JSON.stringify(data)).not.toContain("originals/");

    const row = await db.attachment.findUniqueOrThrow({ where: { hash: uploaded.hash } });
    expect(row.storageKey).toMatch(/^originals\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(row.mime).toBe("application/pdf");
    expect(row.ip).toBe("127.0.0.1");
    expect((await storage.stat(row.storageKey))?.size).toBe(pdf.length);
    const grants = await db.attachmentGrant.findMany({ where: { attachmentId: row.id } });
    expect(grants.map((g) => Number(g.userId))).toEqual([alice.id]);
    expect(await originals()).toHaveLength(1);
  });

  test("the same bytes again (another user): the same attachment, a grant, no second object", async () => {
    const r = await upload(pdf, "copy.pdf", bob.token);
    expect(r.status).toBe(200);
    expect((r.json.data as { id: number }).id).toBe(uploaded.id);
    expect(await originals()).toHaveLength(1);
    const grants = await db.attachmentGrant.findMany({ where: { attachmentId: BigInt(uploaded.id) } });
    expect(grants.map((g) => Number(g.userId)).sort()).toEqual([alice.id, bob.id].sort());
  });

  test("concurrent uploads of new identical bytes all succeed with one attachment", async () => {
    const bytes = makePdf({ pages: 1, lines: () => ["concurrent"] });
    const before = (await originals()).length;
    const rs = await Promise.all([alice, bob, carol].map((u) => upload(bytes, "same.pdf", u.token)));
    expect(rs.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(rs.map((r) => (r.json.data as { id: number }).id)).size).toBe(1);
    expect(await originals()).toHaveLength(before + 1);
  });

  test("anonymous → 401", async () => {
    const r = await upload(pdf, "a.pdf");
    expect([r.status, r.json.message]).toEqual([401, "请先登录"]);
  });

  test("an unsupported extension → 400 naming it, nothing stored", async () => {
    const before = (await originals()).length;
    const r = await upload(randomBytes(100), "setup.exe", alice.token);
    expect([r.status, r.json.message]).toEqual([400, "不支持的文件类型：.exe"]);
    expect(await originals()).toHaveLength(before);
  });

  test("an empty file → 400", async () => {
    const before = (await originals()).length;
    const r = await upload(new Uint8Array(), "empty.pdf", alice.token);
    expect([r.status, r.json.message]).toEqual([400, "不能上传空文件"]);
    expect(await originals()).toHaveLength(before);
  });

  test("no file field, or not multipart → 400", async () => {
    const r = await upload(pdf, "a.pdf", alice.token, "document");
    expect([r.status, r.json.message]).toEqual([400, "请选择要上传的文件"]);
    const json = await rest(stack.url, "POST", "/api/v1/upload/document", { file: "x" }, alice.token);
    expect(json.status).toBe(400);
  });

  test("over security.max_document_size → 413 with the limit, nothing left in storage", async () => {
    await setConfig("security", "max_document_size", "1");
    const before = (await originals()).length;
    try {
      const r = await upload(randomBytes(1024 * 1024 + 300 * 1024), "big.pdf", alice.token);
      expect([r.status, r.json.message]).toEqual([413, "文件大小超过限制（最大 1 MB）"]);
      expect(await originals()).toHaveLength(before);
      // a body far beyond the limit is cut off rather than read to the end; the client still gets an answer or a reset
      const huge = await upload(randomBytes(12 * 1024 * 1024), "huge.pdf", alice.token).catch(() => null);
      if (huge) expect(huge.status).toBe(413);
      expect(await originals()).toHaveLength(before);
      // the gateway keeps serving
      expect((await upload(makePdf({ pages: 1, lines: () => ["small"] }), "small.pdf", alice.token)).status).toBe(200);
    } finally {
      await setConfig("security", "max_document_size", "50");
    }
  });
});

describe("GET /api/v1/document/exist", () => {
  test("true for stored content (and the caller is granted it), false for unknown, 400 for a bad hash", async () => {
    const hit = await rest(stack.url, "GET", `/api/v1/document/exist?hash=${uploaded.hash}`, undefined, carol.token);
    expect([hit.status, hit.json]).toEqual([200, { exist: true, attachment_id: uploaded.id, document_id: 0 }]);
    const grant = await db.attachmentGrant.findUnique({
      where: { attachmentId_userId: { attachmentId: BigInt(uploaded.id), userId: BigInt(carol.id) } },
    });
    expect(grant).not.toBeNull();

    const miss = await rest(stack.url, "GET", `/api/v1/document/exist?hash=${"0".repeat(32)}`, undefined, carol.token);
    expect([miss.status, miss.json]).toEqual([200, { exist: false, attachment_id: 0, document_id: 0 }]);
    const bad = await rest(stack.url, "GET", "/api/v1/document/exist?hash=xyz", undefined, carol.token);
    expect(bad.status).toBe(400);
    const anon = await rest(stack.url, "GET", `/api/v1/document/exist?hash=${uploaded.hash}`);
    expect(anon.status).toBe(401);
  });

  test("names a document made from the content when the caller may see it, never one in the recycle bin", async () => {
    const bytes = makePdf({ pages: 1, lines: () => ["published once"] });
    await upload(bytes, "once.pdf", alice.token);
    const ask = async (u: { token: string }) =>
      (await rest(stack.url, "GET", `/api/v1/document/exist?hash=${md5(bytes)}`, undefined, u.token)).json;
    expect(await ask(alice)).toMatchObject({ exist: true, document_id: 0 });

    const waiting = await addDocument(md5(bytes), { userId: alice.id, status: 6 }); // pending review: alice's own
    expect(await ask(alice)).toMatchObject({ document_id: waiting });
    expect(await ask(carol)).toMatchObject({ exist: true, document_id: 0 });

    await db.document.update({ where: { id: BigInt(waiting) }, data: { deletedAt: new Date() } });
    expect(await ask(alice)).toMatchObject({ exist: true, document_id: 0 });
    const published = await addDocument(md5(bytes), { userId: alice.id, status: 2 });
    expect(await ask(carol)).toMatchObject({ document_id: published });
  });

  test("false when the object is gone from storage or the attachment is disabled", async () => {
    const bytes = makePdf({ pages: 1, lines: () => ["gone"] });
    const up = await upload(bytes, "gone.pdf", alice.token);
    const row = await db.attachment.findUniqueOrThrow({ where: { hash: md5(bytes) } });
    await storage.delete(row.storageKey);
    const r = await rest(stack.url, "GET", `/api/v1/document/exist?hash=${md5(bytes)}`, undefined, alice.token);
    expect(r.json.exist).toBe(false);
    // uploading the bytes again repairs the attachment: same row, the new object adopted
    const again = await upload(bytes, "gone.pdf", alice.token);
    expect((again.json.data as { id: number }).id).toBe((up.json.data as { id: number }).id);
    const repaired = await db.attachment.findUniqueOrThrow({ where: { hash: md5(bytes) } });
    expect(await storage.stat(repaired.storageKey)).not.toBeNull();
    await db.attachment.update({ where: { id: row.id }, data: { enable: false } });
    const off = await rest(stack.url, "GET", `/api/v1/document/exist?hash=${md5(bytes)}`, undefined, alice.token);
    expect(off.json.exist).toBe(false);
  });
});

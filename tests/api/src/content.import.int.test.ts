// DocumentInternalAPI.ImportDocument on the whole site (both transports): a file streamed by a Wenku
// service (the spider, imports) becomes a document of the chosen owner exactly as an upload followed by
// CreateDocument does (stored once per content, the owner's reward and counts, converted and then
// found by search); a file a live document already holds creates nothing; a refused header, a short
// or broken stream and a caller without the internal credential leave nothing stored and no row.
import { createHash, randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { headers } from "@wenku/kit";
import {
  DocumentInternalAPI,
  type ImportDocumentChunk,
  ImportDocumentChunkSchema,
  type ImportDocumentHeader,
} from "@wenku/proto/api/v1/content_internal_pb.js";
import { makePdf } from "@wenku/testkit/documents";
import { type ContentDb, openContentDb } from "./db.js";
import { createCategory } from "./documents.js";
import { eventually, loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let db: ContentDb;
let admin: string;
let owner: { token: string; id: number };
let disabled: { token: string; id: number };
let category: number;
let languageId: bigint;

const md5 = (b: Uint8Array) => createHash("md5").update(b).digest("hex");
const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);
async function setConfig(category: string, name: string, value: string) {
  const r = await call("PUT", "/api/v1/config", { config: [{ category, name, value }] }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
}

/** Every file under the storage root (originals, and bodies being written under .wenku/tmp). */
async function stored(under: string): Promise<string[]> {
  try {
    const all = await readdir(join(stack.storageDir, under), { recursive: true, withFileTypes: true });
    return all.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}
const originals = () => stored("originals");
const temporaries = () => stored(".wenku/tmp");

const header = (h: Partial<ImportDocumentHeader> = {}) => ({
  userId: BigInt(owner.id),
  title: "采集的报告",
  ext: "pdf",
  categoryId: [BigInt(category)],
  languageId,
  price: 3,
  sourceUrl: "https://example.com/files/report.pdf",
  size: 0n,
  ...h,
});

/** The header, then `bytes` in chunks; `cut`: throw after that many bytes were sent. */
async function* chunks(
  h: ReturnType<typeof header>,
  bytes: Uint8Array,
  opts: { cut?: number; chunk?: number } = {},
): AsyncGenerator<ImportDocumentChunk> {
  yield create(ImportDocumentChunkSchema, { part: { case: "header", value: h } });
  const step = opts.chunk ?? 4096;
  for (let at = 0; at < bytes.length; at += step) {
    if (opts.cut !== undefined && at >= opts.cut) throw new Error("the sender's disk failed");
    yield create(ImportDocumentChunkSchema, { part: { case: "data", value: bytes.subarray(at, at + step) } });
  }
}

const client = () => createClient(DocumentInternalAPI, stack.transports.content);
const credential = () => ({ headers: { [headers.internal]: stack.internalToken } });

/** Imports `bytes` with the header (its size the file's unless given), as a Wenku service does. */
function importFile(bytes: Uint8Array, h: Partial<ImportDocumentHeader> = {}, opts: { cut?: number } = {}) {
  return client().importDocument(chunks(header({ size: BigInt(bytes.length), ...h }), bytes, opts), credential());
}
/** How a call ended: its Connect code and message ("OK" when it was not refused). */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => ({ code: "OK", message: "" }),
    (e: unknown) => {
      const err = ConnectError.from(e);
      return { code: Code[err.code], message: err.rawMessage };
    },
  );

/** What the site holds: documents, attachments, stored originals; compared before and after a refusal. */
const holdings = async () => ({
  documents: await db.document.count(),
  attachments: await db.attachment.count(),
  originals: (await originals()).length,
});

beforeAll(async () => {
  stack = await startTestStack({ env: { SEARCH_POLL_SEC: "0.2" } });
  db = openContentDb(stack);
  admin = await loginAdmin(stack.url);
  owner = await registerUser(stack.url, "import_owner");
  disabled = await registerUser(stack.url, "import_disabled");
  const off = await call("PUT", "/api/v1/user/profile", { id: disabled.id, status: 1 }, admin);
  expect([off.status, off.json.message]).toEqual([200, undefined]);
  category = await createCategory(stack.url, admin, "采集资料");
  const lang = await db.language.findFirst({ where: { enable: true }, orderBy: { id: "asc" } });
  if (!lang) throw new Error("no enabled language is seeded");
  languageId = lang.id;
  await setConfig("score", "upload_document", "5");
  await setConfig("score", "upload_document_limit", "10");
}, 60_000);
afterAll(async () => {
  await db?.$disconnect();
  await stack?.stop();
});

test("a new file becomes the owner's document as an upload would: stored once, rewarded, converted, found", async () => {
  const pdf = makePdf({ pages: 2, lines: (n) => [`imported page ${n}`, "spiderwebbed quarterly figures"] });
  const before = await holdings();
  const reply = await importFile(pdf);
  expect(reply.duplicate).toBe(false);
  expect(reply.hash).toBe(md5(pdf));
  const doc = await db.document.findUniqueOrThrow({
    where: { id: reply.documentId },
    include: { categories: true, attachment: true },
  });
  expect(doc).toMatchObject({
    userId: BigInt(owner.id),
    title: "采集的报告",
    ext: ".pdf",
    type: "pdf",
    price: 3,
    languageId,
    sourceUrl: "https://example.com/files/report.pdf",
    attachmentHash: md5(pdf),
    size: BigInt(pdf.length),
    deletedAt: null,
  });
  expect(doc.categories.map((c) => Number(c.categoryId))).toEqual([category]);
  expect(doc.attachment).toMatchObject({ userId: BigInt(owner.id), type: 2, name: "采集的报告.pdf", ext: ".pdf" });
  const grants = await db.attachmentGrant.findMany({ where: { attachmentId: doc.attachment.id } });
  expect(grants.map((g) => Number(g.userId))).toEqual([owner.id]);
  expect(await holdings()).toEqual({
    documents: before.documents + 1,
    attachments: before.attachments + 1,
    originals: before.originals + 1,
  });

  // queued for conversion and converted; then searchable like any upload
  const converted = await eventually(async () => {
    const d = await db.document.findUniqueOrThrow({ where: { id: reply.documentId } });
    expect(d.status).toBe(2);
    return d;
  }, 30_000);
  expect(converted.pages).toBe(2);
  await eventually(async () => {
    const r = await call("GET", `/api/v1/document/search?wd=${encodeURIComponent("spiderwebbed")}`);
    expect((r.json.document as Array<{ id: number }> | undefined)?.map((d) => d.id)).toEqual([
      Number(reply.documentId),
    ]);
  }, 15_000);
  // the owner's counts and the upload reward, as CreateDocument gives them
  await eventually(async () => {
    const me = await call("GET", `/api/v1/user?id=${owner.id}`, undefined, owner.token);
    expect(me.json.doc_count).toBe(1);
  });
  await eventually(async () => {
    const log = await call("GET", "/api/v1/user/credit/log", undefined, owner.token);
    const entries = (log.json.credit_log as Array<{ ref_type: string; amount: number }> | undefined) ?? [];
    expect(entries.filter((l) => l.ref_type === "upload_document").map((l) => l.amount)).toEqual([5]);
  });
});

test("a file a live document holds creates nothing: duplicate names that document; a recycled one does not count", async () => {
  const pdf = makePdf({ pages: 1, lines: () => ["held once"] });
  const first = await importFile(pdf, { title: "第一份" });
  expect(first.duplicate).toBe(false);
  const before = await holdings();
  // the same bytes again, even for another owner and title: the document that holds them
  const other = await registerUser(stack.url, "import_other");
  const again = await importFile(pdf, { title: "第二份", userId: BigInt(other.id) });
  expect(again).toMatchObject({ documentId: first.documentId, duplicate: true, hash: md5(pdf) });
  expect(await holdings()).toEqual(before);
  expect(await db.document.count({ where: { userId: BigInt(other.id) } })).toBe(0);

  // imports of one new file at once: one document, the others duplicates of it
  const fresh = makePdf({ pages: 1, lines: () => ["at once"] });
  const replies = await Promise.all([1, 2, 3].map(() => importFile(fresh, { title: "并发导入" })));
  expect(replies.filter((r) => !r.duplicate)).toHaveLength(1);
  expect(new Set(replies.map((r) => r.documentId)).size).toBe(1);
  expect(await db.document.count({ where: { attachmentHash: md5(fresh) } })).toBe(1);

  // in the recycle bin it no longer holds the file: a new document links the stored file
  expect((await call("DELETE", `/api/v1/document?id=${first.documentId}`, undefined, owner.token)).status).toBe(200);
  const originalsBefore = (await originals()).length;
  const revived = await importFile(pdf, { title: "第三份" });
  expect(revived.duplicate).toBe(false);
  expect(revived.documentId).not.toBe(first.documentId);
  expect((await originals()).length).toBe(originalsBefore);
});

test("a file uploaded but never made a document is linked, not stored again", async () => {
  const pdf = makePdf({ pages: 1, lines: () => ["uploaded before"] });
  const form = new FormData();
  form.append("file", new Blob([pdf]), "先上传.pdf");
  const up = await fetch(`${stack.url}/api/v1/upload/document`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(up.status).toBe(200);
  const before = await holdings();
  const reply = await importFile(pdf, { title: "后导入" });
  expect(reply.duplicate).toBe(false);
  expect(await holdings()).toEqual({ ...before, documents: before.documents + 1 });
});

test("a refused header is a clear error before a byte is stored", async () => {
  const pdf = makePdf({ pages: 1, lines: () => ["refused"] });
  await setConfig("download", "max_price", "100");
  const before = await holdings();
  const cases: Array<[Partial<ImportDocumentHeader>, string, string]> = [
    [{ userId: 0n }, "InvalidArgument", "请指定文档的上传者"],
    [{ userId: 987654321n }, "InvalidArgument", "上传者不存在"],
    [{ userId: BigInt(disabled.id) }, "PermissionDenied", "您的账号已被禁用"],
    [{ ext: "exe" }, "InvalidArgument", "不支持的文件类型：.exe"],
    [{ ext: "" }, "InvalidArgument", "不支持的文件类型：（无扩展名）"],
    [{ ext: "../pdf" }, "InvalidArgument", "不支持的文件类型：../pdf"],
    [{ size: 0n }, "InvalidArgument", "请声明文件大小"],
    [{ size: -5n }, "InvalidArgument", "请声明文件大小"],
    [{ size: 1n << 62n }, "ResourceExhausted", "文件大小超过限制（最大 50 MB）"],
    [{ title: "   " }, "InvalidArgument", "文档标题不能为空"],
    [{ title: "长".repeat(256) }, "InvalidArgument", "文档标题不能超过255个字符"],
    [{ categoryId: [] }, "InvalidArgument", "请选择文档分类"],
    [{ categoryId: [-1n] }, "InvalidArgument", "文档分类编号须为正数"],
    [{ categoryId: [987654321n] }, "InvalidArgument", "文档分类不存在"],
    [{ languageId: -1n }, "InvalidArgument", "文档语言编号不能为负数"],
    [{ languageId: 987654321n }, "InvalidArgument", "文档语言不存在"],
    [{ price: -1 }, "InvalidArgument", "文档价格不能小于0"],
    [{ price: 101 }, "InvalidArgument", "文档价格不能超过100"],
    [{ sourceUrl: "ftp://example.com/a.pdf" }, "InvalidArgument", "来源地址须以 http:// 或 https:// 开头"],
  ];
  for (const [h, code, message] of cases) {
    const size = h.size ?? BigInt(pdf.length);
    const got = await refusal(client().importDocument(chunks(header({ ...h, size }), pdf), credential()));
    expect({ h, ...got }).toEqual({ h, code, message });
  }
  // bytes before the header, and a second header
  const data = create(ImportDocumentChunkSchema, { part: { case: "data", value: pdf } });
  const head = create(ImportDocumentChunkSchema, { part: { case: "header", value: header({ size: 4n }) } });
  for (const parts of [[data], [head, head]]) {
    const got = await refusal(
      client().importDocument(
        (async function* () {
          yield* parts;
        })(),
        credential(),
      ),
    );
    expect(got).toEqual({ code: "InvalidArgument", message: "上传请求须先发送文件信息" });
  }
  expect(await holdings()).toEqual(before);
  // (earlier imports' conversions may be writing their pages meanwhile: they finish)
  await eventually(async () => expect(await temporaries()).toEqual([]), 15_000);
});

test("a stream that ends short, runs long or breaks in the middle stores nothing and leaves no row", async () => {
  const pdf = Buffer.concat([makePdf({ pages: 1, lines: () => ["cut"] }), randomBytes(64 * 1024)]);
  const before = await holdings();
  const short = await refusal(importFile(pdf.subarray(0, 20_000), { size: BigInt(pdf.length) }));
  expect(short).toEqual({ code: "InvalidArgument", message: "文件大小与声明不符" });
  const long = await refusal(importFile(pdf, { size: BigInt(pdf.length - 1) }));
  expect(long).toEqual({ code: "InvalidArgument", message: "文件大小与声明不符" });
  const broken = await refusal(importFile(pdf, {}, { cut: 30_000 }));
  expect(broken.code).not.toBe("OK");
  await eventually(async () => expect(await temporaries()).toEqual([]), 15_000);
  expect(await holdings()).toEqual(before);
  expect(await db.attachment.count({ where: { hash: md5(pdf) } })).toBe(0);
});

test("without the internal credential the import is refused and nothing is stored", async () => {
  const pdf = makePdf({ pages: 1, lines: () => ["unauthorised"] });
  const before = await holdings();
  const h = header({ size: BigInt(pdf.length) });
  const none = await refusal(client().importDocument(chunks(h, pdf)));
  expect(none.code).toBe("PermissionDenied");
  const wrong = await refusal(
    client().importDocument(chunks(h, pdf), { headers: { [headers.internal]: randomBytes(32).toString("hex") } }),
  );
  expect(wrong.code).toBe("PermissionDenied");
  // a signed-in user's token is no internal credential either
  const asUser = await refusal(
    client().importDocument(chunks(h, pdf), { headers: { authorization: `Bearer ${owner.token}` } }),
  );
  expect(asUser.code).toBe("PermissionDenied");
  expect(await holdings()).toEqual(before);
});

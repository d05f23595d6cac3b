// The file side of documents over the gateway: multipart upload (dedup, grants, limits), exist-by-hash,
// page images and covers (visibility, preview limit, ETags, headers), signed downloads (limits, prices,
// tampered and expired links). Documents are written directly: the document RPCs are another slice.
import { createHash, randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { createDb, type Db } from "@wenku/content";
import { makePdf } from "@wenku/content/conversion/fixtures.js";
import { createLocalStorage, type Storage } from "@wenku/kit/storage/index.js";
import { ADMIN_PASSWORD, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let db: Db;
let storage: Storage;
let admin: string;
type User = { token: string; id: number };
let alice: User;
let bob: User;
let carol: User;

const md5 = (b: Uint8Array) => createHash("md5").update(b).digest("hex");
const pdf = makePdf({ pages: 2 });

async function register(username: string): Promise<User> {
  const r = await rest(stack.url, "POST", "/api/v1/user/register", { username, password: "secret123" });
  expect(r.status).toBe(200);
  return { token: r.json.token as string, id: (r.json.user as { id: number }).id };
}
async function setConfig(category: string, name: string, value: string) {
  const r = await rest(stack.url, "PUT", "/api/v1/config", { config: [{ category, name, value }] }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
}
async function upload(bytes: Uint8Array, name: string, token?: string, field = "file") {
  const form = new FormData();
  form.append("title", "ignored");
  form.append(field, new Blob([bytes]), name);
  const res = await fetch(`${stack.url}/api/v1/upload/document`, {
    method: "POST",
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text) as Record<string, unknown> };
}
async function originals(): Promise<string[]> {
  const dir = join(stack.storageDir, "originals");
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
}
const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(stack.url + path, { method, headers });
const bearer = (u: User | string) => ({ authorization: `Bearer ${typeof u === "string" ? u : u.token}` });

let docSeq = 0;
async function addDocument(
  hash: string,
  fields: { userId: number; status?: number; price?: number; deleted?: boolean },
) {
  docSeq++;
  const doc = await db.document.create({
    data: {
      title: `文档 ${docSeq}`,
      userId: BigInt(fields.userId),
      attachmentHash: hash,
      ext: ".pdf",
      type: "pdf",
      pages: 3,
      preview: 2,
      status: fields.status ?? 2,
      price: fields.price ?? 0,
      deletedAt: fields.deleted ? new Date() : null,
    },
  });
  return Number(doc.id);
}

let uploaded: { id: number; hash: string };
let firstUpload: Promise<Awaited<ReturnType<typeof upload>>> | undefined;
/** Alice's upload of `pdf`, once per file (tests that need it run alone too, with -t). */
async function uploadOnce() {
  firstUpload ??= upload(pdf, "季度报告.pdf", alice.token);
  const r = await firstUpload;
  uploaded = { id: (r.json.data as { id: number }).id, hash: md5(pdf) };
  return r;
}

beforeAll(async () => {
  stack = await startTestStack();
  db = createDb(stack.databaseUrl);
  storage = await createLocalStorage({ root: stack.storageDir });
  const r = await rest(stack.url, "POST", "/api/v1/user/login", { username: "admin", password: ADMIN_PASSWORD });
  expect(r.status).toBe(200);
  admin = r.json.token as string;
  alice = await register("filealice");
  bob = await register("filebob");
  carol = await register("filecarol");
  // every request of this file comes from 127.0.0.1: keep the per-IP limit out of the way
  await setConfig("download", "times_every_ip", "1000");
  await uploadOnce();
}, 60_000);
afterAll(async () => {
  await db.$disconnect();
  await stack.stop();
});

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
    expect([hit.status, hit.json]).toEqual([200, { exist: true, attachment_id: uploaded.id }]);
    const grant = await db.attachmentGrant.findUnique({
      where: { attachmentId_userId: { attachmentId: BigInt(uploaded.id), userId: BigInt(carol.id) } },
    });
    expect(grant).not.toBeNull();

    const miss = await rest(stack.url, "GET", `/api/v1/document/exist?hash=${"0".repeat(32)}`, undefined, carol.token);
    expect([miss.status, miss.json]).toEqual([200, { exist: false, attachment_id: 0 }]);
    const bad = await rest(stack.url, "GET", "/api/v1/document/exist?hash=xyz", undefined, carol.token);
    expect(bad.status).toBe(400);
    const anon = await rest(stack.url, "GET", `/api/v1/document/exist?hash=${uploaded.hash}`);
    expect(anon.status).toBe(401);
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

describe("page images and covers", () => {
  const svg = (n: number) => `<svg xmlns="http://www.w3.org/2000/svg"><text>page ${n}</text></svg>`;
  const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
  let pub: number;
  let review: number;

  beforeAll(async () => {
    const prefix = `documents/${uploaded.hash}`;
    for (const n of [1, 2, 3]) {
      await storage.put(`${prefix}/page-${n}.svg`, Buffer.from(svg(n)));
      await storage.put(`${prefix}/page-${n}.gzip.svg`, gzipSync(svg(n)));
    }
    await storage.put(`${prefix}/cover.png`, png);
    pub = await addDocument(uploaded.hash, { userId: alice.id });
    review = await addDocument(uploaded.hash, { userId: alice.id, status: 6 });
  });

  test("a page of a public document: 200 with type, ETag, public caching, length, nosniff and a CSP", async () => {
    const res = await get(`/view/page/${pub}/1.svg`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(svg(1));
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(svg(1))));
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  test("If-None-Match with the ETag → 304 without a body", async () => {
    const etag = (await get(`/view/page/${pub}/2.svg`)).headers.get("etag") as string;
    const res = await get(`/view/page/${pub}/2.svg`, { "if-none-match": etag });
    expect(res.status).toBe(304);
    expect(res.headers.get("etag")).toBe(etag);
    expect(await res.text()).toBe("");
    expect((await get(`/view/page/${pub}/1.svg`, { "if-none-match": etag })).status).toBe(200);
  });

  test("beyond the preview limit, page 0, or malformed ids → 404 JSON", async () => {
    for (const path of [
      `/view/page/${pub}/3.svg`,
      `/view/page/${pub}/0.svg`,
      "/view/page/abc/1.svg",
      "/view/page/99999/1.svg",
      "/view/x",
    ]) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });

  test("the gzip variant is sent as stored with Content-Encoding: gzip", async () => {
    const res = await get(`/view/page/${pub}/1.gzip.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(await res.text()).toBe(svg(1)); // fetch decodes it
    const raw = await get(`/view/page/${pub}/1.gzip.svg`, {}, "HEAD");
    expect(raw.headers.get("content-length")).toBe(String(gzipSync(svg(1)).length));
  });

  test("the cover is a PNG", async () => {
    const res = await get(`/view/cover/${pub}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png);
  });

  test("HEAD answers the headers only", async () => {
    const res = await get(`/view/page/${pub}/1.svg`, {}, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(svg(1))));
    expect(await res.text()).toBe("");
  });

  test("a document pending review: 404 for visitors and other users, private pages for its owner and admin", async () => {
    expect((await get(`/view/page/${review}/1.svg`)).status).toBe(404);
    expect((await get(`/view/cover/${review}`)).status).toBe(404);
    expect((await get(`/view/page/${review}/1.svg`, bearer(bob))).status).toBe(404);
    for (const who of [alice.token, admin]) {
      const res = await get(`/view/page/${review}/1.svg`, bearer(who));
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(await res.text()).toBe(svg(1));
    }
  });

  test("a document in the recycle bin is gone for its owner too", async () => {
    const gone = await addDocument(uploaded.hash, { userId: alice.id, deleted: true });
    expect((await get(`/view/page/${gone}/1.svg`, bearer(alice))).status).toBe(404);
  });

  test("a page larger than one message is streamed whole (and revalidated)", async () => {
    const big = `<svg xmlns="http://www.w3.org/2000/svg">${"<path d='M0 0L1 1'/>".repeat(20_000)}</svg>`; // ~400 KB
    await storage.put(`documents/${uploaded.hash}/page-3.svg`, Buffer.from(big));
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    await db.document.update({ where: { id: BigInt(id) }, data: { preview: 0 } });
    const res = await get(`/view/page/${id}/3.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String(big.length));
    expect(await res.text()).toBe(big);
    const etag = res.headers.get("etag") as string;
    expect((await get(`/view/page/${id}/3.svg`, { "if-none-match": etag })).status).toBe(304);
  });

  test("with the page cache warm, a rejected or deleted document's pages are 404 at once, and back at once when restored", async () => {
    const rejected = await addDocument(uploaded.hash, { userId: alice.id });
    const deleted = await addDocument(uploaded.hash, { userId: alice.id });
    const etags = new Map<number, string>();
    for (const id of [rejected, deleted]) {
      // warm: the document, the stat and the bytes are cached, and a revalidation is answered from them
      const res = await get(`/view/page/${id}/1.gzip.svg`);
      expect(res.status).toBe(200);
      etags.set(id, res.headers.get("etag") as string);
      expect((await get(`/view/page/${id}/1.gzip.svg`, { "if-none-match": etags.get(id) as string })).status).toBe(304);
      expect((await get(`/view/cover/${id}`)).status).toBe(200);
    }
    const gone = async (id: number, headers: Record<string, string> = {}) => {
      expect((await get(`/view/page/${id}/1.gzip.svg`, headers)).status).toBe(404);
      expect(
        (await get(`/view/page/${id}/1.gzip.svg`, { ...headers, "if-none-match": etags.get(id) as string })).status,
      ).toBe(404);
      expect((await get(`/view/cover/${id}`, headers)).status).toBe(404);
    };

    const check = await rest(stack.url, "PUT", "/api/v1/document/check", { id: [rejected], status: 7 }, admin);
    expect([check.status, check.json.message]).toEqual([200, undefined]);
    await gone(rejected);
    const own = await get(`/view/page/${rejected}/1.gzip.svg`, bearer(alice)); // its owner still reads it, privately
    expect([own.status, own.headers.get("cache-control")]).toEqual([200, "private, no-store"]);

    const del = await rest(stack.url, "DELETE", `/api/v1/document?id=${deleted}`, undefined, alice.token);
    expect([del.status, del.json.message]).toEqual([200, undefined]);
    await gone(deleted);
    await gone(deleted, bearer(alice));

    const back = await rest(stack.url, "PUT", "/api/v1/document/recycle", { id: [deleted] }, admin);
    expect(back.status).toBe(200);
    expect((await get(`/view/page/${deleted}/1.gzip.svg`)).status).toBe(200);
  });
});

describe("downloads", () => {
  const link = async (id: number, token?: string) =>
    rest(stack.url, "GET", `/api/v1/document/download?id=${id}`, undefined, token);

  test("a free public document: a signed link that serves the original with a UTF-8 file name", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    const r = await link(id, bob.token);
    expect(r.status).toBe(200);
    const url = r.json.url as string;
    expect(url).toMatch(/^\/download\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-length")).toBe(String(pdf.length));
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="__ ${docSeq}.pdf"; filename*=UTF-8''${encodeURIComponent(`文档 ${docSeq}.pdf`)}`,
    );
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from(pdf));
    const doc = await db.document.findUniqueOrThrow({ where: { id: BigInt(id) } });
    expect(doc.downloadCount).toBe(1);
    const rows = await db.download.findMany({ where: { documentId: BigInt(id) } });
    expect(rows.map((d) => [Number(d.userId), d.ip, d.isPay])).toEqual([[bob.id, "127.0.0.1", false]]);
  });

  test("guests need download.enable_guest_download", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    expect([(await link(id)).status, (await link(id)).json.message]).toEqual([401, "请先登录"]);
    await setConfig("download", "enable_guest_download", "true");
    try {
      const r = await link(id);
      expect(r.status).toBe(200);
      expect((await get(r.json.url as string)).status).toBe(200);
    } finally {
      await setConfig("download", "enable_guest_download", "false");
    }
  });

  test("a tampered link → 403 下载链接已失效", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    const url = (await link(id, bob.token)).json.url as string;
    const [payload, sig] = url.slice("/download/".length).split(".") as [string, string];
    const other = Buffer.from(JSON.stringify({ d: String(id + 1), u: String(bob.id), e: 4102444800 })).toString(
      "base64url",
    );
    for (const bad of [`/download/${other}.${sig}`, `/download/${payload}.${sig.slice(1)}A`]) {
      const res = await rest(stack.url, "GET", bad);
      expect([res.status, res.json.message]).toEqual([403, "下载链接已失效"]);
    }
    expect((await get("/download/not-a-token")).status).toBe(404);
  });

  test("an expired link → 403", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    await setConfig("download", "url_duration", "1");
    let url: string;
    try {
      url = (await link(id, bob.token)).json.url as string;
    } finally {
      await setConfig("download", "url_duration", "60");
    }
    await new Promise((r) => setTimeout(r, 2_100));
    const res = await rest(stack.url, "GET", url);
    expect([res.status, res.json.message]).toEqual([403, "下载链接已失效"]);
  });

  test("the daily per-user limit: a clear refusal once reached", async () => {
    const dave = await register("filedave");
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    await setConfig("download", "times_every_day", "2");
    try {
      expect((await link(id, dave.token)).status).toBe(200);
      expect((await link(id, dave.token)).status).toBe(200);
      const r = await link(id, dave.token);
      expect([r.status, r.json.message]).toEqual([429, "您今日的下载次数已达上限（2 次），请明天再来"]);
      expect(await db.download.count({ where: { userId: BigInt(dave.id) } })).toBe(2);
    } finally {
      await setConfig("download", "times_every_day", "10");
    }
  });

  test("a priced document is refused (credits are not open yet), except to its owner and holders of the download permission", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id, price: 5 });
    const r = await link(id, bob.token);
    expect([r.status, r.json.message]).toEqual([400, "付费文档需要积分下载，积分功能尚未开放"]);
    expect((await link(id, alice.token)).status).toBe(200);
    expect((await link(id, admin)).status).toBe(200); // the root group holds every permission

    // Staff with some other permission (here: the attachment list) do not download priced documents free.
    const perms = await rest(stack.url, "GET", "/api/v1/permission/list?size=1000", undefined, admin);
    const all = perms.json.permission as Array<{ id: number; path: string }>;
    const listAttachments = all.find((p) => p.path === "/api.v1.AttachmentAPI/ListAttachment")?.id;
    const freeDownload = all.find((p) => p.path === "/api.v1.DocumentAPI/DownloadDocument")?.id;
    expect(listAttachments && freeDownload).toBeTruthy();
    const group = await rest(stack.url, "POST", "/api/v1/group", { title: "文件审核员" }, admin);
    const groupId = group.json.id as number;
    const grant = (ids: number[]) =>
      rest(stack.url, "PUT", "/api/v1/group/permission", { group_id: groupId, permission_id: ids }, admin);
    expect((await grant([listAttachments as number])).status).toBe(200);
    const staff = await rest(
      stack.url,
      "POST",
      "/api/v1/user",
      { username: "filestaff", password: "secret123", group_id: [groupId] },
      admin,
    );
    expect(staff.status).toBe(200);
    const login = await rest(stack.url, "POST", "/api/v1/user/login", { username: "filestaff", password: "secret123" });
    const staffToken = login.json.token as string;
    expect((await rest(stack.url, "GET", "/api/v1/attachment/list", undefined, staffToken)).status).toBe(200);
    expect((await link(id, staffToken)).status).toBe(400);
    expect((await grant([listAttachments as number, freeDownload as number])).status).toBe(200);
    expect((await link(id, staffToken)).status).toBe(200);
  });

  test("an issued link stops working once its document is disabled or rejected, or its file blocked", async () => {
    for (const status of [4, 7]) {
      const id = await addDocument(uploaded.hash, { userId: alice.id });
      const url = (await link(id, bob.token)).json.url as string;
      await db.document.update({ where: { id: BigInt(id) }, data: { status } });
      const res = await get(url);
      expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([
        403,
        "文档已下架，下载链接已失效",
      ]);
    }
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    const url = (await link(id, bob.token)).json.url as string;
    await db.attachment.update({ where: { hash: uploaded.hash }, data: { enable: false } });
    try {
      expect((await get(url)).status).toBe(403);
    } finally {
      await db.attachment.update({ where: { hash: uploaded.hash }, data: { enable: true } });
    }
  });

  test("a document pending review is not downloadable (moredoc defect #3); reviewers use the review link", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id, status: 6 });
    expect((await link(id, bob.token)).status).toBe(404);
    const own = await link(id, alice.token);
    expect([own.status, own.json.message]).toEqual([400, "文档尚未公开，暂不能下载"]);
    expect((await link(id, admin)).status).toBe(404);

    const denied = await rest(stack.url, "GET", `/api/v1/document/download/bereviewed?id=${id}`, undefined, bob.token);
    expect(denied.status).toBe(403);
    const r = await rest(stack.url, "GET", `/api/v1/document/download/bereviewed?id=${id}`, undefined, admin);
    expect(r.status).toBe(200);
    const res = await get(r.json.url as string);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from(pdf));
    expect(await db.download.count({ where: { documentId: BigInt(id) } })).toBe(0);
  });

  test("documents in the recycle bin: no link, and an issued link stops working", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    const url = (await link(id, bob.token)).json.url as string;
    await db.document.update({ where: { id: BigInt(id) }, data: { deletedAt: new Date() } });
    expect((await link(id, bob.token)).status).toBe(404);
    expect((await get(url)).status).toBe(404);
  });
});

describe("AttachmentAPI (admin)", () => {
  test("list, get, edit, soft-delete (an upload of disabled content is then refused); members are refused", async () => {
    const list = await rest(stack.url, "GET", `/api/v1/attachment/list?wd=${uploaded.hash}`, undefined, admin);
    expect(list.status).toBe(200);
    expect(list.json.total).toBe(1);
    expect((list.json.attachment as Array<Record<string, unknown>>)[0]).toMatchObject({
      id: uploaded.id,
      username: "filealice",
      type_name: "文档",
    });
    const put = await rest(
      stack.url,
      "PUT",
      "/api/v1/attachment",
      { id: uploaded.id, name: "改名.pdf", description: "说明", enable: true },
      admin,
    );
    expect(put.status).toBe(200);
    const one = await rest(stack.url, "GET", `/api/v1/attachment?id=${uploaded.id}`, undefined, admin);
    expect(one.json).toMatchObject({ name: "改名.pdf", description: "说明", enable: true });
    expect((await rest(stack.url, "GET", "/api/v1/attachment?id=999999", undefined, admin)).status).toBe(404);
    expect((await rest(stack.url, "GET", "/api/v1/attachment/list", undefined, alice.token)).status).toBe(403);

    const bytes = makePdf({ pages: 1, lines: () => ["to be disabled"] });
    const up = await upload(bytes, "bad.pdf", bob.token);
    const id = (up.json.data as { id: number }).id;
    expect((await rest(stack.url, "DELETE", `/api/v1/attachment?id=${id}`, undefined, admin)).status).toBe(200);
    expect((await rest(stack.url, "GET", `/api/v1/attachment?id=${id}`, undefined, admin)).json.enable).toBe(false);
    const before = (await originals()).length;
    const again = await upload(bytes, "bad.pdf", carol.token);
    expect([again.status, again.json.message]).toEqual([403, "该文件已被管理员禁用，不能上传"]);
    expect(await originals()).toHaveLength(before);
  });
});

// moredoc client compatibility against the real stack: what existing moredoc clients (moredoc-web
// and its back office) read from this API — the allowed upload types, document uuids, attachment
// hashes in every list, page and cover URLs by hash, and true user counters. The config categories
// of the back office: moredoc.compat.config.int.test.ts.
import { gzipSync } from "node:zlib";
import { createStorage } from "@wenku/kit/storage";
import { type ContentDb, openContentDb } from "./db.js";
import { ADMIN_PASSWORD, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let content: ContentDb;
let admin: string;

const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);

beforeAll(async () => {
  stack = await startTestStack({ env: { CONVERTER_CONCURRENCY: "0" } });
  content = openContentDb(stack);
  const r = await call("POST", "/api/v1/user/login", { username: "admin", password: ADMIN_PASSWORD });
  expect(r.status).toBe(200);
  admin = r.json.token as string;
});
afterAll(async () => {
  await content.$disconnect();
  await stack.stop();
});

describe("settings.security.document_allowed_ext", () => {
  test("every format allowed: every known extension in moredoc's '.ext' form, never []", async () => {
    const r = await call("GET", "/api/v1/settings");
    const ext = (r.json.security as { document_allowed_ext: string[] }).document_allowed_ext;
    expect(ext.length).toBeGreaterThan(20);
    expect(ext).toEqual(expect.arrayContaining([".pdf", ".docx", ".pptx", ".xlsx", ".txt", ".epub", ".azw3"]));
    expect(ext.every((e) => /^\.[a-z0-9]+$/.test(e))).toBe(true);
  });

  test("a restriction is returned as chosen, dots added", async () => {
    const put = (value: string) =>
      call("PUT", "/api/v1/config", { config: [{ category: "security", name: "document_allowed_ext", value }] }, admin);
    expect((await put("pdf,docx")).status).toBe(200);
    const r = await call("GET", "/api/v1/settings");
    expect((r.json.security as { document_allowed_ext: string[] }).document_allowed_ext).toEqual([".pdf", ".docx"]);
    expect((await put("")).status).toBe(200);
  });
});

// ---- documents: created through the API from attachment rows written here (uploads have their own tests)

type User = { token: string; id: number };
type Doc = { id: number; uuid: string; title: string; cover: string; attachment?: { hash: string } };

async function register(username: string): Promise<User> {
  const r = await call("POST", "/api/v1/user/register", { username, password: "secret123" });
  expect(r.status).toBe(200);
  return { token: r.json.token as string, id: (r.json.user as { id: number }).id };
}

let seq = 0;
/** A document file granted to `userId`; its MD5-like hash is unique per call. */
async function attachment(userId: number, name: string) {
  seq++;
  const hash = `c${seq.toString(16).padStart(31, "0")}`;
  const a = await content.attachment.create({
    data: {
      hash,
      name,
      ext: ".pdf",
      size: 1000n + BigInt(seq),
      type: 2,
      userId: BigInt(userId),
      storageKey: `x/${hash}`,
    },
  });
  await content.attachmentGrant.create({ data: { attachmentId: a.id, userId: BigInt(userId) } });
  return { id: Number(a.id), hash };
}

/** Creates one document per attachment for `user`, in `categoryId`; returns them newest last. */
async function createDocuments(user: User, attachments: Array<{ id: number }>, categoryId: number) {
  const r = await call(
    "POST",
    "/api/v1/document",
    { document: attachments.map((a) => ({ attachment_id: a.id, keywords: "兼容,魔豆" })), category_id: [categoryId] },
    user.token,
  );
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  const rows = await content.document.findMany({
    where: { userId: BigInt(user.id) },
    orderBy: { id: "desc" },
    take: attachments.length,
  });
  return rows.reverse();
}
const publish = (id: bigint, pages = 3, preview = 0) =>
  content.document.update({ where: { id }, data: { status: 2, pages, preview } });

describe("documents as moredoc clients read them", () => {
  let alice: User;
  let bob: User;
  let categoryId: number;
  let docs: Awaited<ReturnType<typeof createDocuments>>;
  let files: Array<{ id: number; hash: string }>;

  beforeAll(async () => {
    alice = await register("compatalice");
    bob = await register("compatbob");
    const c = await call("POST", "/api/v1/category", { title: "兼容分类", parent_id: 0, enable: true }, admin);
    expect(c.status).toBe(200);
    categoryId = Number((await content.category.findFirstOrThrow({ where: { title: "兼容分类" } })).id);
    files = [await attachment(alice.id, "第一篇.pdf"), await attachment(alice.id, "第二篇.pdf")];
    docs = await createDocuments(alice, files, categoryId);
    for (const d of docs) await publish(d.id);
  });

  test("uuid is 16 lowercase hex characters and GetDocument finds the document by it", async () => {
    for (const d of docs) expect(d.uuid).toMatch(/^[0-9a-f]{16}$/);
    const [first, second] = docs as [(typeof docs)[0], (typeof docs)[0]];
    const r = await call("GET", `/api/v1/document?uuid=${first.uuid}`);
    expect([r.status, r.json.id]).toEqual([200, Number(first.id)]);
    // id and uuid naming different documents: the id wins, as in moredoc (its id > 0 is looked up first)
    const both = await call("GET", `/api/v1/document?id=${second.id}&uuid=${first.uuid}`);
    expect([both.status, both.json.id]).toEqual([200, Number(second.id)]);
    expect((await call("GET", `/api/v1/document?id=${first.id}&uuid=${first.uuid}`)).json.id).toBe(Number(first.id));
    // a link with the uuid of before migration 0006 (RFC 4122 form, first 16 digits kept) still resolves
    const u = first.uuid;
    const legacy = `${u.slice(0, 8)}-${u.slice(8, 12)}-${u.slice(12, 16)}-8000-000000000000`;
    expect((await call("GET", `/api/v1/document?uuid=${legacy.toUpperCase()}`)).json.id).toBe(Number(first.id));
    expect((await call("GET", "/api/v1/document?uuid=not-a-uuid")).status).toBe(404);
  });

  test("GetDocument carries attachment.hash for every caller who may see it", async () => {
    const id = docs[0]?.id;
    for (const token of [undefined, bob.token, alice.token, admin]) {
      const r = await call("GET", `/api/v1/document?id=${id}`, undefined, token);
      expect(r.status).toBe(200);
      expect((r.json as Doc).attachment?.hash).toBe(files[0]?.hash);
    }
    // a visitor gets the hash, not the uploader's file record
    const visitor = (await call("GET", `/api/v1/document?id=${id}`)).json.attachment as Record<string, unknown>;
    expect(visitor.name ?? "").toBe("");
    expect(visitor.id ?? 0).toBe(0);
  });

  test("list, home and related carry attachment.hash; home sets cover to the cover URL", async () => {
    const byHash = new Map(files.map((f, i) => [Number(docs[i]?.id), f.hash]));
    const check = (list: Doc[]) => {
      const ours = list.filter((d) => byHash.has(d.id));
      expect(ours.length).toBeGreaterThan(0);
      for (const d of ours) {
        expect(d.attachment?.hash).toBe(byHash.get(d.id));
        expect(d.cover).toBe(`/view/cover/${byHash.get(d.id)}`);
      }
    };
    const list = await call("GET", `/api/v1/document/list?category_id=${categoryId}&field=id&field=title`);
    check(list.json.document as Doc[]);
    const home = await call("GET", "/api/v1/document/home?limit=10&field=id&field=title&field=ext");
    const group = (home.json.document as Array<{ category_id: number; document: Doc[] }>).find(
      (g) => g.category_id === categoryId,
    );
    check(group?.document ?? []);
    const related = await call("GET", `/api/v1/document/related?id=${docs[0]?.id}`);
    check(related.json.document as Doc[]);
  });

  test("/view/page/{hash}/{n} and /view/cover/{hash} serve what the same document's id would", async () => {
    const storage = await createStorage({ STORAGE_DIR: stack.storageDir });
    const [file] = await Promise.all([attachment(alice.id, "页面.pdf")]);
    const prefix = `documents/${file.hash}`;
    for (const n of [1, 2]) {
      await storage.put(`${prefix}/page-${n}.svg`, Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${n}</svg>`));
      await storage.put(`${prefix}/page-${n}.gzip.svg`, gzipSync(`<svg xmlns="http://www.w3.org/2000/svg">${n}</svg>`));
    }
    await storage.put(`${prefix}/cover.png`, Buffer.from("89504e470d0a1a0a", "hex"));
    const get = (path: string, token?: string) =>
      fetch(stack.url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

    // only a document waiting for review has this file: its owner sees the pages, a visitor does not
    const [doc] = await createDocuments(alice, [file], categoryId);
    if (!doc) throw new Error("no document");
    await content.document.update({ where: { id: doc.id }, data: { status: 6, pages: 2, preview: 1 } });
    expect((await get(`/view/page/${file.hash}/1.svg`)).status).toBe(404);
    expect((await get(`/view/cover/${file.hash}`)).status).toBe(404);
    expect((await get(`/view/page/${file.hash}/1.svg`, alice.token)).status).toBe(200);

    // published: everyone, within the preview limit (1 of 2 pages), like /view/page/{id}
    // staff publish it (which announces the change to the page caches)
    const pub = await call("PUT", "/api/v1/document", { id: Number(doc.id), title: doc.title, status: 2 }, admin);
    expect([pub.status, pub.json.message]).toEqual([200, undefined]);
    for (const path of [`/view/page/${file.hash}/1.svg`, `/view/page/${doc.id}/1.svg`]) {
      const res = await get(path);
      expect([res.status, await res.text()]).toEqual([200, `<svg xmlns="http://www.w3.org/2000/svg">1</svg>`]);
    }
    const gz = await get(`/view/page/${file.hash}/1.gzip.svg`);
    expect([gz.status, gz.headers.get("content-encoding")]).toEqual([200, "gzip"]);
    expect((await get(`/view/page/${file.hash}/2.svg`)).status).toBe(404); // beyond the preview
    const cover = await get(`/view/cover/${file.hash}`);
    expect([cover.status, cover.headers.get("content-type")]).toEqual([200, "image/png"]);
    // a hash no document has, and malformed ones
    for (const path of [`/view/cover/${"f".repeat(32)}`, `/view/page/${"F".repeat(32)}/1.svg`, "/view/cover/abc"])
      expect((await get(path)).status).toBe(404);
  });

  test("user.doc_count counts the user's live documents and follows deletions", async () => {
    const count = async (token?: string) =>
      ((await call("GET", `/api/v1/user?id=${alice.id}`, undefined, token)).json.doc_count as number) ?? 0;
    const live = await content.document.count({ where: { userId: BigInt(alice.id), deletedAt: null } });
    expect(live).toBeGreaterThan(1);
    expect(await count()).toBe(live);
    expect(await count(alice.token)).toBe(live);
    const list = await call("GET", `/api/v1/user/list?id=${alice.id}`, undefined, admin);
    expect((list.json.user as Array<{ id: number; doc_count: number }>).find((u) => u.id === alice.id)?.doc_count).toBe(
      live,
    );
    expect((await call("DELETE", `/api/v1/document?id=${docs[1]?.id}`, undefined, alice.token)).status).toBe(200);
    expect(await count()).toBe(live - 1);
    expect(((await call("GET", `/api/v1/user?id=${bob.id}`)).json.doc_count as number) ?? 0).toBe(0);
  });

  test("each upload appears in the uploader's dynamics, linked by uuid", async () => {
    const r = await call("GET", "/api/v1/user/dynamic?size=50", undefined, alice.token);
    expect(r.status).toBe(200);
    const uploads = (r.json.dynamic as Array<{ type: number; content: string }>).filter((d) => d.type === 3);
    for (const d of docs)
      expect(uploads.some((u) => u.content.includes(`/document/${d.uuid}`) && u.content.includes(d.title))).toBe(true);
    const bobs = await call("GET", "/api/v1/user/dynamic?size=50", undefined, bob.token);
    expect((bobs.json.dynamic as Array<{ type: number }>).filter((d) => d.type === 3)).toEqual([]);
  });
});

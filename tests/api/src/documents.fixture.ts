// The site the DocumentAPI suites share (content.document, content.document.lists): one stack per test
// file with no converter (statuses move only through the RPCs under test), alice and bob, carol in a
// group whose uploads wait for review, and helpers that write attachments directly (the upload slice
// has its own suites). ES module bindings are live: a suite imports `alice` and sees what this file's
// beforeAll assigned.
import { type ContentDb, openContentDb } from "./db.js";
import { ADMIN_PASSWORD, rest, startTestStack } from "./testing.js";

export let stack: Awaited<ReturnType<typeof startTestStack>>;
export let db: ContentDb;
export let admin: string;
export let alice: { token: string; id: number };
export let bob: { token: string; id: number };
export let carol: { token: string; id: number }; // in a group whose uploads wait for review

export const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);

export async function register(username: string) {
  const r = await call("POST", "/api/v1/user/register", { username, password: "secret123" });
  expect(r.status).toBe(200);
  return { token: r.json.token as string, id: (r.json.user as { id: number }).id };
}

export async function category(title: string, parentId = 0, extra: Record<string, unknown> = {}): Promise<number> {
  const r = await call("POST", "/api/v1/category", { title, parent_id: parentId, enable: true, ...extra }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  const row = await db.category.findFirst({ where: { title, parentId: parentId ? BigInt(parentId) : null } });
  return Number(row?.id);
}

export let seq = 0;
/** An uploaded file granted to `userId` (what POST /api/v1/upload/document will create). */
export async function attachment(userId: number, name = "file.pdf", opts: { preview?: string; content?: string } = {}) {
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
export async function createDocs(user: { token: string; id: number }, body: Record<string, unknown>) {
  const r = await call("POST", "/api/v1/document", body, user.token);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  const n = (body.document as unknown[]).length;
  return db.document.findMany({ where: { userId: BigInt(user.id) }, orderBy: { id: "desc" }, take: n });
}

export const get = (id: bigint | number, token?: string, extra = "") =>
  call("GET", `/api/v1/document?id=${id}${extra}`, undefined, token);
export type Doc = {
  id: number;
  title: string;
  status: number;
  keywords: string;
  username: string;
  [k: string]: unknown;
};
export const list = async (query: string, token?: string) => {
  const r = await call("GET", `/api/v1/document/list?${query}`, undefined, token);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json as { total: number; document: Doc[] };
};
export const ids = (docs: Doc[]) => docs.map((d) => d.id);
/** What the converter does: pages, status converted. */
export const convert = (id: bigint, pages = 3) => db.document.update({ where: { id }, data: { pages, status: 2 } });

/** Starts the shared site for the calling test file (call once, at its top level). */
export function setupDocumentSite(): void {
  beforeAll(async () => {
    // No converter in this process: statuses move only through the RPCs under test (conversion has its own tests).
    stack = await startTestStack({ env: { CONVERTER_CONCURRENCY: "0" } });
    db = openContentDb(stack);
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
}

// The reader's text layer over the gateway: /view/page/{id}/{page}.text.json of a real PDF converted
// by MuPDF, served under exactly the rule of the page's SVG (visibility, the preview limit for those
// who have not got the file), with an ETag; a page converted before text layers answers 204; the
// copy-protect setting reaches the reader.
import { type PageText, parsePageText } from "@wenku/converter/contract";
import { createStorage, type Storage } from "@wenku/kit/storage";
import { createCategory, publishPdf } from "./documents.js";
import { loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let storage: Storage;
let admin: string;
let alice: { token: string; id: number };
let bob: { token: string; id: number };
let category: number;

beforeAll(async () => {
  stack = await startTestStack();
  storage = await createStorage({ STORAGE_DIR: stack.storageDir });
  admin = await loginAdmin(stack.url);
  alice = await registerUser(stack.url, "textlayer_alice");
  bob = await registerUser(stack.url, "textlayer_bob");
  category = await createCategory(stack.url, admin, "文字层");
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(stack.url + path, { headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const setConfig = async (category: string, name: string, value: string) => {
  const r = await rest(stack.url, "PUT", "/api/v1/config", { config: [{ category, name, value }] }, admin);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
};
const lines = (n: number) => [`Text layer page ${n} asn1`, `第${n}页 文字层`];

async function layerOf(res: Response): Promise<PageText> {
  expect(res.status).toBe(200);
  const parsed = parsePageText(await res.text());
  if (typeof parsed === "string") throw new Error(parsed);
  return parsed;
}

describe("a document with a preview of 2 of its 3 pages", () => {
  let doc: number;
  beforeAll(async () => {
    await setConfig("converter", "max_preview", "2");
    doc = await publishPdf(stack.url, alice, category, "文字层样本", 3, lines);
  }, 120_000);

  test("a preview page's text layer: its words at their boxes, JSON, an ETag, revalidated on use", async () => {
    const res = await get(`/view/page/${doc}/2.text.json`);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("cache-control")).toBe("public, no-cache");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const etag = res.headers.get("etag") as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const t = await layerOf(res);
    expect(t).toMatchObject({ v: 1, w: 595, h: 842, src: "mupdf" });
    const line = t.lines.find((l) => l.t.includes("Text layer page 2 asn1"));
    expect(line?.x).toBeCloseTo(60, 0);
    expect(t.lines.map((l) => l.t).join("\n")).toContain("第2页 文字层");
    const again = await get(`/view/page/${doc}/2.text.json`, { "if-none-match": etag });
    expect([again.status, await again.text()]).toEqual([304, ""]);
    // its own ETag, not the SVG's
    expect((await get(`/view/page/${doc}/2.svg`)).headers.get("etag")).not.toBe(etag);
  });

  test("past the preview: refused exactly as its SVG is; a reader who downloaded it gets every page's, privately", async () => {
    const body = async (r: Response) => ({ ...((await r.json()) as object), request_id: undefined });
    for (const headers of [{}, bearer(bob.token)]) {
      const svg = await get(`/view/page/${doc}/3.svg`, headers);
      const text = await get(`/view/page/${doc}/3.text.json`, headers);
      expect([text.status, await body(text)]).toEqual([svg.status, await body(svg)]);
      expect(text.status).toBe(404);
    }
    for (const path of [`/view/page/${doc}/0.text.json`, `/view/page/${doc}/1.gzip.text.json`]) {
      expect([path, (await get(path)).status]).toEqual([path, 404]);
    }
    // bob downloads the (free) document: he has the file, so he reads every page and its text
    const dl = await rest(stack.url, "GET", `/api/v1/document/download?id=${doc}`, undefined, bob.token);
    expect([dl.status, dl.json.message]).toEqual([200, undefined]);
    for (const token of [bob.token, alice.token]) {
      const res = await get(`/view/page/${doc}/3.text.json`, bearer(token));
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect((await layerOf(res)).lines.map((l) => l.t).join("\n")).toContain("Text layer page 3 asn1");
    }
  });

  test("a document visitors may not see: no text layer for them, a private one for its owner", async () => {
    const r = await rest(stack.url, "PUT", "/api/v1/document/check", { id: [doc], status: 7 }, admin);
    expect([r.status, r.json.message]).toEqual([200, undefined]);
    try {
      expect((await get(`/view/page/${doc}/1.text.json`)).status).toBe(404);
      expect((await get(`/view/page/${doc}/1.text.json`, bearer(bob.token))).status).toBe(404);
      const own = await get(`/view/page/${doc}/1.text.json`, bearer(alice.token));
      expect(own.headers.get("cache-control")).toBe("private, no-store");
      expect((await layerOf(own)).lines.length).toBeGreaterThan(0);
    } finally {
      await rest(stack.url, "PUT", "/api/v1/document/check", { id: [doc], status: 2 }, admin);
    }
  });
});

test("without a preview limit every page's text layer is served, as every page image is", async () => {
  await setConfig("converter", "max_preview", "0");
  const doc = await publishPdf(stack.url, alice, category, "文字层全文", 3, lines);
  for (const n of [1, 2, 3]) {
    const t = await layerOf(await get(`/view/page/${doc}/${n}.text.json`));
    expect(t.lines.map((l) => l.t).join("\n")).toContain(`Text layer page ${n} asn1`);
  }
}, 120_000);

test("a page converted before text layers answers 204 with an ETag, and its SVG as before", async () => {
  await setConfig("converter", "max_preview", "0");
  const doc = await publishPdf(stack.url, alice, category, "旧文档", 2, lines);
  const detail = await rest(stack.url, "GET", `/api/v1/document?id=${doc}`);
  const hash = (detail.json.attachment as { hash: string }).hash;
  await storage.delete(`documents/${hash}/page-1.text.json`);
  // the content service's and gateway's short caches may hold the stat: the answer turns within their TTL
  let res = await get(`/view/page/${doc}/1.text.json`);
  for (let i = 0; i < 60 && res.status === 200; i++) {
    await new Promise((r) => setTimeout(r, 200));
    res = await get(`/view/page/${doc}/1.text.json`);
  }
  expect([res.status, await res.text()]).toEqual([204, ""]);
  const etag = res.headers.get("etag") as string;
  expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
  expect((await get(`/view/page/${doc}/1.text.json`, { "if-none-match": etag })).status).toBe(304);
  expect((await get(`/view/page/${doc}/1.svg`)).status).toBe(200);
  expect((await get(`/view/page/${doc}/2.text.json`)).status).toBe(200);
}, 120_000);

test("the copy-protect setting reaches the reader through the public settings at once", async () => {
  const display = async () =>
    ((await rest(stack.url, "GET", "/api/v1/settings")).json.display as Record<string, unknown>).copy_protect;
  expect(await display()).toBe(false);
  await setConfig("display", "copy_protect", "true");
  expect(await display()).toBe(true);
  await setConfig("display", "copy_protect", "false");
  expect(await display()).toBe(false);
});

// The gateway's copy of visitors' public page images (gateway/src/files/pages.cache.ts) on the whole site: its
// answers are the content service's, and every change that hides a page (a staff edit, a closed site,
// login required) reaches it before the next request, over the in-process bus or NATS.
import { gzipSync } from "node:zlib";
import {
  addDocument,
  admin,
  alice,
  bearer,
  get,
  setConfig,
  setupFilesSite,
  stack,
  storage,
  uploaded,
} from "./files.fixture.js";
import { rest } from "./testing.js";

setupFilesSite();

const svg = (n: number) => `<svg xmlns="http://www.w3.org/2000/svg"><text>cached page ${n}</text></svg>`;

beforeAll(async () => {
  const prefix = `documents/${uploaded.hash}`;
  for (const n of [1, 2, 3]) {
    await storage.put(`${prefix}/page-${n}.svg`, Buffer.from(svg(n)));
    await storage.put(`${prefix}/page-${n}.gzip.svg`, gzipSync(svg(n)));
  }
});

/** Status, headers (less the per-request ones) and body of an answer. */
async function answer(path: string, headers: Record<string, string> = {}) {
  const res = await get(path, headers);
  const h = Object.fromEntries(res.headers);
  delete h.date;
  delete h["x-request-id"];
  return { status: res.status, headers: h, body: await res.text() };
}

describe("a visitor's page from the gateway's copy", () => {
  test("200 and 304 carry what the content service answered: ETag, Cache-Control, Vary, type, CSP", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    const path = `/view/page/${id}/1.gzip.svg`;
    // a signed-in reader's answer is not kept: the visitor's first revalidation is the content service's 304
    const etag = (await get(path, bearer(alice))).headers.get("etag") as string;
    const asked304 = await answer(path, { "if-none-match": etag });
    const kept304 = await answer(path, { "if-none-match": etag });
    expect(asked304.status).toBe(304);
    expect(kept304).toEqual(asked304);
    expect(asked304.headers).toMatchObject({ etag, "cache-control": "public, max-age=3600", vary: "Accept-Encoding" });

    const asked = await answer(path);
    const kept = await answer(path);
    expect([asked.status, asked.body]).toEqual([200, svg(1)]);
    expect(kept).toEqual(asked);
    expect(asked.headers).toMatchObject({
      etag,
      "cache-control": "public, max-age=3600",
      "content-encoding": "gzip",
      "content-type": "image/svg+xml",
      vary: "Accept-Encoding",
      "x-content-type-options": "nosniff",
    });
    expect(asked.headers["content-security-policy"]).toContain("default-src 'none'");
  });

  test("a page beyond the preview stays refused while the pages before it are kept", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id }); // 3 pages, preview 2
    const etag = (await get(`/view/page/${id}/2.svg`)).headers.get("etag") as string;
    expect((await get(`/view/page/${id}/2.svg`, { "if-none-match": etag })).status).toBe(304);
    const asked: Record<string, string>[] = [{}, { "if-none-match": etag }, { "if-none-match": "*" }];
    for (const headers of asked) {
      for (const variant of ["svg", "gzip.svg"]) {
        const res = await get(`/view/page/${id}/3.${variant}`, headers);
        expect([variant, headers, res.status]).toEqual([variant, headers, 404]);
      }
    }
  });
});

describe("changes reach the copy before the next request", () => {
  /** Warms the copy (200 and 304) and returns the page's ETag. */
  async function warm(path: string): Promise<string> {
    const first = await get(path);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag") as string;
    expect((await get(path)).status).toBe(200);
    expect((await get(path, { "if-none-match": etag })).status).toBe(304);
    return etag;
  }

  async function refused(path: string, etag: string, status: number) {
    expect((await get(path)).status).toBe(status);
    expect((await get(path, { "if-none-match": etag })).status).toBe(status);
  }

  test("staff disabling a document (an edit): its kept pages are 404 at once, and back when enabled", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    const paths = [`/view/page/${id}/1.svg`, `/view/page/${id}/1.gzip.svg`];
    const etags = [];
    for (const p of paths) etags.push(await warm(p));
    const edit = (status: number) =>
      rest(stack.url, "PUT", "/api/v1/document", { id, title: "缓存页面文档", status }, admin);
    expect((await edit(4)).status).toBe(200);
    for (const [i, p] of paths.entries()) await refused(p, etags[i] as string, 404);
    expect((await edit(2)).status).toBe(200);
    expect((await get(paths[0] as string)).status).toBe(200);
  });

  test("a document moved to the recycle bin: 404 at once for visitors", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    const path = `/view/page/${id}/2.gzip.svg`;
    const etag = await warm(path);
    const del = await rest(stack.url, "DELETE", `/api/v1/document?id=${id}`, undefined, alice.token);
    expect(del.status).toBe(200);
    await refused(path, etag, 404);
  });

  for (const name of ["is_close", "login_required"] as const) {
    test(`security.${name} switched on after pages were kept: visitors are refused at once (401)`, async () => {
      const id = await addDocument(uploaded.hash, { userId: alice.id });
      const path = `/view/page/${id}/1.svg`;
      const etag = await warm(path);
      await setConfig("security", name, "true");
      try {
        await refused(path, etag, 401);
      } finally {
        await setConfig("security", name, "false");
      }
      expect((await get(path)).status).toBe(200);
    });
  }
});

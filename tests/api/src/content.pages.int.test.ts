// Page images and covers over the gateway: visibility, preview limit, ETags and headers, the page cache.

import { gzipSync } from "node:zlib";
import {
  addDocument,
  admin,
  alice,
  bearer,
  bob,
  carol,
  db,
  get,
  setupFilesSite,
  stack,
  storage,
  uploaded,
} from "./files.fixture.js";
import { rest } from "./testing.js";

setupFilesSite();

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
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    const raw = await get(`/view/page/${pub}/1.gzip.svg`, {}, "HEAD");
    expect(raw.headers.get("content-length")).toBe(String(gzipSync(svg(1)).length));
  });

  test("a client that refuses gzip gets the plain SVG of a .gzip.svg page, under its own ETag", async () => {
    const gz = await get(`/view/page/${pub}/1.gzip.svg`, { "accept-encoding": "gzip" }, "HEAD");
    for (const refusal of ["identity", "br", "gzip;q=0, *"]) {
      const res = await get(`/view/page/${pub}/1.gzip.svg`, { "accept-encoding": refusal }, "HEAD");
      expect([refusal, res.status, res.headers.get("content-encoding")]).toEqual([refusal, 200, null]);
      expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(svg(1))));
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(res.headers.get("etag")).not.toBe(gz.headers.get("etag"));
    }
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

  // last: it reads page 3, which the streaming test above replaces in storage (behind the stat cache)
  test("past the preview: the uploader, admin and a reader who downloaded it read every page, privately; GetDocument says so", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    const readAll = async (token?: string) => {
      const r = await rest(stack.url, "GET", `/api/v1/document?id=${id}`, undefined, token);
      expect([r.status, r.json.preview, r.json.pages]).toEqual([200, 2, 3]);
      return r.json.read_all === true;
    };
    const page3 = (headers: Record<string, string> = {}) => get(`/view/page/${id}/3.svg`, headers);
    expect([await readAll(), (await page3()).status]).toEqual([false, 404]);
    expect([await readAll(bob.token), (await page3(bearer(bob))).status]).toEqual([false, 404]);
    for (const who of [alice.token, admin]) {
      const res = await page3(bearer(who));
      expect([await readAll(who), res.status, res.headers.get("cache-control")]).toEqual([
        true,
        200,
        "private, no-store",
      ]);
      expect(await res.text()).toMatch(/^<svg /);
    }
    // bob downloads the (free) document: he has the file, so he reads every page
    const dl = await rest(stack.url, "GET", `/api/v1/document/download?id=${id}`, undefined, bob.token);
    expect([dl.status, dl.json.message]).toEqual([200, undefined]);
    const res = await page3(bearer(bob));
    expect([await readAll(bob.token), res.status, res.headers.get("cache-control")]).toEqual([
      true,
      200,
      "private, no-store",
    ]);
    // page 2 stays public for everyone; past the last page is still 404 for a reader of everything
    expect((await get(`/view/page/${id}/2.svg`)).headers.get("cache-control")).toBe("public, max-age=3600");
    expect((await get(`/view/page/${id}/4.svg`, bearer(bob))).status).toBe(404);
    expect([await readAll(carol.token), (await page3(bearer(carol))).status]).toEqual([false, 404]);
  });
});

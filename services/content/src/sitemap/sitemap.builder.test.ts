// The sitemap's files on a real local storage directory with made-up sections: XML escaping, shards
// split by URL count and by size, the index, stale shards removed, the schedule's max age, joined
// builds, and the files served with etags (not found for other names or a site closed to visitors).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger } from "@wenku/kit";
import { createStorage, type Storage } from "@wenku/kit/storage";
import type { FileChunkInit } from "../files/file.stream.js";
import { createSitemapBuilder } from "./sitemap.builder.js";
import type { SitemapSection } from "./sitemap.source.repository.js";
import { escapeXml, ORIGIN_RESERVE_BYTES, type SitemapEntry, urlElement, writeShards } from "./sitemap.xml.js";

const log = createLogger({ service: "test", level: "silent" });
let dir: string;
let storage: Storage;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "wenku-sitemap-"));
  storage = await createStorage({ STORAGE_DIR: dir });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const day = (n: number) => new Date(Date.UTC(2024, 0, n));
const docs = (n: number): SitemapEntry[] =>
  Array.from({ length: n }, (_, i) => ({ path: `/document/${i + 1}`, lastmod: day((i % 28) + 1) }));

async function* each<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const x of items) yield x;
}

async function text(key: string): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of await storage.get(key)) parts.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(parts).toString("utf8");
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

async function chunks(gen: AsyncGenerator<FileChunkInit>): Promise<FileChunkInit[]> {
  const out: FileChunkInit[] = [];
  for await (const c of gen) out.push(c);
  return out;
}

describe("sitemap XML", () => {
  test("escapes the five special characters and drops characters XML forbids", () => {
    expect(escapeXml(`</loc><script>"a" & 'b'`)).toBe("&lt;/loc&gt;&lt;script&gt;&quot;a&quot; &amp; &apos;b&apos;");
    expect(escapeXml("a\u0000b\u0008c\u001fd\tf 文库 😀\uFFFE")).toBe("abcd\tf 文库 😀");
    expect(urlElement({ path: "/category/1?a=1&b=<2>", lastmod: day(2) })).toBe(
      "<url><loc>/category/1?a=1&amp;b=&lt;2&gt;</loc><lastmod>2024-01-02T00:00:00.000Z</lastmod></url>\n",
    );
    expect(() => urlElement({ path: "https://evil.example/x", lastmod: day(1) })).toThrow(/not a path/);
    expect(() => urlElement({ path: "//evil.example/x", lastmod: day(1) })).toThrow(/not a path/);
  });

  test("shards split at the URL limit, in order, each with its newest lastmod", async () => {
    const entries = docs(7);
    const shards = await writeShards(storage, "sm/", "documents", each(entries), { urls: 3, bytes: 1 << 20 });
    expect(shards.map((s) => [s.name, s.urls])).toEqual([
      ["documents-1.xml", 3],
      ["documents-2.xml", 3],
      ["documents-3.xml", 1],
    ]);
    expect(shards.map((s) => s.lastmod)).toEqual([day(3), day(6), day(7)]);
    const all: string[] = [];
    for (const s of shards) {
      const xml = await text(`sm/${s.name}`);
      expect(Buffer.byteLength(xml)).toBe(s.bytes);
      expect(xml).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/,
      );
      expect(xml.endsWith("</urlset>\n")).toBe(true);
      all.push(...(locs(xml) as string[]));
    }
    expect(all).toEqual(entries.map((e) => e.path));
  });

  test("shards split before the byte limit, counting the origin the gateway adds to each URL", async () => {
    const perUrl = Buffer.byteLength(urlElement({ path: "/document/1", lastmod: day(1) })) + ORIGIN_RESERVE_BYTES;
    const fixed = 200; // the XML declaration and the urlset element, about
    const limit = fixed + perUrl * 2 + 10; // room for two URLs, not three
    const shards = await writeShards(storage, "sm/", "documents", each(docs(5)), { urls: 50_000, bytes: limit });
    expect(shards.map((s) => s.urls)).toEqual([2, 2, 1]);
    for (const s of shards) expect(s.bytes + s.urls * ORIGIN_RESERVE_BYTES).toBeLessThanOrEqual(limit);
  });

  test("no entries, no shard; a large section streams into storage without holding it whole", async () => {
    expect(await writeShards(storage, "sm/", "documents", each([]))).toEqual([]);
    const many = docs(120_000);
    const shards = await writeShards(storage, "sm/", "documents", each(many));
    expect(shards.map((s) => s.urls)).toEqual([50_000, 50_000, 20_000]);
    expect(locs(await text("sm/documents-3.xml")).at(-1)).toBe("/document/120000");
  });
});

describe("sitemap builder", () => {
  function section(name: string, entries: () => SitemapEntry[]): SitemapSection & { reads: number } {
    const s = {
      name,
      reads: 0,
      entries: () => {
        s.reads++;
        return each(entries());
      },
    };
    return s;
  }

  test("writes the shards, then an index naming them under /sitemap/; shards no longer named are removed", async () => {
    let count = 3;
    const documents = section("documents", () => docs(count));
    const categories = section("categories", () => [{ path: "/category/9", lastmod: day(20) }]);
    const builder = createSitemapBuilder({ storage, sections: [documents, categories], log });
    const first = await builder.rebuild();
    expect(first.rebuilt).toBe(true);
    expect(first.shards.map((s) => [s.name, s.urls])).toEqual([
      ["documents-1.xml", 3],
      ["categories-1.xml", 1],
    ]);
    const index = await text("sitemap/sitemap.xml");
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index)).toEqual(["/sitemap/documents-1.xml", "/sitemap/categories-1.xml"]);
    expect(index).toContain("<lastmod>2024-01-03T00:00:00.000Z</lastmod>");

    // a stale shard of an earlier build (older than this build's start) goes away
    await storage.put("sitemap/documents-2.xml", Buffer.from("<urlset/>"));
    await new Promise((r) => setTimeout(r, 20));
    count = 0;
    const second = await builder.rebuild();
    expect(second.shards.map((s) => s.name)).toEqual(["categories-1.xml"]);
    const keys: string[] = [];
    for await (const o of storage.list("sitemap/")) keys.push(o.key);
    expect(keys.sort()).toEqual(["sitemap/built-from", "sitemap/categories-1.xml", "sitemap/sitemap.xml"]);
    expect(locs(await text("sitemap/sitemap.xml"))).toEqual(["/sitemap/categories-1.xml"]);
  });

  test("max age: a young sitemap is left alone, an old or missing one is built; concurrent builds are one", async () => {
    let now = new Date();
    const documents = section("documents", () => docs(2));
    const builder = createSitemapBuilder({ storage, sections: [documents], log, clock: () => now });
    expect((await builder.rebuild(3600)).rebuilt).toBe(true); // none yet
    expect(documents.reads).toBe(1);
    const young = await builder.rebuild(3600);
    expect([young.rebuilt, typeof young.builtAt?.getTime() === "number", documents.reads]).toEqual([false, true, 1]);
    now = new Date(now.getTime() + 2 * 3600_000);
    const [a, b] = await Promise.all([builder.rebuild(), builder.rebuild(3600)]);
    expect([a.rebuilt, b.rebuilt, documents.reads]).toEqual([true, true, 2]);
    expect(a).toBe(b); // the schedule joins a build under way
    // asked while one runs (which may have read the rows before the caller's change): one more build
    // after it, shared by everyone who asked meanwhile
    const [c, d, e] = await Promise.all([builder.rebuild(), builder.rebuild(), builder.rebuild()]);
    expect([c.rebuilt, documents.reads]).toEqual([true, 4]);
    expect([c === d, d === e]).toEqual([false, true]);
  });

  test("first request: a sitemap never built is built for it (once, for concurrent requests); builtFrom is its start", async () => {
    const documents = section("documents", () => docs(2));
    const started = new Date("2026-01-02T03:04:05.000Z");
    const builder = createSitemapBuilder({ storage, sections: [documents], log, clock: () => started });
    expect(await builder.builtFrom()).toBeNull();
    const [index, shard] = await Promise.all([
      chunks(builder.file("sitemap.xml", "")),
      chunks(builder.file("documents-1.xml", "")),
    ]);
    expect([index[0]?.contentType, shard[0]?.contentType, documents.reads]).toEqual([
      "application/xml; charset=utf-8",
      "application/xml; charset=utf-8",
      1,
    ]);
    expect(await builder.builtFrom()).toEqual(started);
    // once built, a name it does not hold is not found (no build for it)
    await expect(chunks(builder.file("documents-2.xml", ""))).rejects.toMatchObject({ kind: "not_found" });
    expect(documents.reads).toBe(1);
  });

  test("files: streamed with an etag, not modified when it holds, not found for other names or a closed site", async () => {
    let gate = { closed: false, loginRequired: false };
    const builder = createSitemapBuilder({
      storage,
      sections: [section("documents", () => docs(3))],
      siteGate: { current: async () => gate },
      log,
    });
    await builder.rebuild();
    const [meta, ...rest] = await chunks(builder.file("documents-1.xml", ""));
    expect(meta).toMatchObject({ contentType: "application/xml; charset=utf-8", cacheControl: "no-cache" });
    expect(meta?.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const body = Buffer.concat([meta?.data ?? new Uint8Array(), ...rest.map((c) => c.data ?? new Uint8Array())]);
    expect(locs(body.toString("utf8"))).toEqual(["/document/1", "/document/2", "/document/3"]);
    expect(await chunks(builder.file("documents-1.xml", meta?.etag as string))).toEqual([
      { etag: meta?.etag, cacheControl: "no-cache", notModified: true },
    ]);
    for (const name of ["documents-2.xml", "../secret.xml", "sitemap.txt", "Documents-1.xml", "documents-01.xml"]) {
      await expect(chunks(builder.file(name, ""))).rejects.toMatchObject({ kind: "not_found" });
    }
    gate = { closed: false, loginRequired: true };
    await expect(chunks(builder.file("sitemap.xml", ""))).rejects.toMatchObject({ kind: "not_found" });
    gate = { closed: true, loginRequired: false };
    await expect(chunks(builder.file("sitemap.xml", ""))).rejects.toMatchObject({ kind: "not_found" });
  });
});

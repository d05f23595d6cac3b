// The semantics every Storage implementation must share. Run by src/storage/local.test.ts and
// src/storage/s3.int.test.ts.
import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { Storage } from "@wenku/kit/storage";
import { readAll, sleep } from "@wenku/testkit";

export interface StorageHarness {
  storage: Storage;
  dispose(): Promise<void>;
  /**
   * The backend replaces an object atomically when writers race (local disk, real S3/MinIO).
   * s3rver writes in place, so concurrent puts of one key can interleave there: it sets false.
   */
  atomicOverwrite?: boolean;
}

const md5 = (b: Uint8Array) => createHash("md5").update(b).digest("hex");

/** A body of unknown length, delivered in chunks (optionally slowly), that may fail midway. */
export function chunked(
  data: Buffer,
  chunkSize: number,
  opts: {
    delayMs?: number;
    failAfter?: number /** Before the chunk at this offset, wait for `hold`. */;
    holdAt?: number;
    hold?: Promise<void>;
  } = {},
) {
  return Readable.from(
    (async function* () {
      for (let i = 0; i < data.length; i += chunkSize) {
        if (opts.failAfter !== undefined && i >= opts.failAfter) throw new Error("source failed");
        if (opts.hold && opts.holdAt !== undefined && i >= opts.holdAt) await opts.hold;
        if (opts.delayMs) await sleep(opts.delayMs);
        yield data.subarray(i, i + chunkSize);
      }
    })(),
  );
}

async function keys(s: Storage, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const o of s.list(prefix)) out.push(o.key);
  return out.sort();
}

export function storageContract(name: string, factory: () => Promise<StorageHarness>): void {
  describe(`Storage contract: ${name}`, () => {
    let h: StorageHarness;
    let s: Storage;
    beforeEach(async () => {
      h = await factory();
      s = h.storage;
    });
    afterEach(() => h.dispose());

    test("put / get / stat / delete round trip; delete is idempotent", async () => {
      const body = Buffer.from("hello world");
      expect(await s.put("docs/1/a.txt", body, { contentType: "text/plain" })).toEqual({ size: 11, md5: md5(body) });
      expect((await readAll(await s.get("docs/1/a.txt"))).toString()).toBe("hello world");
      const info = await s.stat("docs/1/a.txt");
      expect(info).toMatchObject({ key: "docs/1/a.txt", size: 11, contentType: "text/plain" });
      expect(info?.etag).toBeTruthy();
      expect(Math.abs((info?.lastModified.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
      await s.delete("docs/1/a.txt");
      expect(await s.stat("docs/1/a.txt")).toBeNull();
      await expect(s.get("docs/1/a.txt")).rejects.toMatchObject({ code: "not_found" });
      await s.delete("docs/1/a.txt");
      expect(await keys(s, "docs/")).toEqual([]);
    });

    test("streams of unknown and of declared size; size and md5 computed while streaming", async () => {
      const data = randomBytes(1024 * 1024 + 7);
      expect(await s.put("bin/unknown", chunked(data, 10_000))).toEqual({ size: data.length, md5: md5(data) });
      expect(await s.put("bin/known", chunked(data, 10_000), { size: data.length })).toEqual({
        size: data.length,
        md5: md5(data),
      });
      expect(md5(await readAll(await s.get("bin/unknown")))).toBe(md5(data));
      expect(md5(await readAll(await s.get("bin/known")))).toBe(md5(data));
      expect((await s.stat("bin/known"))?.contentType).toBe("application/octet-stream");
    });

    test("a body larger than one upload part (11 MiB, unknown size)", async () => {
      const data = randomBytes(11 * 1024 * 1024);
      expect(await s.put("big/11m", chunked(data, 256 * 1024))).toEqual({ size: data.length, md5: md5(data) });
      expect((await s.stat("big/11m"))?.size).toBe(data.length);
      expect(md5(await readAll(await s.get("big/11m")))).toBe(md5(data));
    });

    test("empty objects", async () => {
      expect(await s.put("e/empty", new Uint8Array(0))).toEqual({ size: 0, md5: md5(Buffer.alloc(0)) });
      expect((await readAll(await s.get("e/empty"))).length).toBe(0);
      expect((await s.stat("e/empty"))?.size).toBe(0);
    });

    test("ranges are inclusive, clamp at the end, and refuse to start past it", async () => {
      await s.put("r/digits", Buffer.from("0123456789"));
      const range = async (start: number, end?: number) =>
        (await readAll(await s.get("r/digits", end === undefined ? { start } : { start, end }))).toString();
      expect(await range(2, 5)).toBe("2345");
      expect(await range(7)).toBe("789");
      expect(await range(0)).toBe("0123456789");
      expect(await range(5, 100)).toBe("56789");
      expect(await range(9, 9)).toBe("9");
      await expect(s.get("r/digits", { start: 10 })).rejects.toMatchObject({ code: "invalid_range" });
      await expect(s.get("r/digits", { start: 3, end: 1 })).rejects.toMatchObject({ code: "invalid_range" });
      await expect(s.get("r/missing", { start: 1 })).rejects.toMatchObject({ code: "not_found" });
    });

    test("too large: rejected with too_large, nothing stored, an older object kept", async () => {
      const big = Buffer.alloc(20, 1);
      await s.put("tl/kept", Buffer.from("old"));
      await expect(s.put("tl/a", big, { maxBytes: 10 })).rejects.toMatchObject({ code: "too_large" });
      await expect(s.put("tl/b", chunked(big, 3), { maxBytes: 10 })).rejects.toMatchObject({ code: "too_large" });
      await expect(s.put("tl/c", chunked(big, 3), { maxBytes: 10, size: 20 })).rejects.toMatchObject({
        code: "too_large",
      });
      await expect(s.put("tl/kept", chunked(big, 3), { maxBytes: 10 })).rejects.toMatchObject({ code: "too_large" });
      expect(await s.put("tl/exact", chunked(big, 3), { maxBytes: 20 })).toMatchObject({ size: 20 });
      expect(await keys(s, "tl/")).toEqual(["tl/exact", "tl/kept"]);
      expect((await readAll(await s.get("tl/kept"))).toString()).toBe("old");
    });

    test("a body shorter or longer than its declared size is refused, nothing stored", async () => {
      const data = Buffer.from("0123456789");
      await expect(s.put("sz/short", chunked(data, 4), { size: 12 })).rejects.toMatchObject({ code: "size_mismatch" });
      await expect(s.put("sz/long", chunked(data, 4), { size: 8 })).rejects.toMatchObject({ code: "size_mismatch" });
      await expect(s.put("sz/buf", data, { size: 8 })).rejects.toMatchObject({ code: "size_mismatch" });
      expect(await keys(s, "sz/")).toEqual([]);
    });

    test("a failing source stream rejects the put and leaves nothing (or the old object)", async () => {
      const data = randomBytes(200_000);
      await expect(s.put("fail/new", chunked(data, 16_384, { failAfter: 100_000 }))).rejects.toThrow("source failed");
      await expect(
        s.put("fail/sized", chunked(data, 16_384, { failAfter: 100_000 }), { size: data.length }),
      ).rejects.toThrow("source failed");
      await s.put("fail/old", Buffer.from("old"));
      await expect(s.put("fail/old", chunked(data, 16_384, { failAfter: 50_000 }))).rejects.toThrow("source failed");
      expect(await s.stat("fail/new")).toBeNull();
      expect(await keys(s, "fail/")).toEqual(["fail/old"]);
      expect((await readAll(await s.get("fail/old"))).toString()).toBe("old");
    });

    test.each(
      Object.entries({
        empty: "",
        "leading /": "/abs",
        "trailing /": "a/",
        "empty segment": "a//b",
        "..": "..",
        "inner ..": "a/../b",
        ".": "./a",
        "inner .": "a/./b",
        NUL: "a\u0000b",
        newline: "a\nb",
        backslash: "a\\b",
        "reserved .wenku/": ".wenku/tmp/x",
        "1025 bytes": `${"x/".repeat(512)}x`,
        "256-byte segment": "y".repeat(256),
      }),
    )("invalid key (%s) is refused by every operation", async (_label, key) => {
      const invalid = { code: "invalid_key" };
      await expect(s.put(key, Buffer.from("x"))).rejects.toMatchObject(invalid);
      await expect(s.get(key)).rejects.toMatchObject(invalid);
      await expect(s.stat(key)).rejects.toMatchObject(invalid);
      await expect(s.delete(key)).rejects.toMatchObject(invalid);
    });

    test("invalid list prefixes are refused; 1024-byte keys and unicode work", async () => {
      await expect(keys(s, "../")).rejects.toMatchObject({ code: "invalid_key" });
      await expect(keys(s, "/a")).rejects.toMatchObject({ code: "invalid_key" });
      const y = (n: number) => "y".repeat(n);
      const long = `k/${y(200)}/${y(200)}/${y(200)}/${y(200)}/${y(218)}`; // s3rver appends 15 bytes to file names
      expect(long.length).toBe(1024);
      await s.put(long, Buffer.from("1"));
      await s.put("k/文档 1.pdf", Buffer.from("2"));
      expect(await keys(s, "k/")).toEqual([long, "k/文档 1.pdf"].sort());
    });

    test("overwrite replaces content, size, type and etag; one object remains", async () => {
      await s.put("ow/x", Buffer.from("first version"), { contentType: "text/plain" });
      const before = await s.stat("ow/x");
      await s.put("ow/x", Buffer.from('{"v":2}'), { contentType: "application/json" });
      const after = await s.stat("ow/x");
      expect(after).toMatchObject({ size: 7, contentType: "application/json" });
      expect(after?.etag).not.toBe(before?.etag);
      expect((await readAll(await s.get("ow/x"))).toString()).toBe('{"v":2}');
      expect(await keys(s, "ow/")).toEqual(["ow/x"]);
    });

    test("concurrent puts of one key end with one complete object", async () => {
      if (h.atomicOverwrite === false) return; // not a property the test server has (see StorageHarness)
      const size = 300 * 1024;
      const bodies = [1, 2, 3, 4, 5, 6].map((b) => Buffer.alloc(size, b));
      const results = await Promise.all(bodies.map((b) => s.put("cc/same", chunked(b, 32 * 1024, { delayMs: 2 }))));
      expect(results.every((r) => r.size === size)).toBe(true);
      const got = await readAll(await s.get("cc/same"));
      expect(got.length).toBe(size);
      expect(bodies.some((b) => b.equals(got))).toBe(true);
      expect((await s.stat("cc/same"))?.size).toBe(size);
      expect(await keys(s, "cc/")).toEqual(["cc/same"]);
    });

    test("readers see the old object while a new one is being written, never a partial one", async () => {
      const v1 = Buffer.alloc(100_000, 1);
      const v2 = Buffer.alloc(150_000, 2);
      await s.put("at/x", v1);
      // The writer stops half-way until the readers are done: no timing assumption about a busy machine.
      let release = () => {};
      const hold = new Promise<void>((r) => {
        release = r;
      });
      const writing = s.put("at/x", chunked(v2, 10_000, { delayMs: 5, holdAt: 80_000, hold }));
      try {
        for (let i = 0; i < 5; i++) {
          await sleep(30);
          expect((await readAll(await s.get("at/x"))).equals(v1)).toBe(true);
          expect((await s.stat("at/x"))?.size).toBe(v1.length);
        }
      } finally {
        release();
      }
      await writing;
      expect((await readAll(await s.get("at/x"))).equals(v2)).toBe(true);
    });

    test("list: every key starting with the prefix (a string prefix, not a folder)", async () => {
      for (const k of ["p/a.txt", "p/b/c.txt", "p/b/d/e.txt", "p/bb.txt", "pq/x", "q/p/y"]) {
        await s.put(k, Buffer.from(k));
      }
      expect(await keys(s, "p/")).toEqual(["p/a.txt", "p/b/c.txt", "p/b/d/e.txt", "p/bb.txt"]);
      expect(await keys(s, "p/b")).toEqual(["p/b/c.txt", "p/b/d/e.txt", "p/bb.txt"]);
      expect(await keys(s, "p/b/")).toEqual(["p/b/c.txt", "p/b/d/e.txt"]);
      expect(await keys(s, "p")).toEqual(["p/a.txt", "p/b/c.txt", "p/b/d/e.txt", "p/bb.txt", "pq/x"]);
      expect(await keys(s, "nothing/")).toEqual([]);
      const all: { key: string; size: number; etag: string }[] = [];
      for await (const o of s.list("")) all.push(o);
      expect(all).toHaveLength(6);
      expect(all.find((o) => o.key === "p/a.txt")).toMatchObject({ size: 7 });
      expect(all.every((o) => o.etag.length > 0)).toBe(true);
    });
  });
}

import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readAll } from "@wenku/testkit";
import { chunked, storageContract } from "../../test/storage.contract.js";
import { createLocalStorage } from "./local.js";

storageContract("local disk", async () => {
  const root = await mkdtemp(join(tmpdir(), "kit-storage-"));
  const storage = await createLocalStorage({ root });
  return { storage, dispose: () => rm(root, { recursive: true, force: true }) };
});

describe("local disk specifics", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "kit-storage-"));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  test("failed and refused puts leave no temp files behind", async () => {
    const s = await createLocalStorage({ root });
    const data = Buffer.alloc(100_000, 7);
    await expect(s.put("a/b", chunked(data, 1000, { failAfter: 50_000 }))).rejects.toThrow("source failed");
    await expect(s.put("a/c", chunked(data, 1000), { maxBytes: 10 })).rejects.toMatchObject({ code: "too_large" });
    expect(await readdir(join(root, ".wenku", "tmp"))).toEqual([]);
    expect(await readdir(root)).toEqual([".wenku"]);
  });

  test("objects are plain files under the root; deleting the last one prunes empty folders", async () => {
    const s = await createLocalStorage({ root });
    await s.put("docs/7/original.pdf", Buffer.from("%PDF"));
    expect((await readAll(await s.get("docs/7/original.pdf"))).toString()).toBe("%PDF");
    expect(await readdir(join(root, "docs", "7"))).toEqual(["original.pdf"]);
    await s.delete("docs/7/original.pdf");
    expect(await readdir(root)).toEqual([".wenku"]);
  });

  test('"a" and "a/b" cannot both exist on disk: conflict, and the existing object is kept', async () => {
    const s = await createLocalStorage({ root });
    await s.put("a", Buffer.from("file"));
    await expect(s.put("a/b", Buffer.from("x"))).rejects.toMatchObject({ code: "conflict" });
    await s.put("d/e", Buffer.from("x"));
    await expect(s.put("d", Buffer.from("x"))).rejects.toMatchObject({ code: "conflict" });
    expect((await readAll(await s.get("a"))).toString()).toBe("file");
    expect(await s.stat("d")).toBeNull();
    await expect(s.get("d")).rejects.toMatchObject({ code: "not_found" });
  });

  test("a file changed behind our back loses its recorded md5/type instead of reporting stale ones", async () => {
    const s = await createLocalStorage({ root });
    await s.put("m/x", Buffer.from("abc"), { contentType: "text/plain" });
    expect((await s.stat("m/x"))?.contentType).toBe("text/plain");
    await writeFile(join(root, "m", "x"), "abcdef");
    const info = await s.stat("m/x");
    expect(info).toMatchObject({ size: 6, contentType: "application/octet-stream" });
    expect(info?.etag).not.toBe("900150983cd24fb0d6963f7d28e17f72");
  });

  test("temp files older than a day are removed at start", async () => {
    await createLocalStorage({ root });
    const stale = join(root, ".wenku", "tmp", "stale");
    await writeFile(stale, "x");
    const { utimes } = await import("node:fs/promises");
    await utimes(stale, new Date(Date.now() - 2 * 86_400_000), new Date(Date.now() - 2 * 86_400_000));
    await writeFile(join(root, ".wenku", "tmp", "fresh"), "x");
    await createLocalStorage({ root });
    expect(await readdir(join(root, ".wenku", "tmp"))).toEqual(["fresh"]);
  });
});

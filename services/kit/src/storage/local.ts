// Objects as plain files under a root directory (one-process mode, single node).
//
//   <root>/<key>                      the object's bytes
//   <root>/.wenku/meta/<h>/<sha256(key)>.json   { size, md5, contentType, ino, mtimeMs }: trusted
//                                     only while it matches the data file's inode, size and mtime
//   <root>/.wenku/tmp/<uuid>          bodies being written; renamed into place when complete
//
// put() writes a temp file on the same filesystem, fsyncs it and renames it over the key: rename is
// atomic, so readers see the old or the new object, never a partial one, and concurrent writers of
// one key end with one complete object (the last rename wins). Keys are validated (keys.ts) and the
// resolved path is checked to stay under the root. Symlinks placed inside the root are not guarded.
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream, type Stats, type WriteStream } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import { checkKey, checkPrefix, reservedTopLevel, resolveRange } from "./keys.js";
import { defaultContentType, Meter, precheck, toReadable } from "./meter.js";
import { type ByteRange, type ObjectInfo, type PutOptions, type Storage, StorageError } from "./types.js";

interface Meta {
  size: number;
  md5: string;
  contentType: string;
  ino: number;
  mtimeMs: number;
}

const staleTempMs = 24 * 3600_000;

/** The error's code. Duck-typed: under jest's vm modules, fs errors are not `instanceof Error` of the test realm. */
function errno(err: unknown): string | undefined {
  return typeof err === "object" && err !== null && "code" in err ? String(err.code) : undefined;
}

class LocalStorage implements Storage {
  private readonly tmpDir: string;
  private readonly metaDir: string;
  /** Per-key queue: one process renames data + metadata of a key as a pair. */
  private readonly locks = new Map<string, Promise<void>>();

  constructor(private readonly root: string) {
    this.tmpDir = join(root, reservedTopLevel, "tmp");
    this.metaDir = join(root, reservedTopLevel, "meta");
  }

  async init(): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
    await mkdir(this.metaDir, { recursive: true });
    const now = Date.now();
    for (const name of await readdir(this.tmpDir)) {
      const path = join(this.tmpDir, name);
      const s = await stat(path).catch(() => undefined);
      if (s && now - s.mtimeMs > staleTempMs) await rm(path, { force: true }); // left by a crash
    }
  }

  private pathOf(key: string): string {
    const p = resolve(this.root, checkKey(key));
    if (!p.startsWith(this.root + sep)) throw new StorageError("invalid_key", `key ${JSON.stringify(key)} escapes`);
    return p;
  }

  /** Hashed, so metadata paths never clash the way "a" and "a/b" do. */
  private metaPathOf(key: string): string {
    const h = createHash("sha256").update(key).digest("hex");
    return join(this.metaDir, h.slice(0, 2), `${h}.json`);
  }

  async put(key: string, body: NodeJS.ReadableStream | Uint8Array, opts: PutOptions = {}) {
    const path = this.pathOf(key);
    precheck(key, body, opts);
    const tmp = join(this.tmpDir, randomUUID());
    const metaTmp = `${tmp}.json`;
    let sink: WriteStream | undefined;
    try {
      const meter = new Meter(key, opts);
      sink = createWriteStream(tmp, { flags: "wx", mode: 0o644 });
      await pipeline(toReadable(body), meter, sink);
      const fh = await open(tmp, "r+");
      let s: Stats;
      try {
        await fh.sync();
        s = await fh.stat();
      } finally {
        await fh.close();
      }
      const meta: Meta = {
        size: meter.size,
        md5: meter.md5(),
        contentType: opts.contentType ?? defaultContentType,
        ino: s.ino,
        mtimeMs: s.mtimeMs,
      };
      await writeFile(metaTmp, JSON.stringify(meta), { flag: "wx" });
      await this.locked(key, async () => {
        await this.moveInto(tmp, path, key);
        await this.moveInto(metaTmp, this.metaPathOf(key), key);
      });
      return { size: meta.size, md5: meta.md5 };
    } catch (err) {
      // The sink opens its file lazily on the thread pool: a source that fails early can reject the
      // pipeline before that open has run, and an rm before it would leave the file behind.
      const s = sink;
      if (s && !s.closed) await new Promise<void>((done) => s.once("close", () => done())); // not once(): it rejects on "error"
      await rm(tmp, { force: true });
      await rm(metaTmp, { force: true });
      throw err;
    }
  }

  /** rename with mkdir -p; retried because delete() may remove the emptied parent in between. */
  private async moveInto(from: string, to: string, key: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await mkdir(dirname(to), { recursive: true });
        await rename(from, to);
        return;
      } catch (err) {
        const code = errno(err);
        if (code === "ENOENT" && attempt < 3) continue;
        if (code === "ENOTDIR" || code === "EEXIST" || code === "EISDIR" || code === "ENOTEMPTY") {
          throw new StorageError("conflict", `${key} clashes with an existing object or folder`, { cause: err });
        }
        throw err;
      }
    }
  }

  private async locked<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(key) ?? Promise.resolve();
    const run = prev.then(fn);
    const done = run.then(
      () => undefined,
      () => undefined,
    );
    this.locks.set(key, done);
    try {
      return await run;
    } finally {
      if (this.locks.get(key) === done) this.locks.delete(key);
    }
  }

  async get(key: string, range?: ByteRange): Promise<NodeJS.ReadableStream> {
    const path = this.pathOf(key);
    // Opening first pins this version: a concurrent put renames a new file in, we keep reading ours.
    const fh = await open(path, "r").catch((err: unknown) => {
      throw errno(err) === "ENOENT" || errno(err) === "EISDIR" || errno(err) === "ENOTDIR"
        ? new StorageError("not_found", `${key} not found`)
        : err;
    });
    try {
      const s = await fh.stat();
      if (!s.isFile()) throw new StorageError("not_found", `${key} not found`);
      const r = resolveRange(range, s.size, key);
      return fh.createReadStream(r ? { start: r.start, end: r.end } : {});
    } catch (err) {
      await fh.close();
      throw err;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const path = this.pathOf(key);
    for (let attempt = 0; ; attempt++) {
      const s = await stat(path).catch(() => undefined);
      if (!s?.isFile()) return null;
      const meta = await this.readMeta(key, s);
      // A put renames data then metadata: retry once if we looked in between.
      if (meta || attempt === 1) return this.info(key, s, meta);
    }
  }

  private async readMeta(key: string, s: Stats): Promise<Meta | undefined> {
    try {
      const m = JSON.parse(await readFile(this.metaPathOf(key), "utf8")) as Meta;
      return m.ino === s.ino && m.size === s.size && m.mtimeMs === s.mtimeMs ? m : undefined;
    } catch {
      return undefined;
    }
  }

  private info(key: string, s: Stats, meta: Meta | undefined): ObjectInfo {
    return {
      key,
      size: s.size,
      etag: meta?.md5 ?? `${s.ino.toString(16)}-${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}`,
      lastModified: s.mtime,
      contentType: meta?.contentType ?? defaultContentType,
    };
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await this.locked(key, async () => {
      const s = await stat(path).catch(() => undefined);
      if (s && !s.isFile()) return; // a folder of other objects, not an object
      await rm(path, { force: true });
      await rm(this.metaPathOf(key), { force: true });
    });
    await this.pruneEmptyDirs(dirname(path));
  }

  private async pruneEmptyDirs(dir: string): Promise<void> {
    while (dir.startsWith(this.root + sep)) {
      try {
        await rmdir(dir);
      } catch {
        return; // not empty (or gone): stop
      }
      dir = dirname(dir);
    }
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    checkPrefix(prefix);
    const cut = prefix.lastIndexOf("/");
    const startDir = cut < 0 ? this.root : join(this.root, prefix.slice(0, cut));
    yield* this.walk(startDir, prefix);
  }

  private async *walk(dir: string, prefix: string): AsyncIterable<ObjectInfo> {
    const entries = await readdir(dir, { withFileTypes: true }).catch((err: unknown) => {
      if (errno(err) === "ENOENT" || errno(err) === "ENOTDIR") return [];
      throw err;
    });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const path = join(dir, e.name);
      const key = relative(this.root, path).split(sep).join("/");
      if (key === reservedTopLevel) continue;
      if (e.isDirectory()) {
        if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) yield* this.walk(path, prefix);
      } else if (e.isFile() && key.startsWith(prefix)) {
        const s = await stat(path).catch(() => undefined); // may be deleted meanwhile
        if (s?.isFile()) yield this.info(key, s, await this.readMeta(key, s));
      }
    }
  }
}

/** Storage in a local directory (created if missing). */
export async function createLocalStorage(opts: { root: string }): Promise<Storage> {
  const storage = new LocalStorage(resolve(opts.root));
  await storage.init();
  return storage;
}

// The Corresponding Source of the running site (AGPL-3.0 §13: a network service offers its users its
// source). GET /source answers where it is: WENKU_SOURCE_URL when the operator set one (a modified
// deployment's own repository), else this install's archive; GET /source/wenku-<version>.tar.gz
// streams that archive, built file by file from source.files.ts's list (a source-manifest.txt listing
// the archive's own files is added, so an install unpacked from it can offer its source too). A few
// archives at a time; each within a time budget, ended when the client goes away.
import { createReadStream } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { Code } from "@connectrpc/connect";
import type { Logger } from "@wenku/kit";
import { pack as tarPack } from "tar-stream";
import { HttpError } from "../rest/handler.js";
import { MANIFEST, type SourceFile, sourceFiles } from "./source.files.js";

export const SOURCE_PATH = "/source";
export const isSourcePath = (path: string) => path === SOURCE_PATH || path.startsWith(`${SOURCE_PATH}/`);

export interface SourceOptions {
  /** The install's root (the repository checkout, or the image's /app). */
  root: string;
  version: string;
  /** Where GET /source points instead of this install's archive (WENKU_SOURCE_URL); "" for none. */
  sourceUrl: string;
  log: Logger;
  /** Archives streamed at once (each compresses: CPU); more are answered 503. */
  maxConcurrent?: number;
  /** An archive not sent within this long (a stalled client) is cut off. */
  budgetMs?: number;
}

/** The archive's file name for a version (its own path segment, so a version is kept to safe characters). */
export const archiveName = (version: string) => `wenku-${version.replace(/[^A-Za-z0-9._-]/g, "_")}.tar.gz`;

/** Adds one file (or link) to the archive under `prefix`, waiting until it is written. */
function addFile(pack: ReturnType<typeof tarPack>, root: string, prefix: string, f: SourceFile): Promise<void> {
  const header = { name: `${prefix}${f.path}`, mode: f.mode, mtime: f.mtime };
  if (f.link !== undefined) {
    return new Promise((resolve, reject) =>
      pack.entry({ ...header, type: "symlink", linkname: f.link }, (err) => (err ? reject(err) : resolve())),
    );
  }
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ ...header, type: "file", size: f.size }, (err) => (err ? reject(err) : resolve()));
    pipeline(createReadStream(join(root, f.path)), entry).catch(reject);
  });
}

export function createSourceRoute(opts: SourceOptions) {
  const name = archiveName(opts.version);
  const prefix = name.replace(/\.tar\.gz$/, "/");
  const maxConcurrent = opts.maxConcurrent ?? 2;
  const budgetMs = opts.budgetMs ?? 5 * 60_000;
  let running = 0;

  async function stream(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const files = await sourceFiles(opts.root);
    if (!files) throw new HttpError(404, Code.NotFound, "本站未附带源代码清单，请联系网站管理员获取源代码");
    if (running >= maxConcurrent) {
      res.setHeader("retry-after", "30");
      throw new HttpError(503, Code.Unavailable, "源代码打包繁忙，请稍后再试");
    }
    running++;
    const pack = tarPack();
    const gzip = createGzip();
    const timer = setTimeout(() => gzip.destroy(new Error("source archive: time budget spent")), budgetMs);
    try {
      res.writeHead(200, {
        "content-type": "application/gzip",
        "content-disposition": `attachment; filename="${name}"`,
        "cache-control": "no-store",
      });
      if (req.method === "HEAD") {
        res.end();
        return;
      }
      const sent = pipeline(pack, gzip, res);
      const fill = (async () => {
        for (const f of files) await addFile(pack, opts.root, prefix, f);
        const manifest = Buffer.from(`${files.map((f) => f.path).join("\n")}\n`);
        await new Promise<void>((resolve, reject) =>
          pack.entry({ name: `${prefix}${MANIFEST}`, mode: 0o644 }, manifest, (err) => (err ? reject(err) : resolve())),
        );
        pack.finalize();
      })();
      // A failed file ends the response (the client sees a cut archive); a client gone ends the filling.
      await Promise.all([sent, fill.catch((err: unknown) => pack.destroy(err as Error))]);
    } catch (err) {
      opts.log.warn({ err }, "source archive: not sent in full");
      pack.destroy();
      if (!res.headersSent) throw err;
      res.destroy();
    } finally {
      clearTimeout(timer);
      running--;
    }
  }

  return async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("allow", "GET, HEAD");
      throw new HttpError(405, Code.Unimplemented, "不支持的请求方法");
    }
    if (path === SOURCE_PATH) {
      res.writeHead(302, { location: opts.sourceUrl || `${SOURCE_PATH}/${name}`, "cache-control": "no-store" });
      res.end();
      return;
    }
    if (path !== `${SOURCE_PATH}/${name}`) throw new HttpError(404, Code.NotFound, "页面不存在");
    await stream(req, res);
  };
}

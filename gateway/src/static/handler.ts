// The built web app (web/dist): hashed /assets/* cached for a year as immutable, everything else
// revalidated (no-cache + ETag); the brotli or gzip file the build wrote beside each asset when the
// client accepts it; HEAD, conditional requests and single byte ranges. A path the app has no page
// for, or a /document/{id} that does not exist for the visitor, answers 404 with the app's page (the
// app then shows its own not-found page); a missing /assets/ file is a plain 404, never the page.
// The pages search engines index (/, /document/{id}, /category/{id}) carry their title, meta tags
// and content for crawlers (seo/render.ts); every other page is index.html byte for byte.
import type { Stats } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import type { Logger } from "@wenku/kit";
import type { ForwardHeaders } from "../rest/handler.js";
import { APP_CSP, setSecurityHeaders } from "../security.js";
import { type SeoRenderer, writeHtml } from "../seo/render.js";
import { acceptsCoding, type Coding, ifRangeHolds, noneMatch, notModifiedSince, parseRange } from "./negotiate.js";
import type { Probe } from "./probe.js";
import { createRouteSource } from "./routes.js";

const TYPES = new Map<string, string>(
  Object.entries({
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".xml": "application/xml",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".avif": "image/avif",
    ".ico": "image/x-icon",
    ".woff": "font/woff",
    ".woff2": "font/woff2",
    ".wasm": "application/wasm",
  }),
);

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
/** Precompressed siblings, in the server's order of preference. */
const CODINGS: ReadonlyArray<{ coding: Coding; suffix: string }> = [
  { coding: "br", suffix: ".br" },
  { coding: "gzip", suffix: ".gz" },
];

export interface StaticOptions {
  /** Tells whether the document or category a page URL names exists; absent: every page exists. */
  probe?: Probe;
  /**
   * Crawler-readable pages (/, /document/{id}, /category/{id}): the app page with the page's title,
   * meta tags and content put in, and the page's status. Asked first for visitors without a token
   * (whose answer is everyone's); the probe decides the status of the others.
   */
  seo?: SeoRenderer;
  /** The app's Content Security Policy (APP_CSP with the site's analytics sources); default APP_CSP. */
  csp?: () => Promise<string>;
  log?: Logger;
}

type Handler = (req: IncomingMessage, res: ServerResponse, pathname: string, headers?: ForwardHeaders) => Promise<void>;

export function createStaticHandler(root: string, opts: StaticOptions = {}): Handler {
  const rootWithSep = root.endsWith(sep) ? root : root + sep;
  const routes = createRouteSource(root, (message, err) => opts.log?.warn({ err }, message));

  /** The file a decoded path names inside root; null for anything that could leave it or is hidden. */
  const fileOf = (decoded: string): string | null => {
    const segments = decoded.split("/");
    if (segments.some((s) => s.startsWith(".") || s.includes("\\") || s.includes("\0"))) return null;
    const file = normalize(join(root, decoded));
    return file.startsWith(rootWithSep) ? file : null;
  };

  return async (req, res, pathname, headers = {}) => {
    setSecurityHeaders(res, APP_CSP);
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      plain(res, 400, "bad path");
      return;
    }
    const file = fileOf(decoded);
    if (file && extname(file) !== "" && (await serveFile(req, res, file, 200))) return;
    if (decoded.startsWith("/assets/")) {
      plain(res, 404, "not found");
      return;
    }
    const table = await routes();
    // The app page (not its files) carries the policy with the site's analytics sources.
    if (opts.csp) res.setHeader("content-security-policy", await opts.csp());
    const isPage = table.isPage(decoded);
    const seo = isPage && opts.seo && !headers.authorization ? await opts.seo(req, decoded) : null;
    if (seo?.html) {
      await writeHtml(req, res, seo.status, seo.html, seo.maxAge);
      return;
    }
    const found = seo ? seo.status === 200 : isPage && (opts.probe ? await opts.probe(decoded, headers) : true);
    if (!(await serveFile(req, res, join(root, "index.html"), found ? 200 : 404))) {
      plain(res, 503, "The web app is not built yet: run `npm run build -w web`.");
    }
  };

  /**
   * Answers with `file` (or its precompressed sibling) under `status`; false when there is no such
   * file (nothing written). Conditional requests and ranges only apply to 200 answers.
   */
  async function serveFile(req: IncomingMessage, res: ServerResponse, file: string, status: 200 | 404) {
    const picked = await openVariant(file, req);
    if (!picked) return false;
    const { info, coding } = picked;
    let handle: FileHandle | null = picked.handle;
    try {
      const immutable = file.startsWith(join(root, "assets") + sep);
      const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}${coding ? `-${coding}` : ""}"`;
      const lastModified = new Date(info.mtimeMs).toUTCString();
      const h: OutgoingHttpHeaders = {
        "content-type": TYPES.get(extname(file)) ?? "application/octet-stream",
        "cache-control": status === 200 && immutable ? IMMUTABLE : REVALIDATE,
        vary: "Accept-Encoding",
      };
      if (status === 200) Object.assign(h, { etag, "last-modified": lastModified, "accept-ranges": "bytes" });
      if (coding) h["content-encoding"] = coding;
      const inm = header(req, "if-none-match");
      if (
        status === 200 &&
        (inm !== undefined ? noneMatch(inm, etag) : notModifiedSince(header(req, "if-modified-since"), info.mtimeMs))
      ) {
        delete h["content-type"];
        res.writeHead(304, h);
        res.end();
        return true;
      }
      const range =
        status === 200 && ifRangeHolds(header(req, "if-range"), etag, lastModified)
          ? parseRange(header(req, "range"), info.size)
          : null;
      if (range === "unsatisfiable") {
        res.writeHead(416, { ...h, "content-range": `bytes */${info.size}`, "content-length": 0 });
        res.end();
        return true;
      }
      const start = range?.start ?? 0;
      const end = range?.end ?? info.size - 1;
      if (range) h["content-range"] = `bytes ${start}-${end}/${info.size}`;
      res.writeHead(range ? 206 : status, { ...h, "content-length": Math.max(0, end - start + 1) });
      if (req.method === "HEAD" || info.size === 0) {
        res.end();
        return true;
      }
      // The stream owns the handle from here on (closes it at the end or on error).
      const body = handle.createReadStream({ start, end });
      handle = null;
      try {
        await pipeline(body, res);
      } catch (err) {
        // A client gone mid-answer or a read error: the answer is cut, never the process.
        if (!res.destroyed) res.destroy();
        opts.log?.debug({ err, file }, "static answer cut");
      }
      return true;
    } finally {
      await handle?.close().catch(() => undefined);
    }
  }
}

/**
 * Opens the variant to send: the precompressed sibling of the client's best accepted coding, else
 * the file itself. A range request gets the file itself: ranges of it are what resumable clients mean.
 */
async function openVariant(
  file: string,
  req: IncomingMessage,
): Promise<{ handle: FileHandle; info: Stats; coding: Coding | null } | null> {
  const accept = header(req, "accept-encoding");
  const candidates = header(req, "range") === undefined ? CODINGS.filter((c) => acceptsCoding(accept, c.coding)) : [];
  for (const c of candidates) {
    const opened = await openFile(file + c.suffix);
    if (opened) return { ...opened, coding: c.coding };
  }
  const opened = await openFile(file);
  return opened ? { ...opened, coding: null } : null;
}

/** An open regular file and its stat (of the handle: no race with a rename), or null. */
async function openFile(path: string): Promise<{ handle: FileHandle; info: Stats } | null> {
  const handle = await open(path, "r").catch(() => null);
  if (!handle) return null;
  const info = await handle.stat().catch(() => null);
  if (info?.isFile()) return { handle, info };
  await handle.close().catch(() => undefined);
  return null;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(", ") : v;
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  res.end(text);
}

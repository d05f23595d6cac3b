// Crawler-readable pages for the static handler: for a page path that has one (pages.ts), the web
// app's index.html with the page put in (html.ts), written here with an ETag (304 when it still
// holds) and compressed for the client (brotli or gzip; once per page, not per view). Every other
// path, and every failure on the way, leaves the plain index.html to the static handler, unchanged.
//
// The ssr settings decide: with ssr.enable off (or the settings unknown) every page path answers the
// plain index.html, as it does for browsers (its status still from the page route's probe: a hidden
// document is 404 either way); rendered answers are reused for ssr.cache_seconds (0: never), per
// site origin and path (at most CACHED_PAGES of them), and say so to shared caches with
// `Cache-Control: public, max-age=0, s-maxage=<the seconds left>` (no-cache when not kept). All are dropped, with the data they were made
// from (data.ts), when the settings or index.html change or a change passes through this gateway
// (invalidate(): an API write that succeeded), so hiding or recycling a document through the API
// takes its page away at once. A change that does not pass through this gateway (another gateway
// replica, a service's own background work, the database edited by hand) shows once the page's
// cache_seconds run out, plus the data's own few seconds (data.ts: 10 s for a document); a
// shared cache (CDN) that kept the page may show it until its s-maxage runs out.
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { toBinary } from "@bufbuild/protobuf";
import type { Logger } from "@wenku/kit";
import { type Settings, SettingsSchema } from "@wenku/proto/api/v1/config_pb.js";
import { LRUCache } from "lru-cache";
import { acceptsCoding, noneMatch } from "../static/negotiate.js";
import type { SeoData } from "./data.js";
import { renderPage } from "./html.js";
import { siteOrigin } from "./origin.js";
import { seoAnswer } from "./pages.js";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** A page's answer: its status, and the page's HTML (null: the plain index.html under that status). */
export interface SeoResult {
  status: 200 | 404;
  html: string | null;
  /** Seconds the answer may be kept (what is left of ssr.cache_seconds); 0: not kept. */
  maxAge: number;
}

/** The answer for a page path; null when the path has no crawler page (or crawler pages are off). */
export type SeoRenderer = ((req: IncomingMessage, pathname: string) => Promise<SeoResult | null>) & {
  /** Something changed (an API write went through): rendered pages are not reused. */
  invalidate(): void;
};

/** Rendered pages kept at most (each a page of the app with a crawler's view in it: tens of KB). */
const CACHED_PAGES = 1_000;

export interface SeoRendererDeps {
  /** The built web app (its index.html is the template). */
  root: string;
  data: SeoData;
  isTrustedProxy: (ip: string) => boolean;
  log?: Logger;
  now?: () => number;
}

export function createSeoRenderer(deps: SeoRendererDeps): SeoRenderer {
  const file = join(deps.root, "index.html");
  let template: { mtimeMs: number; text: string } | null = null;

  /** index.html, read again when a new build replaced it; null when there is none. */
  async function readTemplate(): Promise<string | null> {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    if (template?.mtimeMs !== info.mtimeMs) template = { mtimeMs: info.mtimeMs, text: await readFile(file, "utf8") };
    return template.text;
  }
  /** One stat at a time: views that arrive while one is under way share its answer. */
  let checking: Promise<string | null> | null = null;
  const templateText = () => {
    checking ??= readTemplate().finally(() => {
      checking = null;
    });
    return checking;
  };

  const perf = { now: deps.now ?? (() => performance.now()) };
  const rendered = new LRUCache<string, SeoResult>({ max: CACHED_PAGES, ttlResolution: 0, perf });
  /** What the cached pages were rendered from: the settings (as bytes) and index.html's time. */
  let renderedFrom = "";
  /** The settings object and template time `renderedFrom` was last worked out for (the reader keeps one object per fetch). */
  let fromOf: { settings: Settings; mtimeMs: number } | null = null;
  const dropRendered = () => {
    rendered.clear();
    forgetEncoded();
  };

  const render = async (req: IncomingMessage, pathname: string): Promise<SeoResult | null> => {
    const settings = await deps.data.settings();
    if (!settings?.ssr?.enable) return null; // off, or not known in time: the app's page for everyone
    const ttl = Math.max(0, settings.ssr.cacheSeconds) * 1000;
    const text = await templateText(); // a new build is noticed at once (one stat a view)
    const mtimeMs = template?.mtimeMs ?? 0;
    if (fromOf?.settings !== settings || fromOf.mtimeMs !== mtimeMs) {
      const from = `${mtimeMs}:${Buffer.from(toBinary(SettingsSchema, settings)).toString("base64")}`;
      if (from !== renderedFrom) {
        dropRendered();
        renderedFrom = from;
      }
      fromOf = { settings, mtimeMs };
    }
    const origin = (domain: string) => siteOrigin(domain, req, deps.isTrustedProxy);
    const key = `${origin(settings.system?.domain ?? "") ?? ""} ${pathname}`;
    const kept = ttl > 0 ? rendered.get(key) : undefined;
    if (kept) return { ...kept, maxAge: Math.max(0, Math.floor(rendered.getRemainingTTL(key) / 1000)) };
    const answer = seoAnswer({ data: deps.data, origin }, pathname);
    if (!answer) return null;
    try {
      const { status, page } = await answer;
      const result: SeoResult = { status, html: page && text ? renderPage(text, page) : null, maxAge: 0 };
      // only complete answers are kept: a plain page served for lack of data is asked again next time
      if (ttl <= 0 || (result.html === null && status !== 404)) return result;
      rendered.set(key, result, { ttl });
      return { ...result, maxAge: ttl / 1000 };
    } catch (err) {
      deps.log?.warn({ err, path: pathname }, "crawler page failed: the plain app page answers");
      return { status: 200, html: null, maxAge: 0 };
    }
  };
  const invalidate = () => {
    dropRendered();
    deps.data.forget();
  };
  return Object.assign(render, { invalidate });
}

/** A page's bytes as sent: the ETag's digest, the UTF-8 bytes, and each coding once asked for. */
interface Encoded {
  digest: string;
  raw: Buffer;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

/**
 * Pages as sent, by their HTML: a kept page is hashed and compressed once, not on every view. Keyed by
 * the content itself, so an entry never answers for other HTML; emptied with the rendered pages
 * (invalidate, changed settings or index.html) so pages no longer served do not stay in memory.
 */
const encodedPages = new LRUCache<string, Encoded>({
  max: CACHED_PAGES,
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (e, html) => 64 + html.length * 2 + e.raw.length * 2,
});

function forgetEncoded(): void {
  encodedPages.clear();
}

function encodedOf(html: string): Encoded {
  let e = encodedPages.get(html);
  if (!e) {
    const raw = Buffer.from(html, "utf8");
    e = { raw, digest: createHash("sha256").update(raw).digest("base64url").slice(0, 27) };
    encodedPages.set(html, e);
  }
  return e;
}

function compressed(e: Encoded, coding: "br" | "gzip"): Promise<Buffer> {
  let body = e[coding];
  if (!body) {
    body = coding === "br" ? brotli(e.raw, BROTLI) : gzipped(e.raw);
    e[coding] = body;
    // a failed compression is not kept: the next view tries again
    body.catch(() => {
      if (e[coding] === body) e[coding] = undefined;
    });
  }
  return body;
}

/** Writes a rendered page: ETag and 304, brotli or gzip when accepted, HEAD without a body; kept `maxAge` seconds. */
export async function writeHtml(req: IncomingMessage, res: ServerResponse, status: number, html: string, maxAge = 0) {
  const page = encodedOf(html);
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v.join(", ") : v;
  };
  const accept = header("accept-encoding");
  const coding = acceptsCoding(accept, "br") ? "br" : acceptsCoding(accept, "gzip") ? "gzip" : null;
  const etag = `"seo-${page.digest}${coding ? `-${coding}` : ""}"`;
  const h: OutgoingHttpHeaders = {
    "content-type": "text/html; charset=utf-8",
    // Shared caches (a CDN) may keep a kept page for what is left of it; browsers always revalidate (the
    // ETag makes that a 304), so after a deploy nobody holds HTML that names asset files no longer served.
    "cache-control": maxAge > 0 ? `public, max-age=0, s-maxage=${maxAge}` : "no-cache",
    vary: "Accept-Encoding",
  };
  if (status === 200) {
    h.etag = etag;
    if (noneMatch(header("if-none-match"), etag)) {
      delete h["content-type"];
      res.writeHead(304, h);
      res.end();
      return;
    }
  }
  const body = coding ? await compressed(page, coding) : page.raw;
  if (coding) h["content-encoding"] = coding;
  res.writeHead(status, { ...h, "content-length": body.length });
  res.end(req.method === "HEAD" ? undefined : body);
}

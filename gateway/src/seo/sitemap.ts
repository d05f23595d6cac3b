// /sitemap.xml, /sitemap/<section>-N.xml and /robots.txt. The sitemap's files are written by the
// content service into storage (services/content/src/sitemap) with paths in their <loc>s; they are
// streamed from there (ContentInternalAPI.GetSitemapFile) with the site's origin put in front of each
// path on the way (origin.ts: the domain setting, else the request's origin), gzip-compressed
// when the client takes it, with an ETag of the stored file and the origin (304 when it holds).
// robots.txt is the web build's (web/public/robots.txt) with the Sitemap line naming this site's
// sitemap; a site closed to visitors disallows everything and names none.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { Code, createClient, type Transport } from "@connectrpc/connect";
import { headers, type Logger } from "@wenku/kit";
import type { FileChunk } from "@wenku/proto/api/v1/attachment_pb.js";
import { ContentInternalAPI } from "@wenku/proto/api/v1/content_internal_pb.js";
import { HttpError, writeError } from "../rest/handler.js";
import { acceptsCoding } from "../static/negotiate.js";
import type { SeoData } from "./data.js";
import { escapeHtml } from "./html.js";
import { siteOrigin } from "./origin.js";

export interface SitemapRouteDeps {
  content: Transport;
  internalToken: string;
  data: Pick<SeoData, "settings">;
  isTrustedProxy: (ip: string) => boolean;
  /** The built web app, whose robots.txt is served (a default one without it). */
  webDist?: string;
  log: Logger;
  /** Deadline of one file's whole stream. */
  timeoutMs: number;
}

const SHARD = /^\/sitemap\/([a-z]{1,32}-[1-9][0-9]{0,5}\.xml)$/;
const DEFAULT_ROBOTS =
  "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /me\nDisallow: /api/\nDisallow: /download/\n";
const CLOSED_ROBOTS = "User-agent: *\nDisallow: /\n";

export const isSitemapPath = (path: string): boolean =>
  path === "/sitemap.xml" || path === "/robots.txt" || path.startsWith("/sitemap/");

const LOC = Buffer.from("<loc>/");

/**
 * Puts `origin` in front of every `<loc>/…` path of a stream of XML bytes, across chunk boundaries:
 * a chunk's tail that may begin `<loc>/` waits for the next chunk (the pattern has no border, so a
 * match never overlaps that tail).
 */
export function locPrefixer(origin: string) {
  const replacement = Buffer.from(`<loc>${escapeHtml(origin)}/`);
  let carry = Buffer.alloc(0);
  const replaceAll = (buf: Buffer): Buffer => {
    const parts: Buffer[] = [];
    let from = 0;
    for (let at = buf.indexOf(LOC, from); at >= 0; at = buf.indexOf(LOC, from)) {
      parts.push(buf.subarray(from, at), replacement);
      from = at + LOC.length;
    }
    parts.push(buf.subarray(from));
    return Buffer.concat(parts);
  };
  return {
    push(chunk: Uint8Array): Buffer {
      const buf = carry.length ? Buffer.concat([carry, chunk]) : Buffer.from(chunk);
      let keep = 0;
      for (let k = Math.min(LOC.length - 1, buf.length); k > 0 && keep === 0; k--) {
        if (buf.subarray(buf.length - k).equals(LOC.subarray(0, k))) keep = k;
      }
      carry = Buffer.from(buf.subarray(buf.length - keep));
      return replaceAll(buf.subarray(0, buf.length - keep));
    },
    end(): Buffer {
      const rest = carry;
      carry = Buffer.alloc(0);
      return rest;
    },
  };
}

/** The stored file's tag (without quotes) from a client's If-None-Match naming this origin's variant. */
function storedTag(ifNoneMatch: string | undefined, originTag: string): string {
  for (const raw of (ifNoneMatch ?? "").split(",")) {
    const m = /^"([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{8})(?:-gzip)?"$/.exec(raw.trim().replace(/^W\//, ""));
    if (m && m[2] === originTag) return `"${m[1]}"`;
  }
  return "";
}

export function createSitemapRoutes(deps: SitemapRouteDeps) {
  const client = createClient(ContentInternalAPI, deps.content);

  async function origin(req: IncomingMessage) {
    const settings = await deps.data.settings();
    const closed = !!(settings?.security?.isClose || settings?.security?.loginRequired);
    return { origin: siteOrigin(settings?.system?.domain ?? "", req, deps.isTrustedProxy), closed };
  }

  async function robots(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const site = await origin(req);
    let text = CLOSED_ROBOTS;
    if (!site.closed) {
      const built = deps.webDist ? await readFile(join(deps.webDist, "robots.txt"), "utf8").catch(() => null) : null;
      const rules = (built ?? DEFAULT_ROBOTS).replace(/^\s*sitemap\s*:.*(?:\r?\n|$)/gim, "").trimEnd();
      text = `${rules}\n${site.origin ? `\nSitemap: ${site.origin}/sitemap.xml\n` : ""}`;
    }
    const body = Buffer.from(text, "utf8");
    res.writeHead(200, {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-cache",
      "content-length": body.length,
    });
    res.end(req.method === "HEAD" ? undefined : body);
  }

  async function file(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    const site = await origin(req);
    if (!site.origin) throw new HttpError(400, Code.InvalidArgument, "请求的主机名无效");
    const originTag = createHash("sha256").update(site.origin).digest("base64url").slice(0, 8);
    const gzip = acceptsCoding(headerOf(req, "accept-encoding"), "gzip");
    const abort = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) abort.abort();
    });
    const chunks = client
      .getSitemapFile(
        { name, ifNoneMatch: storedTag(headerOf(req, "if-none-match"), originTag) },
        { headers: { [headers.internal]: deps.internalToken }, timeoutMs: deps.timeoutMs, signal: abort.signal },
      )
      [Symbol.asyncIterator]();
    try {
      const first = await chunks.next();
      if (first.done) throw new Error("sitemap stream ended without metadata");
      const meta = first.value;
      const etag = `"${meta.etag.replace(/"/g, "")}.${originTag}${gzip ? "-gzip" : ""}"`;
      const h: OutgoingHttpHeaders = {
        etag,
        "cache-control": meta.cacheControl || "no-cache",
        vary: "Accept-Encoding",
      };
      if (meta.notModified) {
        res.writeHead(304, h);
        res.end();
        return;
      }
      res.writeHead(200, {
        ...h,
        "content-type": meta.contentType || "application/xml; charset=utf-8",
        ...(gzip ? { "content-encoding": "gzip" } : {}),
      });
      if (req.method === "HEAD") {
        res.end();
        return;
      }
      const body = Readable.from(withOrigin(meta, chunks, locPrefixer(site.origin)), { objectMode: false });
      await (gzip ? pipeline(body, createGzip(), res) : pipeline(body, res));
    } finally {
      // a stream left half-read (304, HEAD, a client gone): abort it, and one more read lets the
      // client release the call (its deadline timer) at once
      abort.abort();
      void chunks.next().catch(() => undefined);
    }
  }

  return async (path: string, req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> => {
    try {
      if (req.method !== "GET" && req.method !== "HEAD") {
        throw new HttpError(405, Code.Unimplemented, "不支持该请求方法");
      }
      if (path === "/robots.txt") return await robots(req, res);
      const name = path === "/sitemap.xml" ? "sitemap.xml" : SHARD.exec(path)?.[1];
      if (!name) throw new HttpError(404, Code.NotFound, "站点地图不存在");
      await file(req, res, name);
    } catch (err) {
      if (res.headersSent) {
        if (!res.destroyed) deps.log.warn({ err, request_id: requestId }, "sitemap stream cut");
        res.destroy();
        return;
      }
      res.setHeader("cache-control", "no-store");
      writeError(res, err, requestId, deps.log);
    }
  };
}

async function* withOrigin(
  first: FileChunk,
  rest: AsyncIterator<FileChunk>,
  prefixer: ReturnType<typeof locPrefixer>,
): AsyncGenerator<Buffer> {
  if (first.data.length > 0) yield prefixer.push(first.data);
  for (let next = await rest.next(); !next.done; next = await rest.next()) {
    if (next.value.data.length > 0) yield prefixer.push(next.value.data);
  }
  yield prefixer.end();
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(", ") : v;
}

// The headers of a file route's answer (routes.ts) and what it reads from the request's: content type,
// length, caching, ranges, the stored gzip variant, and the policies that keep SVG pages, uploaded
// images and downloads inert.
import type { IncomingMessage, OutgoingHttpHeaders } from "node:http";
import { cleanName } from "@wenku/kit";
import type { FileChunk } from "@wenku/proto/api/v1/attachment_pb.js";
import { acceptsCoding } from "../static/negotiate.js";
import type { Route } from "./paths.js";

/** SVG is active content: no scripts, no fetches; inline styles and embedded (data:) images and fonts only. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";
/** An uploaded image opened on its own: nothing may run or load. */
export const IMAGE_CSP = "default-src 'none'; sandbox";
/** A 304 carries what the 200 would have for caches (RFC 9110 §15.4.5): ETag, Cache-Control, Vary. */
export function notModifiedHeaders(route: Route, meta: FileChunk): OutgoingHttpHeaders {
  const h: OutgoingHttpHeaders = { etag: meta.etag, "cache-control": meta.cacheControl };
  if (route.kind === "page" && route.gzip) h.vary = "Accept-Encoding";
  return h;
}

export function responseHeaders(route: Route, meta: FileChunk): OutgoingHttpHeaders {
  const h: OutgoingHttpHeaders = {
    "content-type": meta.contentType || "application/octet-stream",
    "content-length": String(meta.size),
    "cache-control": meta.cacheControl || "no-store",
    "x-content-type-options": "nosniff",
  };
  if (meta.etag) h.etag = meta.etag;
  if (meta.acceptRanges) h["accept-ranges"] = "bytes";
  if (meta.contentRange) h["content-range"] = meta.contentRange;
  if (meta.contentEncoding) h["content-encoding"] = meta.contentEncoding;
  if (meta.contentType.startsWith("image/svg")) h["content-security-policy"] = SVG_CSP;
  if (route.kind === "image") h["content-security-policy"] = IMAGE_CSP;
  if (route.kind === "page" && route.gzip) h.vary = "Accept-Encoding";
  if (route.kind === "download") h["content-disposition"] = contentDisposition(meta.fileName || "download");
  return h;
}

/**
 * attachment; an ASCII fallback name and the exact UTF-8 one (RFC 6266 / RFC 5987). Names are cleaned when
 * stored; cleaned again here for rows stored before that (no control, bidi or other invisible character
 * reaches the header: "evil\u202Egpj.exe" must not show as "evilexe.jpg").
 */
export function contentDisposition(name: string): string {
  const clean = cleanName(name) || "download";
  const ascii = clean.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A page converted without a text layer: answered 204 No Content (with its ETag and caching), so
 * the reader lays nothing over it and the browser logs no error.
 */
export function noTextLayer(route: Route, meta: FileChunk): boolean {
  return route.kind === "page" && route.text && meta.size === 0n;
}

/** The stored gzip variant is asked for: a `.gzip.svg` page to a client that takes gzip. */
export function gzipPage(route: Route, req: IncomingMessage): boolean {
  return route.kind === "page" && route.gzip && !refusesGzip(req);
}

/**
 * A `.gzip.svg` page goes out as stored (Content-Encoding: gzip) unless the client says it cannot take
 * gzip; then the same page's plain SVG answers. No Accept-Encoding at all is "no preference" (RFC 9110
 * §12.5.3), and moredoc clients that send none keep getting gzip.
 */
function refusesGzip(req: IncomingMessage): boolean {
  const header = req.headers["accept-encoding"];
  return typeof header === "string" && !acceptsCoding(header, "gzip");
}

/** Range and If-Range, passed on as sent (the content service parses them); absurdly long ones are dropped. */
export function rangeOf(req: IncomingMessage): { range: string; ifRange: string } {
  const header = (name: string) => {
    const v = req.headers[name];
    return typeof v === "string" && v.length <= 200 ? v : "";
  };
  return { range: header("range"), ifRange: header("if-range") };
}

export function ifNoneMatchOf(req: IncomingMessage): string {
  const v = req.headers["if-none-match"];
  return typeof v === "string" ? v.slice(0, 1024) : "";
}

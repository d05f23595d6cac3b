// Page images, covers, uploaded images and signed downloads: GET/HEAD routes over the content service's
// server-streaming DocumentAPI.ViewDocumentPage / FetchDocumentDownload and AttachmentAPI.ViewImage,
// written to the client with backpressure.
import { once } from "node:events";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { create } from "@bufbuild/protobuf";
import { Code, type Transport } from "@connectrpc/connect";
import { cleanName, type Logger } from "@wenku/kit";
import { AttachmentAPI, type FileChunk, ViewImageRequestSchema } from "@wenku/proto/api/v1/attachment_pb.js";
import {
  DocumentAPI,
  FetchDocumentDownloadRequestSchema,
  ViewDocumentPageRequestSchema,
} from "@wenku/proto/api/v1/document_pb.js";
import { type ForwardHeaders, HttpError, writeError } from "../rest/handler.js";
import { acceptsCoding } from "../static/negotiate.js";
import { etagMatches, type PageAnswer, type PageCache } from "./pages.cache.js";

export interface FileRouteDeps {
  content: Transport;
  log: Logger;
  /** Deadline of one page image. */
  timeoutMs: number;
  /** Deadline of one whole download (a large file to a slow client). */
  downloadTimeoutMs?: number;
  /** Public page images and covers as visitors were answered (unset: every request asks the content service). */
  pages?: PageCache;
}

/** SVG is active content: no scripts, no fetches; inline styles and embedded (data:) images and fonts only. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";
/** An uploaded image opened on its own: nothing may run or load. */
const IMAGE_CSP = "default-src 'none'; sandbox";
const DOWNLOAD_TIMEOUT_MS = 60 * 60_000;
const INT32_MAX = 2_147_483_647n;
const INT64_MAX = 9_223_372_036_854_775_807n;

// A document id, or (moredoc's form) the MD5 content hash of its file.
const PAGE = /^\/view\/page\/([0-9]{1,19}|[0-9a-f]{32})\/([0-9]{1,10})(\.gzip)?\.svg$/;
const COVER = /^\/view\/cover\/([0-9]{1,19}|[0-9a-f]{32})$/;
const HASH = /^[0-9a-f]{32}$/;
const DOWNLOAD = /^\/download\/([A-Za-z0-9_-]{1,600}\.[A-Za-z0-9_-]{1,100})$/;
const IMAGE = /^\/uploads\/([0-9a-f]{32}\.(?:jpg|png|gif|webp|mp4|webm))$/;

const notFound = (message = "页面不存在") => new HttpError(404, Code.NotFound, message);

function positive(raw: string, max: bigint): bigint | null {
  const n = BigInt(raw);
  return n > 0n && n <= max ? n : null;
}

function docRef(raw: string): DocRef | null {
  if (HASH.test(raw)) return { id: 0n, hash: raw };
  const id = positive(raw, INT64_MAX);
  return id === null ? null : { id, hash: "" };
}

/** Which document: by id, or by its file's content hash (id 0). */
type DocRef = { id: bigint; hash: string };

type Route =
  | ({ kind: "page"; page: number; gzip: boolean } & DocRef)
  | ({ kind: "cover" } & DocRef)
  | { kind: "download"; token: string }
  | { kind: "image"; name: string };

/** The file route a path names; null when it is not one of them; throws 404 for a malformed one. */
function matchFileRoute(path: string): Route | null {
  if (path.startsWith("/view/")) {
    const p = PAGE.exec(path);
    if (p) {
      const ref = docRef(p[1] as string);
      const page = positive(p[2] as string, INT32_MAX);
      if (ref === null || page === null) throw notFound();
      return { kind: "page", ...ref, page: Number(page), gzip: p[3] !== undefined };
    }
    const c = COVER.exec(path);
    const ref = c ? docRef(c[1] as string) : null;
    if (ref === null) throw notFound();
    return { kind: "cover", ...ref };
  }
  if (path.startsWith("/download/")) {
    const d = DOWNLOAD.exec(path);
    if (!d) throw notFound("下载链接无效");
    return { kind: "download", token: d[1] as string };
  }
  if (path.startsWith("/uploads/")) {
    const i = IMAGE.exec(path);
    if (!i) throw notFound("图片不存在");
    return { kind: "image", name: i[1] as string };
  }
  return null;
}

/** Paths served by serveFileRoute. */
export const isFilePath = (path: string): boolean =>
  path.startsWith("/view/") || path.startsWith("/download/") || path.startsWith("/uploads/");

/** Serves a file route. Errors before the first byte answer JSON; later ones cut the connection. */
export async function serveFileRoute(
  deps: FileRouteDeps,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
  headers: ForwardHeaders,
  requestId: string,
): Promise<void> {
  const verb = (req.method ?? "GET").toUpperCase();
  // Errors of these routes must not be cached (a 404 for a document that becomes public later).
  res.setHeader("cache-control", "no-store");
  let abort: AbortController | undefined;
  let chunks: AsyncIterator<FileChunk> | undefined;
  try {
    const route = matchFileRoute(path);
    if (!route) throw notFound();
    if (verb !== "GET" && verb !== "HEAD") throw new HttpError(405, Code.Unimplemented, "不支持该请求方法");
    const shared = route.kind === "page" || route.kind === "cover" ? sharedPage(deps.pages, route, req) : null;
    if (shared) {
      const kept = shared.cache.get(shared.key);
      if (kept && answerKept(kept, req, res, verb)) return;
    }
    // the client went away before the answer was complete: stop the upstream stream
    const ac = new AbortController();
    abort = ac;
    res.once("close", () => {
      if (!res.writableFinished) ac.abort();
    });
    if (route.kind === "download") {
      const out = await deps.content.stream(
        DocumentAPI.method.fetchDocumentDownload,
        ac.signal,
        deps.downloadTimeoutMs ?? DOWNLOAD_TIMEOUT_MS,
        headers,
        single(create(FetchDocumentDownloadRequestSchema, { token: route.token, ...rangeOf(req) })),
        undefined,
      );
      chunks = out.message[Symbol.asyncIterator]();
    } else if (route.kind === "image") {
      const out = await deps.content.stream(
        AttachmentAPI.method.viewImage,
        ac.signal,
        deps.timeoutMs,
        headers,
        single(create(ViewImageRequestSchema, { name: route.name, ifNoneMatch: ifNoneMatchOf(req), ...rangeOf(req) })),
        undefined,
      );
      chunks = out.message[Symbol.asyncIterator]();
    } else {
      const out = await deps.content.stream(
        DocumentAPI.method.viewDocumentPage,
        ac.signal,
        deps.timeoutMs,
        headers,
        single(
          create(ViewDocumentPageRequestSchema, {
            id: route.id,
            hash: route.hash,
            page: route.kind === "page" ? route.page : 0,
            gzip: gzipPage(route, req),
            ifNoneMatch: ifNoneMatchOf(req),
          }),
        ),
        undefined,
      );
      chunks = out.message[Symbol.asyncIterator]();
    }
    const first = await chunks.next();
    if (first.done) throw new Error("file stream ended without metadata");
    const meta = first.value;
    if (shared) learn(shared, route, meta);
    if (meta.notModified) {
      res.writeHead(304, notModifiedHeaders(route, meta));
      res.end();
      await finish(chunks);
      return;
    }
    if (meta.contentRange.startsWith("bytes */")) {
      // the range starts past the end: 416 with the size, no body
      res.writeHead(416, { "content-range": meta.contentRange, "cache-control": "no-store" });
      res.end();
      await finish(chunks);
      return;
    }
    res.writeHead(meta.contentRange ? 206 : 200, responseHeaders(route, meta));
    if (verb === "HEAD") {
      res.end();
      await finish(chunks);
      return;
    }
    if (BigInt(meta.data.length) === meta.size) {
      // the whole body came with the metadata (small files): no more data follows
      res.end(meta.data);
      await finish(chunks);
      return;
    }
    if (meta.data.length > 0 && !res.write(meta.data)) await drained(res);
    for (;;) {
      const next = await chunks.next();
      if (next.done) break;
      if (next.value.data.length > 0 && !res.write(next.value.data)) await drained(res);
    }
    res.end();
  } catch (err) {
    if (chunks) {
      // one more read after the abort lets the client release the call (its deadline timer) at once
      abort?.abort();
      void chunks.next().catch(() => undefined);
    }
    if (res.headersSent) {
      if (!res.destroyed) deps.log.warn({ err, request_id: requestId }, "file stream cut");
      res.destroy();
      return;
    }
    writeError(res, err, requestId, deps.log);
  }
}

/** Where a page's answer to visitors is kept: a visitor without a session asking with a page cache at hand. */
interface SharedPage {
  cache: PageCache;
  key: string;
  /** Taken before asking: what is learned is only kept if nothing changed meanwhile. */
  ticket: number;
}

function sharedPage(
  cache: PageCache | undefined,
  route: Extract<Route, { kind: "page" | "cover" }>,
  req: IncomingMessage,
): SharedPage | null {
  // a signed-in reader may see more, and a dead session must still be refused: the content service decides
  if (!cache || req.headers.authorization !== undefined) return null;
  const doc = route.hash || String(route.id);
  const variant =
    route.kind === "cover" ? "cover" : route.gzip ? (gzipPage(route, req) ? "gzip" : "gzip-plain") : "svg";
  const page = route.kind === "page" ? route.page : 0;
  return { cache, key: `${doc}/${page}/${variant}`, ticket: cache.ticket() };
}

/** Answers from the kept answer when it can: a matching revalidation (304), or the whole page (200). */
function answerKept(kept: PageAnswer, req: IncomingMessage, res: ServerResponse, verb: string): boolean {
  if (etagMatches(ifNoneMatchOf(req), kept.etag)) {
    res.writeHead(304, kept.notModified);
    res.end();
    return true;
  }
  if (!kept.headers || (verb === "GET" && !kept.body)) return false;
  res.writeHead(200, kept.headers);
  res.end(verb === "HEAD" ? undefined : kept.body);
  return true;
}

/** Keeps what the content service answered a visitor, when it may be shared (Cache-Control: public). */
function learn(shared: SharedPage, route: Route, meta: FileChunk): void {
  if (!meta.etag || meta.contentRange || !/(?:^|,)\s*public\s*(?:,|$)/i.test(meta.cacheControl)) return;
  const notModified = notModifiedHeaders(route, meta);
  const answer: PageAnswer = meta.notModified
    ? { etag: meta.etag, headers: null, notModified, body: null }
    : {
        etag: meta.etag,
        headers: responseHeaders(route, meta),
        notModified,
        // a copy: the message's bytes may be a view into a larger buffer
        body: BigInt(meta.data.length) === meta.size ? Buffer.from(meta.data) : null,
      };
  shared.cache.remember(shared.ticket, shared.key, answer);
}

/** A 304 carries what the 200 would have for caches (RFC 9110 §15.4.5): ETag, Cache-Control, Vary. */
function notModifiedHeaders(route: Route, meta: FileChunk): OutgoingHttpHeaders {
  const h: OutgoingHttpHeaders = { etag: meta.etag, "cache-control": meta.cacheControl };
  if (route.kind === "page" && route.gzip) h.vary = "Accept-Encoding";
  return h;
}

function responseHeaders(route: Route, meta: FileChunk): OutgoingHttpHeaders {
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
 * Reads an upstream stream to its end, discarding it. Abandoning it half-read would leave the call's
 * deadline timers running until they fire.
 */
async function finish(chunks: AsyncIterator<FileChunk>): Promise<void> {
  for (;;) if ((await chunks.next()).done) return;
}

/** The stored gzip variant is asked for: a `.gzip.svg` page to a client that takes gzip. */
function gzipPage(route: Route, req: IncomingMessage): boolean {
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
function rangeOf(req: IncomingMessage): { range: string; ifRange: string } {
  const header = (name: string) => {
    const v = req.headers[name];
    return typeof v === "string" && v.length <= 200 ? v : "";
  };
  return { range: header("range"), ifRange: header("if-range") };
}

function ifNoneMatchOf(req: IncomingMessage): string {
  const v = req.headers["if-none-match"];
  return typeof v === "string" ? v.slice(0, 1024) : "";
}

async function* single<T>(m: T): AsyncGenerator<T> {
  yield m;
}

/** Waits until the socket wants more, or fails when the client went away meanwhile. */
async function drained(res: ServerResponse): Promise<void> {
  const ac = new AbortController();
  try {
    await Promise.race([
      once(res, "drain", { signal: ac.signal }),
      once(res, "close", { signal: ac.signal }).then(() => {
        throw new Error("client went away");
      }),
    ]);
  } finally {
    ac.abort();
  }
}

// Page images and their text layers, covers, uploaded images and signed downloads: GET/HEAD routes
// over the content service's server-streaming DocumentAPI.ViewDocumentPage / FetchDocumentDownload
// and AttachmentAPI.ViewImage, written to the client with backpressure. Which route a path names: paths.ts; the answer's headers:
// headers.ts.
import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { create } from "@bufbuild/protobuf";
import { Code, type Transport } from "@connectrpc/connect";
import type { Logger } from "@wenku/kit";
import { AttachmentAPI, type FileChunk, ViewImageRequestSchema } from "@wenku/proto/api/v1/attachment_pb.js";
import {
  DocumentAPI,
  FetchDocumentDownloadRequestSchema,
  ViewDocumentPageRequestSchema,
} from "@wenku/proto/api/v1/document_pb.js";
import { type ForwardHeaders, HttpError, writeError } from "../rest/handler.js";
import { gzipPage, ifNoneMatchOf, noTextLayer, notModifiedHeaders, rangeOf, responseHeaders } from "./headers.js";
import { etagMatches, type PageAnswer, type PageCache } from "./pages.cache.js";
import { matchFileRoute, notFound, type Route } from "./paths.js";

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

const DOWNLOAD_TIMEOUT_MS = 60 * 60_000;
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
            text: route.kind === "page" && route.text,
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
    if (noTextLayer(route, meta)) {
      res.writeHead(204, notModifiedHeaders(route, meta));
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
    route.kind === "cover"
      ? "cover"
      : route.text
        ? "text"
        : route.gzip
          ? gzipPage(route, req)
            ? "gzip"
            : "gzip-plain"
          : "svg";
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
  res.writeHead(kept.status ?? 200, kept.headers);
  res.end(verb === "HEAD" ? undefined : kept.body);
  return true;
}

/** Keeps what the content service answered a visitor, when it may be shared (Cache-Control: public). */
function learn(shared: SharedPage, route: Route, meta: FileChunk): void {
  if (!meta.etag || meta.contentRange || !/(?:^|,)\s*public\s*(?:,|$)/i.test(meta.cacheControl)) return;
  const notModified = notModifiedHeaders(route, meta);
  const answer: PageAnswer = meta.notModified
    ? { etag: meta.etag, headers: null, notModified, body: null }
    : noTextLayer(route, meta)
      ? { etag: meta.etag, headers: notModified, status: 204, notModified, body: new Uint8Array() }
      : {
          etag: meta.etag,
          headers: responseHeaders(route, meta),
          notModified,
          // a copy: the message's bytes may be a view into a larger buffer
          body: BigInt(meta.data.length) === meta.size ? Buffer.from(meta.data) : null,
        };
  shared.cache.remember(shared.ticket, shared.key, answer);
}

/**
 * Reads an upstream stream to its end, discarding it. Abandoning it half-read would leave the call's
 * deadline timers running until they fire.
 */
async function finish(chunks: AsyncIterator<FileChunk>): Promise<void> {
  for (;;) if ((await chunks.next()).done) return;
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

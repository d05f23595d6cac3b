// Page images, their text layers and covers of the documents a caller may see, with ETags: pages
// 1..preview for anyone who may see the document, the pages past the preview for a reader who reads
// them all (reading.ts), never cached publicly. A page past the preview that was never drawn (converted
// before every page was rendered) is drawn on demand for such a reader (page.rerender.ts): 503 meanwhile.

import { outputKeys } from "@wenku/converter/contract";
import { type CallContext, DomainError } from "@wenku/kit";
import type { Storage } from "@wenku/kit/storage";
import { previewLimit, type ReadingRule } from "../documents/reading.js";
import { canSee, isPublic } from "../documents/visibility.js";
import { etagMatches, pageEtag } from "./file.rules.js";
import { type FileChunkInit, openObject, readAll, withData } from "./file.stream.js";
import type { PageCache, PageDocument } from "./page.cache.js";
import type { PageRerender } from "./page.rerender.js";

export const pageMessages = {
  noDocument: "文档不存在",
  noPage: "页面不存在",
  generating: "该页正在生成，请稍后刷新",
} as const;

/** Public documents may sit in shared caches for an hour: a document disabled later vanishes within that. */
export const PUBLIC_CACHE = "public, max-age=3600";
/** What only the owner or staff may see is never cached. */
export const PRIVATE_CACHE = "private, no-store";
/**
 * A public page's text layer may be kept but is revalidated on every use: OCR may write it after
 * the page image (a 304, from the gateway's page cache, costs no storage read).
 */
export const PUBLIC_TEXT_CACHE = "public, no-cache";

/** Objects up to this size go out whole in the metadata message; larger ones are streamed in chunks. */
export const WHOLE_MAX = 256 * 1024;

export interface PageRequest {
  id: bigint;
  /** Instead of id (0): the attachment's content hash, as moredoc clients address pages and covers. */
  hash?: string;
  /** 0: the cover. */
  page: number;
  gzip: boolean;
  /** The page's text layer (page-N.text.json) instead of its image. */
  text?: boolean;
  ifNoneMatch: string;
}

const HASH = /^[0-9a-f]{32}$/;

export interface PageServiceDeps {
  cache: PageCache;
  storage: Storage;
  reading: ReadingRule;
  /** Draws the pages past the preview of documents converted before every page was (absent: 404). */
  rerender?: Pick<PageRerender, "request">;
}

export function createPageService(deps: PageServiceDeps) {
  /**
   * The document a content hash stands for, for this caller: one they may see, a public one first
   * (so the answer may be cached publicly), a converted one before one still converting; its preview
   * limit applies.
   */
  async function byHash(call: CallContext, raw: string): Promise<PageDocument | null> {
    const hash = raw.trim().toLowerCase();
    if (!HASH.test(hash)) return null;
    const rank = (d: PageDocument) => (isPublic(d) ? 0 : 2) + (d.pages > 0 ? 0 : 1);
    const visible = (await deps.cache.documentsByHash(hash)).filter((d) => canSee(d, call));
    return visible.sort((a, b) => rank(a) - rank(b))[0] ?? null;
  }

  return {
    /**
     * The metadata chunk (or a not_modified one), then the bytes: in the same message for objects up
     * to WHOLE_MAX. Errors surface while iterating. A page's text layer is served under the same rule
     * as its image; a page without one (converted before text layers) answers size 0, no bytes.
     */
    async *view(call: CallContext, req: PageRequest, signal?: AbortSignal): AsyncGenerator<FileChunkInit> {
      const doc = req.id > 0n ? await deps.cache.document(req.id) : req.hash ? await byHash(call, req.hash) : null;
      if (!doc || !canSee(doc, call)) throw new DomainError("not_found", pageMessages.noDocument);
      const keys = outputKeys(doc.attachmentHash);
      let key: string;
      let variant: string;
      let beyond = false;
      if (req.page === 0 && !req.text) {
        key = keys.cover;
        variant = "cover";
      } else {
        if (doc.pages <= 0 || req.page < 1 || req.page > doc.pages)
          throw new DomainError("not_found", pageMessages.noPage);
        beyond = req.page > previewLimit(doc);
        // the same answer as a page that does not exist: what lies past the preview is not revealed
        if (beyond && !(await deps.reading.readsAll(call, doc)))
          throw new DomainError("not_found", pageMessages.noPage);
        key = req.text ? keys.pageText(req.page) : keys.page(req.page, req.gzip);
        variant = req.text ? "text" : req.gzip ? "gzip" : "svg";
      }
      let info = await deps.cache.stat(key);
      const cacheControl =
        !isPublic(doc) || beyond ? PRIVATE_CACHE : variant === "text" ? PUBLIC_TEXT_CACHE : PUBLIC_CACHE;
      const etagOf = (tag: string) => pageEtag(doc.attachmentHash, req.page, variant, tag);
      if (!info && variant === "text" && (await deps.cache.stat(keys.page(req.page, false)))) {
        // The page is there without a text layer: nothing to lay over it, no error.
        const etag = etagOf("none");
        yield etagMatches(req.ifNoneMatch, etag)
          ? { notModified: true, etag, cacheControl }
          : { contentType: "application/json", cacheControl, etag, size: 0n };
        return;
      }
      if (!info) {
        // A reader of everything (checked above) asks for a page past the preview that was never drawn.
        if (beyond && deps.rerender && !(await deps.cache.stat(keys.page(req.page, false)))) {
          await deps.rerender.request(doc.id);
          throw new DomainError("unavailable", pageMessages.generating);
        }
        throw new DomainError("not_found", pageMessages.noPage);
      }
      const etag = etagOf(info.etag);
      if (etagMatches(req.ifNoneMatch, etag)) {
        yield { notModified: true, etag, cacheControl };
        return;
      }
      const meta = {
        contentType: variant === "cover" ? "image/png" : variant === "text" ? "application/json" : "image/svg+xml",
        cacheControl,
        contentEncoding: variant === "gzip" ? "gzip" : "",
      };
      if (info.size > WHOLE_MAX) {
        // streamed under a Content-Length: from a fresh stat, never a cached one
        const fresh = await deps.storage.stat(key);
        if (!fresh) throw new DomainError("not_found", pageMessages.noPage);
        const body = await openObject(deps.storage, key, pageMessages.noPage);
        yield* withData({ ...meta, etag: etagOf(fresh.etag), size: BigInt(fresh.size) }, body, signal);
        return;
      }
      const data = await deps.cache.body(key, info, async () =>
        readAll(await openObject(deps.storage, key, pageMessages.noPage), signal),
      );
      if (data.length !== info.size) {
        // rewritten since the (cached) stat: describe what was read
        deps.cache.forgetStat(key);
        info = (await deps.storage.stat(key)) ?? info;
        yield { ...meta, etag: etagOf(info.etag), size: BigInt(data.length), data };
        return;
      }
      yield { ...meta, etag, size: BigInt(data.length), data };
    },
  };
}

export type PageService = ReturnType<typeof createPageService>;

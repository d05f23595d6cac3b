// Page images and covers of the documents a caller may see, within the preview limit, with ETags.
import { type CallContext, DomainError } from "@wenku/kit";
import type { Storage } from "@wenku/kit/storage/index.js";
import { outputKeys } from "../conversion/job.js";
import { canSee, isPublic } from "../documents/visibility.js";
import type { FileRepository } from "./file.repository.js";
import { etagMatches, pageEtag } from "./file.rules.js";
import { type FileChunkInit, openObject, withData } from "./file.stream.js";

export const pageMessages = {
  noDocument: "文档不存在",
  noPage: "页面不存在",
} as const;

/** Public documents may sit in shared caches for an hour: a document disabled later vanishes within that. */
export const PUBLIC_CACHE = "public, max-age=3600";
/** What only the owner or staff may see is never cached. */
export const PRIVATE_CACHE = "private, no-store";

export interface PageRequest {
  id: bigint;
  /** 0: the cover. */
  page: number;
  gzip: boolean;
  ifNoneMatch: string;
}

export function createPageService(deps: { repo: FileRepository; storage: Storage }) {
  return {
    /** The metadata chunk (or a not_modified one), then the bytes. Errors surface while iterating. */
    async *view(call: CallContext, req: PageRequest, signal?: AbortSignal): AsyncGenerator<FileChunkInit> {
      const doc = req.id > 0n ? await deps.repo.findDocumentFile(req.id) : null;
      if (!doc || !canSee(doc, call)) throw new DomainError("not_found", pageMessages.noDocument);
      const keys = outputKeys(doc.attachmentHash);
      let key: string;
      let variant: string;
      if (req.page === 0) {
        key = keys.cover;
        variant = "cover";
      } else {
        const last = doc.preview > 0 ? doc.preview : doc.pages;
        if (doc.pages <= 0 || req.page < 1 || req.page > last) throw new DomainError("not_found", pageMessages.noPage);
        key = keys.page(req.page, req.gzip);
        variant = req.gzip ? "gzip" : "svg";
      }
      const info = await deps.storage.stat(key);
      if (!info) throw new DomainError("not_found", pageMessages.noPage);
      const etag = pageEtag(doc.attachmentHash, req.page, variant, info.etag);
      const cacheControl = isPublic(doc) ? PUBLIC_CACHE : PRIVATE_CACHE;
      if (etagMatches(req.ifNoneMatch, etag)) {
        yield { notModified: true, etag, cacheControl };
        return;
      }
      const body = await openObject(deps.storage, key, pageMessages.noPage);
      yield* withData(
        {
          contentType: variant === "cover" ? "image/png" : "image/svg+xml",
          etag,
          size: BigInt(info.size),
          cacheControl,
          contentEncoding: variant === "gzip" ? "gzip" : "",
        },
        body,
        signal,
      );
    },
  };
}

export type PageService = ReturnType<typeof createPageService>;

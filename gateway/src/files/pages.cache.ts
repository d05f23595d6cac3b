// The gateway's copy of public page images and covers: what a visitor without a session was answered for
// /view/page/… and /view/cover/… — the ETag, the headers, and the bytes when they came in one message — so
// the next visitor's revalidation (304) or download (200) costs no RPC. Only answers the content service
// marked for shared caches (Cache-Control: public, given for public documents within the preview limit)
// are kept, and only visitors without a session are answered from here: a signed-in reader goes to the
// content service as before (their token is checked, and they may see more). Correctness does not rest on
// the TTL: every document change (status, deletion, pages, preview, file: DOCUMENTS_CHANGED_SUBJECT) and
// every settings change (a closed site, login required) drops everything at once; the TTL only bounds a
// lost broadcast, or a replica that answered before it heard one.
import type { OutgoingHttpHeaders } from "node:http";
import { LRUCache } from "lru-cache";

/** What the content service answered for one page of one document in one variant. */
export interface PageAnswer {
  etag: string;
  /** The 200's (or 204's) headers (null: only a 304 was seen, so only revalidations are answered). */
  headers: OutgoingHttpHeaders | null;
  /** 204: a page without a text layer (default 200). */
  status?: 200 | 204;
  /** The 304's headers. */
  notModified: OutgoingHttpHeaders;
  /** The whole body (null: not kept, e.g. a page larger than one message; the RPC serves it). */
  body: Uint8Array | null;
}

export interface PageCacheOptions {
  ttlMs?: number;
  /** Answers kept at most. */
  max?: number;
  /** Bytes of bodies kept at most. */
  maxBodyBytes?: number;
  now?: () => number;
}

export const GATEWAY_PAGE_TTL_MS = 5_000;
export const GATEWAY_PAGE_MAX = 10_000;
export const GATEWAY_PAGE_BODY_BYTES = 32 * 1024 * 1024;

export interface PageCache {
  /** The answer kept under `key`, if any and not expired. */
  get(key: string): PageAnswer | undefined;
  /** Taken before asking the content service; an answer is only kept if nothing changed since. */
  ticket(): number;
  /** Keeps `answer` unless a change was announced since `ticket` (then it may describe the old state). */
  remember(ticket: number, key: string, answer: PageAnswer): void;
  /** A document or the settings changed: drop everything (which page depends on which is not known here). */
  forget(): void;
}

export function createPageCache(o: PageCacheOptions = {}): PageCache {
  const answers = new LRUCache<string, PageAnswer>({
    max: o.max ?? GATEWAY_PAGE_MAX,
    ttl: o.ttlMs ?? GATEWAY_PAGE_TTL_MS,
    maxSize: o.maxBodyBytes ?? GATEWAY_PAGE_BODY_BYTES,
    // an answer without a body still takes room (its headers)
    sizeCalculation: (a) => 256 + (a.body?.length ?? 0),
    ...(o.now ? { ttlResolution: 0, perf: { now: o.now } } : {}),
  });
  let generation = 0;
  return {
    get: (key) => answers.get(key),
    ticket: () => generation,
    remember(ticket, key, answer) {
      if (ticket === generation) answers.set(key, answer);
    },
    forget() {
      generation++;
      answers.clear();
    },
  };
}

/**
 * If-None-Match as the content service reads it (RFC 9110 §13.1.2): weak comparison, a list, or "*", so
 * an answer from here is the one the content service would give.
 */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const header = ifNoneMatch.trim();
  if (!header) return false;
  if (header === "*") return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, "");
  return header.split(",").some((t) => opaque(t) === opaque(etag));
}

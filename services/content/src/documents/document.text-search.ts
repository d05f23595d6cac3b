// Searching inside one document (DocumentAPI.SearchDocumentText): the reader's "find in document". The
// same visibility as GetDocument (visibility.ts); only the pages the caller may read (1..preview, or all
// of them: reading.ts) are searched and shown, pages past the preview limit holding the keyword are only
// counted.
//
// Matching is what a browser's find does: the keyword as typed, case-insensitive, as a substring (Latin
// words too: "convert" finds "converted"; Chinese and Japanese have no word boundaries anyway), a run
// of whitespace in the keyword matching any run of whitespace in the text (the extracted text breaks
// lines where the page did). The highlights are exactly the matched ranges.
//
// Bound: the text is the converter's text.txt, at most 1 MiB of UTF-8 (mupdf-render.ts, maxTextBytes),
// read once per attachment hash and conversion and kept for a minute (TEXT_CACHE_*): the cache key holds
// the document's updated_at, which a (re)conversion moves (markConverted), so a reconverted file's new
// text is read at once, whichever replica converted it. One linear regular-expression
// pass over at most a million characters takes milliseconds, so it runs on the event loop.

import { outputKeys, pageTextsOf, parseManifest, readText } from "@wenku/converter/contract";
import { type CallContext, DomainError, type Logger } from "@wenku/kit";
import type { Storage } from "@wenku/kit/storage";
import { matchesOf, type Snippet, snippetAround } from "@wenku/search";
import { ttlLru } from "../files/page.cache.js";
import type { DocumentRepository } from "./document.repository.js";
import { bad, notFound } from "./document.rules.js";
import { previewLimit, type ReadingRule } from "./reading.js";
import { canSee } from "./visibility.js";

/** Characters of a keyword at most (the site search's limit too). */
export const TEXT_SEARCH_MAX_CHARS = 100;
/** Pages listed at most; `total` still counts every occurrence on the readable pages. */
export const TEXT_SEARCH_MAX_PAGES = 200;
const TEXT_CACHE_ENTRIES = 64;
const TEXT_CACHE_TTL_MS = 60_000;
/** UTF-16 code units kept in the cache at most (2 bytes each: 32 MB). */
const TEXT_CACHE_MAX_UNITS = 16 * 1024 * 1024;

export const textSearchMessages = {
  empty: "请输入搜索关键词",
  tooLong: `搜索关键词不能超过${TEXT_SEARCH_MAX_CHARS}个字符`,
} as const;

export interface TextSearchHit extends Snippet {
  /** Occurrences on the page (touching ones count once). */
  count: number;
}

export interface TextSearchResult {
  total: number;
  hits: TextSearchHit[];
  pagesBeyondPreview: number;
}

export interface DocumentTextSearchDeps {
  repo: Pick<DocumentRepository, "byId">;
  reading: ReadingRule;
  storage: Storage;
  log: Logger;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The keyword as a global, case-insensitive pattern; a 400 when it is empty or too long. */
export function keywordPattern(raw: string): RegExp {
  const wd = raw.trim();
  if (!wd) throw bad(textSearchMessages.empty);
  if (Array.from(wd).length > TEXT_SEARCH_MAX_CHARS) throw bad(textSearchMessages.tooLong);
  return new RegExp(wd.split(/\s+/u).map(escapeRegExp).join("\\s+"), "giu");
}

/** Searches the readable pages' texts (page n at index n-1); pages past `readable` are counted only. */
export function searchPages(texts: readonly string[], readable: number, re: RegExp): TextSearchResult {
  const out: TextSearchResult = { total: 0, hits: [], pagesBeyondPreview: 0 };
  texts.forEach((text, i) => {
    if (i >= readable) {
      re.lastIndex = 0;
      if (re.test(text)) out.pagesBeyondPreview++;
      return;
    }
    const matches = matchesOf(text, re);
    if (!matches.length) return;
    out.total += matches.length;
    if (out.hits.length < TEXT_SEARCH_MAX_PAGES)
      out.hits.push({ ...snippetAround({ page: i + 1, text }, matches), count: matches.length });
  });
  return out;
}

export function createDocumentTextSearch(deps: DocumentTextSearchDeps) {
  const { storage, log } = deps;
  const cache = ttlLru<string, string[]>({
    max: TEXT_CACHE_ENTRIES,
    ttlMs: TEXT_CACHE_TTL_MS,
    maxWeight: TEXT_CACHE_MAX_UNITS,
    weight: (texts) => texts.reduce((n, t) => n + t.length, 0),
  });

  /** Every page's text from the converter's outputs; [] when there are none (yet). */
  async function pageTexts(hash: string, updatedAt: Date): Promise<string[]> {
    const key = `${hash}@${updatedAt.getTime()}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const keys = outputKeys(hash);
    let texts: string[] = [];
    try {
      const raw = await readText(storage, keys.manifest);
      const manifest = raw === undefined ? undefined : parseManifest(raw, hash);
      const text = manifest ? await readText(storage, keys.text) : undefined;
      if (manifest && text !== undefined) texts = pageTextsOf(text, manifest.pageTextEnds);
    } catch (err) {
      log.error({ err, hash }, "document text search: the extracted text could not be read");
      throw new DomainError("unavailable", "文档内容暂时无法读取，请稍后再试");
    }
    cache.set(key, texts);
    return texts;
  }

  return {
    async search(call: CallContext, req: { id: bigint; wd: string }): Promise<TextSearchResult> {
      const re = keywordPattern(req.wd);
      const doc = req.id > 0n ? await deps.repo.byId(req.id) : null;
      if (!doc || !canSee(doc, call)) throw notFound();
      if (doc.pages <= 0) return { total: 0, hits: [], pagesBeyondPreview: 0 };
      const readable = (await deps.reading.readsAll(call, doc)) ? doc.pages : previewLimit(doc);
      const texts = (await pageTexts(doc.attachmentHash, doc.updatedAt)).slice(0, doc.pages);
      return searchPages(texts, readable, re);
    },
  };
}

export type DocumentTextSearch = ReturnType<typeof createDocumentTextSearch>;

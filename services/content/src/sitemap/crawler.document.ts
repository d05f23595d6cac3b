// A document as a search engine may read it, for the gateway's crawler-readable page (/document/{id}):
// public documents only (visibility.ts), the uploader's name, and the text of the first pages a
// visitor may preview, cut from the converter's text.txt by the manifest's page ends. Only the bytes
// needed are read (a range from the start of text.txt), never the whole text. A read never counts a
// view: the page's own GetDocument does that once.

import { cutUtf8, outputKeys, pageTextsOf, parseManifest, readText } from "@wenku/converter/contract";
import { DomainError, type Logger, type SiteGate } from "@wenku/kit";
import type { Storage } from "@wenku/kit/storage";
import type { DocumentRepository } from "../documents/document.repository.js";
import { notFound } from "../documents/document.rules.js";
import type { DocumentRow } from "../documents/document.types.js";
import { isPublic } from "../documents/visibility.js";
import { readAll } from "../files/file.stream.js";
import type { UserBrief, UserDirectory } from "../ports.js";

export const CRAWLER_MAX_PAGES = 10;
export const CRAWLER_MAX_TEXT_BYTES = 64 * 1024;

export const crawlerMessages = {
  siteClosed: "站点未对访客开放",
} as const;

export interface CrawlerDocumentView {
  row: DocumentRow;
  users: ReadonlyMap<bigint, UserBrief>;
  pageTexts: string[];
}

export interface CrawlerDocumentDeps {
  repo: Pick<DocumentRepository, "byId">;
  users: Pick<UserDirectory, "users">;
  storage: Storage;
  /** A site closed to visitors shows crawlers nothing either. */
  siteGate?: SiteGate;
  log: Logger;
}

const clamp = (n: number, max: number) => Math.max(0, Math.min(Number.isFinite(n) ? n : 0, max));

export function createCrawlerDocuments(deps: CrawlerDocumentDeps) {
  const { storage, log } = deps;

  /** The text of pages 1..`pages`, at most `maxBytes` of it; [] when there is none (yet) or it does not read. */
  async function firstPages(hash: string, pages: number, maxBytes: number): Promise<string[]> {
    if (pages <= 0 || maxBytes <= 0) return [];
    const keys = outputKeys(hash);
    try {
      const raw = await readText(storage, keys.manifest);
      const manifest = raw === undefined ? undefined : parseManifest(raw, hash);
      if (!manifest) return [];
      const ends = manifest.pageTextEnds.slice(0, pages);
      const end = Math.min(ends.at(-1) ?? 0, maxBytes);
      if (end <= 0) return [];
      const bytes = await readAll(await storage.get(keys.text, { start: 0, end: end - 1 }));
      const texts = pageTextsOf(cutUtf8(bytes, end), ends);
      while (texts.length > 0 && (texts.at(-1) as string).trim() === "") texts.pop();
      return texts;
    } catch (err) {
      // the page is still worth a crawler's visit without the text
      log.warn({ err, hash }, "crawler page: the extracted text could not be read");
      return [];
    }
  }

  return {
    async get(id: bigint, maxPages: number, maxTextBytes: number): Promise<CrawlerDocumentView> {
      const gate = await deps.siteGate?.current();
      if (gate && (gate.closed || gate.loginRequired)) {
        throw new DomainError("failed_precondition", crawlerMessages.siteClosed);
      }
      const row = id > 0n ? await deps.repo.byId(id) : null;
      if (!row || !isPublic(row)) throw notFound();
      const previewable = row.preview > 0 ? Math.min(row.preview, row.pages) : row.pages;
      const pages = Math.min(previewable, clamp(maxPages, CRAWLER_MAX_PAGES));
      const [users, pageTexts] = await Promise.all([
        deps.users.users([row.userId]).catch((err: unknown) => {
          log.warn({ err }, "crawler page: the uploader's name is unknown");
          return new Map<bigint, UserBrief>();
        }),
        firstPages(row.attachmentHash, pages, clamp(maxTextBytes, CRAWLER_MAX_TEXT_BYTES)),
      ]);
      return { row, users, pageTexts };
    },
  };
}

export type CrawlerDocuments = ReturnType<typeof createCrawlerDocuments>;

import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";

/** Pages shown before "continue reading". */
export const INITIAL_PAGES = 2;
/** display.pages_per_read ≤ 0 means this many. */
export const DEFAULT_PAGES_PER_READ = 5;

/** Statuses whose pages are served to everyone (and may be cached by the browser as plain images). */
const PUBLIC_STATUSES: readonly DocumentStatus[] = [
  DocumentStatus.PENDING,
  DocumentStatus.CONVERTING,
  DocumentStatus.CONVERTED,
  DocumentStatus.RECONVERT,
];

/** Not public (failed, disabled, pending review, rejected): pages need the owner's or staff's token. */
export const isPublicStatus = (status: DocumentStatus): boolean => PUBLIC_STATUSES.includes(status);

/** Pages the reader may show: `preview` (0 = no limit) capped by `pages`. */
export function viewablePages(doc: { pages: number; preview: number }): number {
  const pages = Math.max(0, doc.pages);
  return doc.preview > 0 ? Math.min(doc.preview, pages) : pages;
}

/** Pages this reader may read: all of them for one who has the file (GetDocument's read_all), else the preview. */
export const readablePages = (doc: { pages: number; preview: number; readAll: boolean }): number =>
  doc.readAll ? Math.max(0, doc.pages) : viewablePages(doc);

/**
 * What reads past the preview for this reader: sign in (a visitor), join VIP (a VIP document, not a
 * member), buy (a priced document), download (a free one, or a VIP document for a member).
 */
export type ReadOffer = "login" | "vip" | "buy" | "download";

export function readOffer(
  doc: { price: number; isVip: boolean },
  reader: { signedIn: boolean; vipMember: boolean },
): ReadOffer {
  if (!reader.signedIn) return "login";
  if (doc.isVip && !reader.vipMember) return "vip";
  return doc.price > 0 ? "buy" : "download";
}

/** How many pages one "continue reading" adds. */
export const pagesPerRead = (setting: number): number => (setting > 0 ? setting : DEFAULT_PAGES_PER_READ);

/**
 * The URL of page `page` (1-based): `.gzip.svg` when the pages are stored gzipped (the gateway sends
 * Content-Encoding: gzip and the browser inflates it), else the stored format (.svg by default).
 */
export function pageUrl(doc: { id: bigint; enableGzip: boolean; previewExt: string }, page: number): string {
  const ext = doc.previewExt && doc.previewExt !== ".svg" ? doc.previewExt : doc.enableGzip ? ".gzip.svg" : ".svg";
  return `/view/page/${doc.id}/${page}${ext}`;
}

/** 1 … count. */
export const pageNumbers = (count: number): number[] => Array.from({ length: Math.max(0, count) }, (_, i) => i + 1);

/** The CSS aspect ratio of the pages from page 1's size (A4 portrait when unknown). */
export const pageAspect = (doc: { width: number; height: number }): string =>
  doc.width > 0 && doc.height > 0 ? `${doc.width} / ${doc.height}` : "210 / 297";

/** Keywords as tags: split on commas (ASCII or full-width), semicolons and spaces. */
export const keywordList = (keywords: string): string[] =>
  keywords
    .split(/[,，;；、\s]+/)
    .map((k) => k.trim())
    .filter((k, i, all) => k !== "" && all.indexOf(k) === i);

/** The page asked for by `?page=N` (1 … pages), or null when absent or not a page of the document. */
export function requestedPage(raw: string | null, pages: number): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const page = Number(raw);
  return page >= 1 && page <= pages ? page : null;
}

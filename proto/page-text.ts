// A page's text with positions: page-N.text.json, stored next to page-N.svg. Written by the
// converter (MuPDF structured text, src "mupdf") and by OCR (src "ocr"); read by the content
// service to serve the reader's text layer. Coordinates are points with the origin top-left, in the
// same space as the page SVG's viewBox. Part of the API contract (served at
// /view/page/{id}/{n}.text.json), so it lives beside the generated code and imports nothing: the
// converter, its OCR lane and the web reader share it.

/** One line of text (a line with mixed directions may be split into several). */
export interface PageTextLine {
  /** Left, top, width and height of the line's box in points. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** The line's text. */
  t: string;
  /** Font size in points. */
  s: number;
}

export interface PageText {
  v: 1;
  /** Page width and height in points. */
  w: number;
  h: number;
  lines: PageTextLine[];
  src: "mupdf" | "ocr";
  /** Set when lines were dropped to keep the file within PAGE_TEXT_MAX_BYTES. */
  truncated?: boolean;
}

/** A page text file is at most this many bytes (a page of 100k tiny glyphs is cut to it). */
export const PAGE_TEXT_MAX_BYTES = 256 * 1024;
/** The most lines one page text file may hold. */
export const PAGE_TEXT_MAX_LINES = 10_000;
/** Page sizes beyond this (points, PDF's own limit is 14 400 × UserUnit) are refused. */
const maxExtent = 1_000_000;

/** page-N.text.json (beside page-N.svg, the spec's /view/page/{id}/{page}.svg). */
export const pageTextFileName = (n: number): string => `page-${n}.text.json`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isCoord = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && Math.abs(v) <= maxExtent;
const isSize = (v: unknown): v is number => isCoord(v) && v >= 0;

function lineProblem(l: unknown): string | undefined {
  if (!isObject(l)) return "is not an object";
  if (!isCoord(l.x) || !isCoord(l.y)) return "has no finite x, y";
  if (!isSize(l.w) || !isSize(l.h)) return "has no finite, non-negative w, h";
  if (!isSize(l.s)) return "has no finite, non-negative font size s";
  if (typeof l.t !== "string") return "has no text t";
  return undefined;
}

/**
 * The page text in `raw`, or a sentence saying what is wrong with it: not JSON, over the size or
 * line limits, an unknown version or source, or a line without a finite box and text.
 */
export function parsePageText(raw: string | Uint8Array): PageText | string {
  const bytes = typeof raw === "string" ? new TextEncoder().encode(raw).length : raw.length;
  if (bytes > PAGE_TEXT_MAX_BYTES) return `the page text is ${bytes} bytes, over ${PAGE_TEXT_MAX_BYTES}`;
  let v: unknown;
  try {
    v = JSON.parse(typeof raw === "string" ? raw : new TextDecoder("utf-8", { fatal: true }).decode(raw));
  } catch {
    return "the page text is not UTF-8 JSON";
  }
  if (!isObject(v)) return "the page text is not a JSON object";
  if (v.v !== 1) return "the page text's version v is not 1";
  if (v.src !== "mupdf" && v.src !== "ocr") return 'the page text\'s src is neither "mupdf" nor "ocr"';
  if (!isSize(v.w) || !isSize(v.h) || v.w === 0 || v.h === 0) return "the page size w, h is not positive and finite";
  if (!Array.isArray(v.lines)) return "the page text has no lines array";
  if (v.lines.length > PAGE_TEXT_MAX_LINES) return `the page text has over ${PAGE_TEXT_MAX_LINES} lines`;
  for (const [i, l] of v.lines.entries()) {
    const problem = lineProblem(l);
    if (problem) return `line ${i} ${problem}`;
  }
  if (v.truncated !== undefined && typeof v.truncated !== "boolean") return "truncated is not a boolean";
  return v as unknown as PageText;
}

/** Rounds to 0.01 pt: positions finer than that only make the file larger. */
const r2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The page text as stored: coordinates rounded, empty lines and lines without a finite box dropped,
 * and lines past the byte and line budgets dropped (then `truncated` is set, as it is when the
 * caller says lines were dropped before), so the file always parses.
 */
export function encodePageText(
  page: Omit<PageText, "v">,
  maxBytes = PAGE_TEXT_MAX_BYTES,
): { json: string; truncated: boolean } {
  const head = `{"v":1,"w":${r2(page.w)},"h":${r2(page.h)},"src":${JSON.stringify(page.src)},"lines":[`;
  const tail = (truncated: boolean) => `]${truncated ? ',"truncated":true' : ""}}`;
  // Room for the tail with "truncated"; budgets are counted in UTF-8 bytes.
  const budget = maxBytes - new TextEncoder().encode(head + tail(true)).length;
  const parts: string[] = [];
  let used = 0;
  let truncated = page.truncated === true;
  const enc = new TextEncoder();
  for (const l of page.lines) {
    const line = { x: r2(l.x), y: r2(l.y), w: r2(l.w), h: r2(l.h), t: l.t, s: r2(l.s) };
    if (l.t.trim() === "" || lineProblem(line)) continue;
    const part = JSON.stringify(line);
    const n = enc.encode(part).length + (parts.length > 0 ? 1 : 0);
    if (parts.length >= PAGE_TEXT_MAX_LINES || used + n > budget) {
      truncated = true;
      break;
    }
    parts.push(part);
    used += n;
  }
  return { json: head + parts.join(",") + tail(truncated), truncated };
}

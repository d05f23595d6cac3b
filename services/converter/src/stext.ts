// MuPDF's structured text as page-N.text.json (page-text.ts): from the WASM build's StructuredText
// JSON (render-thread.ts) and from the lines the native `mutool run` script collects (mutool.ts).
// Horizontal lines only: a vertical (wmode 1) line has no box the reader's text layer can lay a
// horizontal run of text over.
import { encodePageText, PAGE_TEXT_MAX_BYTES, type PageTextLine } from "@wenku/proto/page-text";

/** The page's text as stored, and whether lines were dropped for the budget. */
export interface EncodedPageText {
  json: string;
  truncated: boolean;
}

/**
 * StructuredText.asJSON() is not parsed past this many characters (a page of 100k tiny glyphs
 * writes ≈ 25 MB): such a page gets an empty, truncated text layer instead of a large parse.
 */
export const STEXT_JSON_MAX_CHARS = 64 * 1024 * 1024;

interface StextBox {
  x: number;
  y: number;
  w: number;
  h: number;
}
interface StextJson {
  blocks?: { type?: string; lines?: { wmode?: number; bbox?: StextBox; font?: { size?: number }; text?: string }[] }[];
}

const num = (v: unknown): number => (typeof v === "number" ? v : Number.NaN);

/**
 * StructuredText.asJSON(scale) prints whole numbers of coordinates × scale: asked for at 100, read
 * back in hundredths of a point (at 1 a 0.5 pt glyph would be a 0 × 0 box).
 */
export const STEXT_JSON_SCALE = 100;

/**
 * Lines of MuPDF's structured text JSON, as stored: StructuredText.asJSON(STEXT_JSON_SCALE) (WASM,
 * `scale` STEXT_JSON_SCALE) or the stext.json writer of native mutool (a list of pages, whole points).
 */
export function pageTextFromStextJson(raw: string, w: number, h: number, scale = STEXT_JSON_SCALE): EncodedPageText {
  if (raw.length > STEXT_JSON_MAX_CHARS) return encodePageText({ w, h, src: "mupdf", lines: [], truncated: true });
  const lines: PageTextLine[] = [];
  const json = JSON.parse(raw) as StextJson | StextJson[];
  const parsed = (Array.isArray(json) ? json[0] : json) ?? {};
  for (const block of parsed.blocks ?? []) {
    if (block.type !== "text") continue;
    for (const l of block.lines ?? []) {
      if (l.wmode || !l.bbox || typeof l.text !== "string") continue;
      const b = l.bbox;
      const k = scale;
      lines.push({
        x: num(b.x) / k,
        y: num(b.y) / k,
        w: num(b.w) / k,
        h: num(b.h) / k,
        t: l.text,
        s: num(l.font?.size) / k,
      });
    }
  }
  return encodePageText({ w, h, src: "mupdf", lines });
}

/**
 * The native script writes MuPDF's stext.json for a page whose plain text is at most this many
 * bytes: the JSON is then at most ≈ 85 × as large (one glyph per line), small enough to parse here.
 */
export const STEXT_WRITER_MAX_TEXT_BYTES = 8 * 1024;

/** What the native script writes (mutool.script.ts): [x0, y0, x1, y1, text, size] per line. */
export interface ScriptPageText {
  lines: [number, number, number, number, string, number][];
  /** The script stopped collecting lines at its budget. */
  cut: boolean;
}

/** The native script's files over this size are not read (its own budgets keep them below). */
export const SCRIPT_PAGE_TEXT_MAX_BYTES = Math.max(2 * PAGE_TEXT_MAX_BYTES, 100 * STEXT_WRITER_MAX_TEXT_BYTES);

/** Lines the native script collected (mutool run), as stored. */
export function pageTextFromScript(raw: string, w: number, h: number): EncodedPageText {
  const parsed = JSON.parse(raw) as Partial<ScriptPageText>;
  const lines: PageTextLine[] = [];
  for (const l of Array.isArray(parsed.lines) ? parsed.lines : []) {
    if (!Array.isArray(l) || typeof l[4] !== "string") continue;
    const [x0, y0, x1, y1, t, s] = l;
    lines.push({ x: num(x0), y: num(y0), w: num(x1) - num(x0), h: num(y1) - num(y0), t, s: num(s) });
  }
  return encodePageText({ w, h, src: "mupdf", lines, truncated: parsed.cut === true });
}

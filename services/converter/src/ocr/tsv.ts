// Tesseract's TSV (one row per page, block, paragraph, line and word, boxes in image pixels) turned
// into the page's text and its text-layer lines in page points (top-left origin): words joined into
// lines, Chinese characters without the spaces tesseract puts between them, noise dropped.

import type { PageTextLine } from "@wenku/proto/page-text";

export interface OcrPage {
  /** The page's text, one line per recognised line, paragraphs separated by a blank line. */
  text: string;
  /** The text layer's lines (page-text.ts), in page points; `s` is the line's height. */
  lines: PageTextLine[];
}

/** Words tesseract itself doubts this much (confidence 0…100) are noise (speckles, rules read as letters). */
const MIN_CONFIDENCE = 10;

const cjk = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/u;

/** Joins words: no space between two CJK characters (tesseract separates each with one). */
function joinWords(words: readonly string[]): string {
  let out = "";
  for (const w of words) {
    if (out && !(cjk.test(out.at(-1) ?? "") && cjk.test(w[0] ?? ""))) out += " ";
    out += w;
  }
  return out;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The recognised text of a page image of `imageWidth` pixels drawn over a page `pageWidth` points
 * wide (the scale of every box).
 */
export function parseTsv(tsv: string, imageWidth: number, pageWidth: number): OcrPage {
  const scale = imageWidth > 0 ? pageWidth / imageWidth : 1;
  type Line = { key: string; par: string; words: string[]; x0: number; y0: number; x1: number; y1: number };
  const lines: Line[] = [];
  let current: Line | undefined;
  for (const row of tsv.split("\n")) {
    const f = row.split("\t");
    if (f.length < 12 || f[0] !== "5") continue; // words only
    const text = (f.slice(11).join("\t") ?? "").trim();
    const conf = Number(f[10]);
    if (!text || !(conf >= MIN_CONFIDENCE)) continue;
    const [left, top, width, height] = f.slice(6, 10).map(Number) as [number, number, number, number];
    if (![left, top, width, height].every(Number.isFinite)) continue;
    const par = `${f[1]}.${f[2]}.${f[3]}`;
    const key = `${par}.${f[4]}`;
    if (current?.key !== key) {
      current = { key, par, words: [], x0: left, y0: top, x1: left + width, y1: top + height };
      lines.push(current);
    }
    current.words.push(text);
    current.x0 = Math.min(current.x0, left);
    current.y0 = Math.min(current.y0, top);
    current.x1 = Math.max(current.x1, left + width);
    current.y1 = Math.max(current.y1, top + height);
  }
  const out: PageTextLine[] = [];
  let text = "";
  let par = "";
  for (const l of lines) {
    const t = joinWords(l.words);
    if (text && l.par !== par) text += "\n";
    text += `${t}\n`;
    par = l.par;
    const h = (l.y1 - l.y0) * scale;
    out.push({
      x: round(l.x0 * scale),
      y: round(l.y0 * scale),
      w: round((l.x1 - l.x0) * scale),
      h: round(h),
      t,
      s: round(h),
    });
  }
  return { text, lines: out };
}

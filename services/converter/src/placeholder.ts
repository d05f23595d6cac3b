// The cover of a document whose first pages are all blank: its file type in large letters and its
// title on the type's colour, as a one-page PDF written here that the render pool draws like any
// page. PDF, because it is the one format both renderers open alike (the WASM build has no SVG
// handler, MuPDF 1.21's HTML no backgrounds) and it needs no font file: ASCII is set in the standard
// Helvetica, everything else in the standard Chinese font STSong-Light (Adobe-GB1, UTF-16 encoded),
// which MuPDF replaces by its built-in CJK font. The title is wrapped here between words
// (Intl.Segmenter) with the fonts' own widths (Helvetica's metrics, one em for the CJK font); at
// most maxLines lines, the last ending in an ellipsis when the title goes on.
import { type DocumentType, documentTypeOf, normalizeExtension } from "./formats.js";

const W = 450;
const H = 600;
const MARGIN = 40;
const TITLE_SIZE = 30;
const LINE_HEIGHT = 40;
const maxLines = 7;

/** Background and band colours per type (the antd palette the site uses). */
const colours: Record<DocumentType, [string, string]> = {
  pdf: ["#cf1322", "#a8071a"],
  word: ["#1d39c4", "#10239e"],
  ppt: ["#d4380d", "#ad2102"],
  excel: ["#389e0d", "#237804"],
  text: ["#595959", "#434343"],
  epub: ["#531dab", "#391085"],
  mobi: ["#08979c", "#006d75"],
  chm: ["#874d00", "#613400"],
  umd: ["#874d00", "#613400"],
  other: ["#434343", "#262626"],
};

/** Helvetica's advance widths (thousandths of an em) for ASCII 32–126 (WinAnsiEncoding). */
const helvetica = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];

const isAscii = (c: string) => c >= " " && c <= "~";

/** Width of a string in ems: Helvetica's for ASCII, one em for the rest (the CJK font's default width). */
function ems(s: string): number {
  let w = 0;
  for (const c of s) w += isAscii(c) ? (helvetica[c.charCodeAt(0) - 32] ?? 556) / 1000 : 1;
  return w;
}

const words = new Intl.Segmenter("zh", { granularity: "word" });

/** The title in lines of at most `width` ems: between words, inside a word only when it alone is wider. */
export function wrapTitle(title: string, width: number, lines = maxLines): string[] {
  const out: string[] = [];
  let line = "";
  const push = () => {
    out.push(line.trimEnd());
    line = "";
  };
  for (const { segment } of words.segment(title)) {
    if (ems(line + segment) <= width) {
      line += segment;
      continue;
    }
    if (line.trim()) push();
    for (const c of segment.trimStart()) {
      if (ems(line + c) > width) push();
      line += c;
    }
  }
  if (line.trim()) push();
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  let lastLine = kept[lines - 1] ?? "";
  while (lastLine && ems(`${lastLine}…`) > width) lastLine = Array.from(lastLine).slice(0, -1).join("");
  kept[lines - 1] = `${lastLine.trimEnd()}…`;
  return kept;
}

/** Colour "#rrggbb" as PDF operands "r g b". */
const rgb = (hex: string) =>
  [1, 3, 5].map((i) => (Number.parseInt(hex.slice(i, i + 2), 16) / 255).toFixed(3)).join(" ");

/** A line as text-showing operators: ASCII runs in Helvetica (/F1), the rest in the CJK font (/F2). */
function showLine(line: string, size: number): string {
  const runs = Array.from(line).reduce<string[]>((acc, c) => {
    const last = acc.at(-1);
    if (last !== undefined && isAscii(last.at(-1) ?? "") === isAscii(c)) acc[acc.length - 1] = last + c;
    else acc.push(c);
    return acc;
  }, []);
  return runs
    .map((run) => {
      if (isAscii(run[0] ?? "")) return `/F1 ${size} Tf (${run.replace(/[()\\]/g, "\\$&")}) Tj`;
      const utf16 = Buffer.from(run, "utf16le").swap16().toString("hex");
      return `/F2 ${size} Tf <${utf16}> Tj`;
    })
    .join(" ");
}

/** A PDF of the given objects (1-based, in order), with its cross-reference table. */
function pdfOf(objects: string[]): Buffer {
  let out = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** Characters a title may not carry into the cover: controls, and what the PDF text cannot hold. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: C0 and C1 controls are dropped
const unprintable = /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]/g;

/** The placeholder cover of a document, a one-page PDF: its title (may be "") and its extension (".docx", "epub" …). */
export function placeholderPdf(title: string, ext: string): Buffer {
  const e = normalizeExtension(ext).replace(/[^a-z0-9]/g, "");
  const [bg, band] = colours[documentTypeOf(e)];
  const label = (e || "doc").toUpperCase().slice(0, 8);
  const labelSize = label.length > 4 ? 56 : 72;
  const lines = wrapTitle(title.replace(unprintable, "").replace(/\s+/g, " ").trim(), (W - 2 * MARGIN) / TITLE_SIZE);
  const content = [
    `${rgb(bg)} rg 0 0 ${W} ${H} re f`,
    `${rgb(band)} rg 0 0 ${W} 90 re f`,
    `1 1 1 rg ${MARGIN} ${H - 156} 64 6 re f`,
    `BT 1 1 1 rg /F3 ${labelSize} Tf ${MARGIN} ${H - 120} Td (${label}) Tj ET`,
    ...lines.map((l, i) => `BT 1 1 1 rg ${MARGIN} ${H - 220 - i * LINE_HEIGHT} Td ${showLine(l, TITLE_SIZE)} ET`),
  ].join("\n");
  const cid =
    "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >>" +
    " /FontDescriptor 8 0 R /DW 1000 >>";
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${W} ${H}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R /F3 9 0 R >> >> >>`,
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UTF16-H /DescendantFonts [7 0 R] >>",
    cid,
    "<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 80 >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
  ]);
}

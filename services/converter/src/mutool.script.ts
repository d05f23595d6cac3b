// The script a native `mutool run` process runs (mutool.ts), and the answers it gives: one JSON request
// a line on stdin (open, page, close), one answer a line on stdout after the process's random mark; the
// page's SVG, text, text layer lines and PNGs are files in the process's directory.
import { PAGE_TEXT_MAX_BYTES, PAGE_TEXT_MAX_LINES } from "@wenku/proto/page-text";
import { coverProbeWidth, type FailureKind } from "./render-protocol.js";
import { STEXT_WRITER_MAX_TEXT_BYTES } from "./stext.js";

/**
 * Runs inside `mutool run` (MuJS, ES5; the MuPDF 1.21 API of Debian 12, still there in later
 * versions). Requests and answers are single JSON lines; failures carry a FailureKind.
 */
export const mutoolScript = `"use strict";
var dir = scriptArgs[0];
var mark = scriptArgs[1];
var doc = null;
var reflowable = { epub: 1, mobi: 1, fb2: 1 };
function Failure(kind, message) { this.kind = kind; this.message = message; }
function messageOf(e) { return String(e && e.message !== undefined ? e.message : e).slice(0, 300); }
function openDoc(req) {
  doc = null;
  var d;
  try { d = new Document(req.path); } catch (e) { throw new Failure("corrupt", "MuPDF cannot open the " + req.ext + " file: " + messageOf(e)); }
  if (d.needsPassword() && !d.authenticatePassword("")) throw new Failure("encrypted", "the document needs a password");
  if (reflowable[req.ext]) d.layout(595, 842, 12);
  var pages;
  try { pages = d.countPages(); } catch (e) { throw new Failure("corrupt", "cannot count pages: " + messageOf(e)); }
  if (pages <= 0) throw new Failure("empty", "the document has no pages");
  doc = d;
  return { pages: pages, format: d.getMetaData("format") || req.ext.toUpperCase() };
}
function write(format, options, name, bounds, list) {
  var w = new DocumentWriter(dir + "/" + name, format, options);
  var dev = w.beginPage(bounds);
  list.run(dev, Identity);
  w.endPage();
  w.close();
}
// The text layer (stext.ts reads it). A page whose plain text is small (so the structured text
// JSON is too, at most ≈ 85 bytes per byte of text) is written by MuPDF's own stext.json writer
// ("json": whole points); a larger one is walked here, collecting [x0, y0, x1, y1, text, size] per
// horizontal line until the page text budget is spent ("lines"): MuJS calls back per character,
// about 5 µs each, so the walk is kept for the pages that need a budget.
function pageText(list, b, slot) {
  if (readFile(dir + "/t" + slot + ".txt").length <= ${STEXT_WRITER_MAX_TEXT_BYTES}) {
    write("stext.json", "preserve-whitespace", "j" + slot + ".json", b, list);
    return "json";
  }
  var lines = [], used = 0, cut = false, cur = null;
  list.toStructuredText("preserve-whitespace").walk({
    beginLine: function (b, wmode) { cur = wmode ? null : { b: b, t: "", s: 0 }; },
    onChar: function (c, origin, font, size) { if (cur && !cut) { cur.t += c; if (!cur.s) cur.s = size; } },
    endLine: function () {
      if (!cur || cut) return;
      var n = cur.t.length * 3 + 64;
      if (lines.length >= ${PAGE_TEXT_MAX_LINES} || used + n > ${PAGE_TEXT_MAX_BYTES}) { cut = true; return; }
      used += n;
      lines.push([cur.b[0], cur.b[1], cur.b[2], cur.b[3], cur.t, cur.s]);
      cur = null;
    }
  });
  var buf = new Buffer();
  buf.write(JSON.stringify({ lines: lines, cut: cut }));
  buf.save(dir + "/x" + slot + ".json");
  return "lines";
}
function png(list, scale, name) {
  list.toPixmap(Scale(scale, scale), DeviceRGB, false).saveAsPNG(dir + "/" + name);
}
function coverVariance(list, w, h) {
  var scale = Math.min(${coverProbeWidth} / w, ${coverProbeWidth * 4} / h);
  var pix = list.toPixmap(Scale(scale, scale), DeviceGray, false);
  var pw = pix.getWidth(), ph = pix.getHeight(), sum = 0, squares = 0, x, y, v;
  for (y = 0; y < ph; y++) for (x = 0; x < pw; x++) { v = pix.getSample(x, y, 0); sum += v; squares += v * v; }
  var n = Math.max(1, pw * ph), mean = sum / n;
  return squares / n - mean * mean;
}
function renderPage(req) {
  if (!doc) throw new Failure("failed", "no document is open");
  var slot = req.index % 2;
  var page = doc.loadPage(req.index);
  var b = page.bound();
  var w = Math.max(1, b[2] - b[0]), h = Math.max(1, b[3] - b[1]);
  var list = page.toDisplayList(true);
  var r = { width: Math.round(w * 100) / 100, height: Math.round(h * 100) / 100 };
  if (req.text || req.pageText) write("text", "preserve-whitespace", "t" + slot + ".txt", b, list);
  if (req.text) r.text = true;
  if (req.pageText) r.pageText = pageText(list, b, slot);
  if (req.coverWidth > 0) {
    png(list, Math.min(req.coverWidth / w, (req.coverWidth * 4) / h), "cover.png");
    r.cover = true;
    r.coverVariance = coverVariance(list, w, h);
  }
  if (req.mode === "scan") {
    var dpi = Math.min(req.dpi, 72 * Math.sqrt((req.maxPixels || 12e6) / (w * h)));
    list.toPixmap(Scale(dpi / 72, dpi / 72), DeviceGray, false).saveAsPNG(dir + "/o" + slot + ".png");
    r.scan = dpi;
    return r;
  }
  if (req.mode === "text") return r;
  if (req.mode === "svg") {
    write("svg", "text=path", "s" + slot + "-%d.svg", b, list);
    var size = readFile(dir + "/s" + slot + "-1.svg").length;
    if (size <= req.maxBytes) { r.svg = true; return r; }
    r.svgTooLarge = size;
  }
  png(list, req.dpi / 72, "r" + slot + ".png");
  r.raster = true;
  return r;
}
function closeDoc() {
  doc = null;
  gc();
  return null;
}
function kindOf(e) {
  if (e instanceof Failure) return e.kind;
  return /out of memory|malloc|calloc|realloc/i.test(messageOf(e)) ? "memory" : "failed";
}
if (scriptArgs[1] === "--probe") {
  print(typeof Document + typeof DocumentWriter + typeof Identity + typeof Scale + typeof DeviceRGB + typeof readFile + typeof DeviceGray);
  quit(0);
}
for (;;) {
  var line;
  try { line = readline(); } catch (e) { quit(0); }
  if (line === null || line === undefined) quit(0);
  var req = JSON.parse(line);
  var reply;
  try {
    var value = req.op === "open" ? openDoc(req) : req.op === "page" ? renderPage(req) : closeDoc();
    reply = { id: req.id, ok: true, value: value };
  } catch (e) {
    reply = { id: req.id, ok: false, error: { kind: kindOf(e), message: messageOf(e) } };
  }
  print(mark + JSON.stringify(reply));
}
`;

/** What the script answers for a page: which files it wrote. */
export interface ScriptPage {
  width: number;
  height: number;
  text?: true;
  /** The text layer: MuPDF's stext.json in j<slot>.json, or the lines walked in x<slot>.json (stext.ts ScriptPageText). */
  pageText?: "json" | "lines";
  cover?: true;
  coverVariance?: number;
  svg?: true;
  raster?: true;
  svgTooLarge?: number;
  /** A scan's resolution (its PNG written). */
  scan?: number;
}

export type ScriptReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { kind: FailureKind; message: string } };

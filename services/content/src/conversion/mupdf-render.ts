// Renders a document MuPDF can open (PDF, EPUB, MOBI, XPS, CBZ, FB2) page by page: an SVG per page
// with text as paths (the browser needs no fonts), its gzip variant, a PNG cover of page 1, the
// page count and the extracted text. The file is read through a MuPDF Stream over a file descriptor,
// so a large PDF is never copied whole into WASM memory; each page is released before the next.
//
// MuPDF WASM is synchronous: one page blocks the event loop for its render time (≈ 10 ms for a
// text page). The loop yields between pages, so acks, heartbeats and other jobs keep flowing, and
// gzip + the output write of page N (thread pool / I/O) overlap the render of page N+1.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { promisify } from "node:util";
import { gzip as gzipCb } from "node:zlib";
import * as mupdf from "mupdf";
import { abortError, ConversionError, checkAborted } from "./errors.js";
import { PREVIEW_TEXT_MAX_BYTES, previewTextOf, TextCollector } from "./text.js";

const gzip = promisify(gzipCb);

/** Where rendered pages go: a directory (dirOutput) or object storage (the worker). */
export interface PageOutput {
  /** Page `n` (1-based): the SVG and its gzip. Started in page order; up to two calls overlap. */
  page(n: number, svg: Uint8Array, gz: Uint8Array): Promise<void>;
  cover(png: Uint8Array): Promise<void>;
}

export interface RenderOptions {
  /**
   * Render SVGs for pages 1..maxPages only (the preview limit); 0 / unset: all. A function gets the
   * page count (a limit in percent needs it). Text covers every page.
   */
  maxPages?: number | ((pages: number) => number);
  signal?: AbortSignal;
  /** Cover PNG width in pixels (default 600). */
  coverWidth?: number;
  /** Extracted text is cut at this many UTF-8 bytes (default 1 MiB). */
  maxTextBytes?: number;
  /** previewText is cut at this many UTF-8 bytes (default 64 KiB). */
  maxPreviewTextBytes?: number;
  /** gzip level for the .gzip.svg variant (default 6: level 9 costs ≈ 2× the time for ≈ 3 % smaller files). */
  gzipLevel?: number;
  /** Called after each page: the worker turns it into in-progress acks. */
  onProgress?: (p: { page: number; pages: number }) => void;
}

export interface RenderResult {
  /** MuPDF's name for the format, e.g. "PDF 1.7", "EPUB". */
  format: string;
  pages: number;
  /** Pages with an SVG (1..rendered). */
  rendered: number;
  /** Page 1 in points (1/72 in). */
  width: number;
  height: number;
  /** Text of every page (bounded by maxTextBytes). */
  text: string;
  textTruncated: boolean;
  /** UTF-8 byte offset in `text` where page n's text ends, at index n-1 (one entry per page). */
  pageTextEnds: number[];
  /** Text of the rendered pages 1..rendered only (bounded by maxPreviewTextBytes). */
  previewText: string;
  cover: Uint8Array;
  svgBytes: number;
  gzipBytes: number;
}

/** Extensions MuPDF lays out itself (no fixed pages): laid out on A4 with a 12 pt em. */
const reflowable = new Set(["epub", "mobi", "fb2"]);
const a4 = { w: 595, h: 842, em: 12 };
/** Pages whose gzip/write may still be in flight while the next one renders. */
const pipelineDepth = 2;

let logRouted = false;
/** MuPDF prints warnings ("ICC support is not available", repaired xref …) to the console unless routed. */
function quietMupdf(): void {
  if (logRouted) return;
  logRouted = true;
  mupdf.setLog({ error: () => {}, warning: () => {} });
}

function fileStream(path: string): { stream: mupdf.Stream; size: number; close(): void } {
  const fd = openSync(path, "r");
  let open = true;
  const size = fstatSync(fd).size;
  const close = () => {
    if (open) closeSync(fd);
    open = false;
  };
  try {
    const stream = new mupdf.Stream({
      fileSize: () => size,
      read: (memory, offset, length, position) => (open ? readSync(fd, memory, offset, length, position) : 0),
      close: () => {},
    });
    return { stream, size, close };
  } catch (err) {
    close();
    throw err;
  }
}

function mupdfMessage(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 300);
}

function openDoc(stream: mupdf.Stream, ext: string): mupdf.Document {
  let doc: mupdf.Document;
  try {
    doc = mupdf.Document.openDocument(stream, `document.${ext}`);
  } catch (err) {
    throw new ConversionError("corrupt", `MuPDF cannot open the ${ext} file: ${mupdfMessage(err)}`, { cause: err });
  }
  if (doc.needsPassword() && !doc.authenticatePassword("")) {
    doc.destroy();
    throw new ConversionError("encrypted", "the document needs a password");
  }
  if (reflowable.has(ext)) doc.layout(a4.w, a4.h, a4.em);
  return doc;
}

function pageSvg(page: mupdf.Page): Uint8Array {
  const buf = new mupdf.Buffer();
  try {
    const writer = new mupdf.DocumentWriter(buf, "svg", "text=path");
    try {
      const dev = writer.beginPage(page.getBounds());
      page.run(dev, mupdf.Matrix.identity);
      writer.endPage();
      writer.close();
    } finally {
      writer.destroy();
    }
    return buf.asUint8Array().slice(); // a view into WASM memory until copied
  } finally {
    buf.destroy();
  }
}

function coverPng(page: mupdf.Page, width: number): Uint8Array {
  const [x0, y0, x1, y1] = page.getBounds();
  const w = Math.max(1, x1 - x0);
  const h = Math.max(1, y1 - y0);
  // Very tall pages (scrolls, receipts) are capped at 4× the width in pixels.
  const scale = Math.min(width / w, (width * 4) / h);
  const pix = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
  try {
    return pix.asPNG();
  } finally {
    pix.destroy();
  }
}

export async function renderWithMupdf(
  path: string,
  ext: string,
  out: PageOutput,
  opts: RenderOptions = {},
): Promise<RenderResult> {
  quietMupdf();
  checkAborted(opts.signal);
  const file = fileStream(path);
  const inflight: Promise<number[]>[] = [];
  try {
    if (file.size === 0) throw new ConversionError("empty", "the file is 0 bytes");
    const doc = openDoc(file.stream, ext);
    try {
      let pages: number;
      try {
        pages = doc.countPages();
      } catch (err) {
        throw new ConversionError("corrupt", `cannot count pages: ${mupdfMessage(err)}`, { cause: err });
      }
      if (pages <= 0) throw new ConversionError("empty", "the document has no pages");
      const limit = typeof opts.maxPages === "function" ? opts.maxPages(pages) : opts.maxPages;
      const rendered = limit && limit > 0 ? Math.min(limit, pages) : pages;
      const text = new TextCollector(opts.maxTextBytes ?? 1 << 20);
      const level = opts.gzipLevel ?? 6;
      const result: RenderResult = {
        format: doc.getMetaData(mupdf.Document.META_FORMAT) ?? ext.toUpperCase(),
        pages,
        rendered,
        width: 0,
        height: 0,
        text: "",
        textTruncated: false,
        pageTextEnds: [],
        previewText: "",
        cover: new Uint8Array(),
        svgBytes: 0,
        gzipBytes: 0,
      };
      for (let i = 0; i < pages; i++) {
        if (i >= rendered && text.full) break;
        if (opts.signal?.aborted) throw abortError(opts.signal);
        let page: mupdf.Page;
        try {
          page = doc.loadPage(i);
        } catch (err) {
          throw new ConversionError("corrupt", `cannot load page ${i + 1}: ${mupdfMessage(err)}`, { cause: err });
        }
        try {
          if (i === 0) {
            const [x0, y0, x1, y1] = page.getBounds();
            result.width = Math.round((x1 - x0) * 100) / 100;
            result.height = Math.round((y1 - y0) * 100) / 100;
            result.cover = coverPng(page, opts.coverWidth ?? 600);
            await out.cover(result.cover);
          }
          if (!text.full) {
            const st = page.toStructuredText("preserve-whitespace");
            try {
              text.addPage(`${st.asText().trimEnd()}\n`);
            } finally {
              st.destroy();
            }
          }
          if (i < rendered) {
            const svg = pageSvg(page);
            const n = i + 1;
            inflight.push(
              gzip(svg, { level }).then(async (gz) => {
                await out.page(n, svg, gz);
                return [svg.length, gz.length];
              }),
            );
            if (inflight.length >= pipelineDepth) {
              const [s, g] = (await inflight.shift()) ?? [0, 0];
              result.svgBytes += s ?? 0;
              result.gzipBytes += g ?? 0;
            }
          }
        } finally {
          page.destroy();
        }
        opts.onProgress?.({ page: i + 1, pages });
        await new Promise<void>((r) => setImmediate(r)); // let the event loop breathe between pages
      }
      for (const [s, g] of await Promise.all(inflight.splice(0))) {
        result.svgBytes += s ?? 0;
        result.gzipBytes += g ?? 0;
      }
      result.text = text.text();
      result.textTruncated = text.truncated;
      result.pageTextEnds = text.ends(pages);
      result.previewText = previewTextOf(
        result.text,
        result.pageTextEnds,
        rendered,
        opts.maxPreviewTextBytes ?? PREVIEW_TEXT_MAX_BYTES,
      );
      return result;
    } finally {
      doc.destroy();
    }
  } finally {
    // Never leave a write running behind a failure (its error is the failure's consequence).
    await Promise.allSettled(inflight);
    file.close();
  }
}

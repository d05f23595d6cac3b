// Renders a document MuPDF can open (PDF, EPUB, MOBI, CBZ, FB2) page by page: an SVG per page
// with text as paths (the browser needs no fonts), its gzip variant, its text layer (the lines with
// their boxes, page-text.ts), a PNG cover of page 1, the page count and the extracted text.
//
// MuPDF runs in a render thread of the pool (render-pool.ts), never on the service's event loop.
// Each page has a time budget and an output cap, its thread a memory cap:
//   - an SVG over the output cap is replaced by a raster SVG (an <image> with a PNG, or a JPEG for
//     photos, at limits.rasterDpi) in the same call;
//   - a page whose call runs out of time or memory (or on which MuPDF fails) is tried once more as a
//     raster page, in a fresh thread when the old one was ended (the raster path skips the SVG
//     writer, usually the costly part); when that fails too, the document fails for good as
//     "too_complex" (or "corrupt" when MuPDF itself failed);
//   - a page past the preview limit (text only) whose text cannot be read in time is skipped; more
//     than limits.maxSkippedPages of those fail the document as "too_complex".
// gzip and the output write of page N (zlib thread pool, I/O) overlap the render of page N+1.
import { promisify } from "node:util";
import { gzip as gzipCb } from "node:zlib";
import { type ChosenCover, type CoverPlan, chooseCover } from "./cover.js";
import { abortError, ConversionError, checkAborted } from "./errors.js";
import { RenderError } from "./render-host.js";
import type { PageCall, RenderLease, RenderPool } from "./render-pool.js";
import type { PageReply } from "./render-protocol.js";
import { PREVIEW_TEXT_MAX_BYTES, previewTextOf, TextCollector } from "./text.js";

const gzip = promisify(gzipCb);

/** Where rendered pages go: a directory (dirOutput) or object storage (the worker). */
export interface PageOutput {
  /**
   * Page `n` (1-based): the SVG, its gzip and its text layer (page-N.text.json; absent when it was
   * not made). Started in page order; up to two calls overlap.
   */
  page(n: number, svg: Uint8Array, gz: Uint8Array, text?: string): Promise<void>;
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
  /** A declared cover image, the title and extension for a placeholder (cover.ts); default: the pages, then a placeholder. */
  cover?: Partial<CoverPlan>;
  /** Extracted text is cut at this many UTF-8 bytes (default 1 MiB). */
  maxTextBytes?: number;
  /** previewText is cut at this many UTF-8 bytes (default 64 KiB). */
  maxPreviewTextBytes?: number;
  /**
   * gzip level for the .gzip.svg variant (default 3). Measured on the bench's text-as-paths pages
   * (177 KB each): level 6 costs 2.3× the CPU of level 3 for 9 % smaller files (23.2 vs 25.4 KiB),
   * level 1 saves another fifth of the CPU for 7 % larger ones; level 6 was ≈ 30 % of a conversion.
   */
  gzipLevel?: number;
  /** Write each rendered page's text layer (page-N.text.json; default true). */
  textLayer?: boolean;
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
  /** Where the cover came from: the declared image, a page (1-based, the first that is not blank), a placeholder. */
  coverFrom: Pick<ChosenCover, "source" | "page">;
  svgBytes: number;
  gzipBytes: number;
  /** Pages served as a raster image in their SVG (1-based). */
  rasterPages: number[];
  /** Pages past the preview limit whose text was skipped (over the time or memory budget). */
  skippedTextPages: number[];
  /** Rendered pages with a text layer file. */
  textLayerPages: number;
  /** Pages whose text layer was cut at its budget (page-text.ts PAGE_TEXT_MAX_BYTES). */
  textLayerTruncated: number[];
  /** The largest WASM memory of the render thread during this document, in bytes. */
  peakMemoryBytes: number;
}

/** The budgets of one page and one document (CONVERTER_* settings). */
export interface RenderLimits {
  /** A page's render call (text, cover, SVG) may take this long (default 10 s). */
  pageTimeoutMs: number;
  /** Opening the document may take this long (default 3 × pageTimeoutMs, at least 30 s). */
  openTimeoutMs?: number;
  /** Largest SVG of one page in bytes (default 8 MiB); a larger one becomes a raster page. */
  maxPageBytes: number;
  /** Resolution of raster pages (default 120). */
  rasterDpi: number;
  /** Text-only pages that may be skipped before the document fails (default 3). */
  maxSkippedPages?: number;
}

export const defaultRenderLimits: RenderLimits = {
  pageTimeoutMs: 10_000,
  maxPageBytes: 8 * 1024 * 1024,
  rasterDpi: 120,
};

/**
 * zlib's output chunk: larger than a typical page's gzip (≈ 25 KiB), so a page is compressed in one
 * trip through the thread pool instead of one per 16 KiB (≈ 10 % of the gzip's CPU).
 */
const gzipChunk = 64 * 1024;

/** Pages whose gzip/write may still be in flight while the next one renders. */
const pipelineDepth = 2;

const tooComplex = (detail: string) => new ConversionError("too_complex", detail);
/** Failures of one page call that get a second chance (as a raster page, or a skipped text). */
const retryKinds = new Set<string>(["timeout", "memory", "crashed", "failed"]);

/** A pool failure as the converter's error: MuPDF's own verdicts keep their reason; limits are final. */
export function conversionErrorOf(e: unknown, what: string, signal: AbortSignal | undefined): ConversionError {
  if (signal?.aborted) return abortError(signal);
  if (!(e instanceof RenderError)) {
    const detail = e instanceof Error ? e.message : String(e);
    return new ConversionError("internal", `${what}: ${detail}`.slice(0, 500), { cause: e });
  }
  switch (e.kind) {
    case "corrupt":
    case "encrypted":
    case "empty":
      return new ConversionError(e.kind, e.message);
    case "failed":
      return new ConversionError("corrupt", `${what}: ${e.message}`);
    case "aborted":
      return new ConversionError("aborted", `${what}: ${e.message}`);
    default: // timeout, memory, crashed
      return tooComplex(`${what}: ${e.kind}: ${e.message}`);
  }
}

export async function renderWithMupdf(
  pool: RenderPool,
  limits: RenderLimits,
  path: string,
  ext: string,
  out: PageOutput,
  opts: RenderOptions = {},
): Promise<RenderResult> {
  const { signal } = opts;
  checkAborted(signal);
  const pageMs = limits.pageTimeoutMs;
  const openMs = limits.openTimeoutMs ?? Math.max(30_000, 3 * pageMs);
  const maxSkipped = limits.maxSkippedPages ?? 3;
  let lease: RenderLease;
  try {
    lease = await pool.acquire(signal);
  } catch (e) {
    throw conversionErrorOf(e, "waiting for a render thread", signal);
  }
  const inflight: Promise<number[]>[] = [];
  try {
    const opened = await lease.open(path, ext, openMs, signal).catch((e: unknown) => {
      throw conversionErrorOf(e, `opening the ${ext} file`, signal);
    });
    const { pages } = opened;
    const limit = typeof opts.maxPages === "function" ? opts.maxPages(pages) : opts.maxPages;
    const rendered = limit && limit > 0 ? Math.min(limit, pages) : pages;
    const text = new TextCollector(opts.maxTextBytes ?? 1 << 20);
    const level = opts.gzipLevel ?? 3;
    const result: RenderResult = {
      format: opened.format,
      pages,
      rendered,
      width: 0,
      height: 0,
      text: "",
      textTruncated: false,
      pageTextEnds: [],
      previewText: "",
      cover: new Uint8Array(),
      coverFrom: { source: "page", page: 1 },
      svgBytes: 0,
      gzipBytes: 0,
      rasterPages: [],
      skippedTextPages: [],
      textLayerPages: 0,
      textLayerTruncated: [],
      peakMemoryBytes: 0,
    };
    const layer = opts.textLayer ?? true;
    let first: PageReply | undefined;
    for (let i = 0; i < pages; i++) {
      if (i >= rendered && text.full) break;
      checkAborted(signal);
      const n = i + 1;
      const call: PageCall = {
        index: i,
        mode: i < rendered ? "svg" : "text",
        text: !text.full,
        pageText: layer && i < rendered,
        coverWidth: i === 0 ? (opts.coverWidth ?? 600) : 0,
        maxBytes: limits.maxPageBytes,
        dpi: limits.rasterDpi,
      };
      // What the loop will most likely ask next (the text flag may turn off: extra text is ignored).
      const next: PageCall | undefined =
        n < pages && (n < rendered || !text.full)
          ? {
              ...call,
              index: n,
              mode: n < rendered ? "svg" : "text",
              text: true,
              pageText: layer && n < rendered,
              coverWidth: 0,
            }
          : undefined;
      let reply: PageReply | undefined;
      try {
        reply = await lease.page(call, pageMs, signal, next);
      } catch (e) {
        // Over a budget, or MuPDF failed on this page: skipped (text only) or tried once more as a raster.
        if (signal?.aborted || !(e instanceof RenderError) || !retryKinds.has(e.kind)) {
          throw conversionErrorOf(e, `page ${n}`, signal);
        }
        if (call.mode === "text") {
          result.skippedTextPages.push(n);
          if (result.skippedTextPages.length > maxSkipped) {
            throw tooComplex(
              `more than ${maxSkipped} pages over the time or memory budget (last: page ${n}, ${e.kind})`,
            );
          }
        } else {
          // Over budget as a vector page: once more as a raster page, in a fresh thread, without
          // the text layer (which may be what ran over).
          reply = await lease
            .page({ ...call, mode: "raster", pageText: false }, pageMs, signal)
            .catch((e2: unknown) => {
              throw conversionErrorOf(e2, `page ${n} (vector: ${e.kind}; raster)`, signal);
            });
        }
      }
      if (reply) {
        if (i === 0) {
          result.width = reply.width;
          result.height = reply.height;
          first = reply;
        }
        if (!text.full) text.addPage(`${(reply.text ?? "").trimEnd()}\n`);
        if (call.mode !== "text") {
          const svg = reply.svg;
          if (!svg) throw tooComplex(`page ${n}: even its raster image is over ${limits.maxPageBytes} bytes`);
          if (reply.raster) result.rasterPages.push(n);
          const layerText = reply.pageText;
          if (layerText !== undefined) result.textLayerPages++;
          if (reply.pageTextTruncated) result.textLayerTruncated.push(n);
          inflight.push(
            gzip(svg, { level, chunkSize: gzipChunk }).then(async (gz) => {
              await out.page(n, svg, gz, layerText);
              return [svg.length, gz.length];
            }),
          );
          if (inflight.length >= pipelineDepth) {
            const [s, g] = (await inflight.shift()) ?? [0, 0];
            result.svgBytes += s ?? 0;
            result.gzipBytes += g ?? 0;
          }
        }
      } else if (!text.full) {
        text.addPage("\n");
      }
      opts.onProgress?.({ page: n, pages });
    }
    const cover = await chooseCover({
      lease,
      doc: { path, ext, pages },
      first,
      plan: { ext, ...opts.cover },
      coverWidth: opts.coverWidth ?? 600,
      pageMs,
      openMs,
      ...(signal ? { signal } : {}),
    }).catch((e: unknown) => {
      throw conversionErrorOf(e, "the cover", signal);
    });
    result.cover = cover.png;
    result.coverFrom = { source: cover.source, ...(cover.page ? { page: cover.page } : {}) };
    await out.cover(result.cover);
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
    result.peakMemoryBytes = lease.peakMemoryBytes;
    return result;
  } finally {
    // Never leave a write running behind a failure (its error is the failure's consequence).
    await Promise.allSettled(inflight);
    lease.release();
  }
}

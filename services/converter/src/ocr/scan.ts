// Page images for OCR: the pages asked for, drawn in grayscale by the render pool (MuPDF in a render
// thread or a native mutool process, never on the event loop) with the conversion's per-page time
// budget and output caps, at the OCR resolution but never more than a pixel budget (a page 100 m
// wide is drawn at a resolution that fits). A page over a budget is given to the caller as its
// failure; the others go on.
import { abortError, checkAborted } from "../errors.js";
import { conversionErrorOf, type RenderLimits } from "../mupdf-render.js";
import { RenderError } from "../render-host.js";
import type { RenderLease, RenderPool } from "../render-pool.js";

export interface ScannedPage {
  png: Uint8Array;
  /** The image's resolution (pixels per inch of the page). */
  dpi: number;
  /** The page in points. */
  width: number;
  height: number;
}

export interface ScanOptions {
  /** Resolution asked for (tesseract reads best at about 300). */
  dpi: number;
  /** Pixels of one page image at most. */
  maxPixels: number;
  signal?: AbortSignal;
}

export interface PageScanner {
  /**
   * Draws pages `pages` (1-based, in order) of a document MuPDF opens and hands each to `each`, or
   * the RenderError of a page over its budget; `each` runs before the next page is drawn.
   */
  scanPages(
    input: { path: string; ext: string },
    pages: readonly number[],
    each: (n: number, page: ScannedPage | RenderError) => Promise<void>,
    opts: ScanOptions,
  ): Promise<void>;
}

export function createPageScanner(pool: () => Promise<RenderPool>, limits: RenderLimits): PageScanner {
  return {
    async scanPages(input, pages, each, opts) {
      const { signal } = opts;
      checkAborted(signal);
      const openMs = limits.openTimeoutMs ?? Math.max(30_000, 3 * limits.pageTimeoutMs);
      let lease: RenderLease;
      try {
        lease = await (await pool()).acquire(signal);
      } catch (e) {
        throw conversionErrorOf(e, "waiting for a render thread", signal);
      }
      try {
        await lease.open(input.path, input.ext, openMs, signal).catch((e: unknown) => {
          throw conversionErrorOf(e, `opening the ${input.ext} file`, signal);
        });
        for (const n of pages) {
          checkAborted(signal);
          const call = {
            index: n - 1,
            mode: "scan" as const,
            text: false,
            coverWidth: 0,
            maxBytes: limits.maxPageBytes,
            dpi: opts.dpi,
            maxPixels: opts.maxPixels,
          };
          let page: ScannedPage | RenderError;
          try {
            const r = await lease.page(call, limits.pageTimeoutMs, signal);
            page = r.png
              ? { png: r.png, dpi: r.scanDpi ?? opts.dpi, width: r.width, height: r.height }
              : new RenderError("failed", "no image of the page");
          } catch (e) {
            if (signal?.aborted) throw abortError(signal);
            if (!(e instanceof RenderError) || e.kind === "aborted") throw conversionErrorOf(e, `page ${n}`, signal);
            page = e;
          }
          await each(n, page);
        }
      } finally {
        lease.release();
      }
    },
  };
}

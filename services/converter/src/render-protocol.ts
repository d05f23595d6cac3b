// The messages between render-pool.ts (the service's thread) and render-thread.ts (a worker thread).

export interface ThreadData {
  /** The WASM memory MuPDF may grow to in this thread. */
  memoryLimitBytes: number;
}

export interface OpenRequest {
  op: "open";
  id: number;
  path: string;
  /** Normalized extension: MuPDF picks its handler by it. */
  ext: string;
}

/**
 * One page: its text, its cover (page 1) and, by mode, nothing more ("text": a page past the
 * preview limit), an SVG with text as paths ("svg", a raster SVG when over maxBytes), a raster SVG,
 * or a grayscale PNG for OCR ("scan", at `dpi` but at most `maxPixels`).
 */
export interface PageRequest {
  op: "page";
  id: number;
  /** 0-based. */
  index: number;
  mode: "svg" | "raster" | "text" | "scan";
  text: boolean;
  /** The page's text with positions (page-text.ts), for the reader's text layer. */
  pageText?: boolean;
  /** Cover PNG width in pixels; 0: no cover. */
  coverWidth: number;
  /** Output cap of the page's SVG in bytes. */
  maxBytes: number;
  /** Resolution of a raster page (and of a scan). */
  dpi: number;
  /** A scan's pixels at most: its resolution is lowered to fit (default 12 million). */
  maxPixels?: number;
}

export interface CloseRequest {
  op: "close";
  id: number;
}

export type ThreadRequest = OpenRequest | PageRequest | CloseRequest;

export interface OpenReply {
  pages: number;
  format: string;
}

export interface PageReply {
  /** In points (1/72 in). */
  width: number;
  height: number;
  text?: string;
  /** page-N.text.json as stored (encodePageText), when asked for. */
  pageText?: string;
  /** Lines were dropped from pageText to keep it within its budget. */
  pageTextTruncated?: boolean;
  cover?: Uint8Array;
  /** With a cover: the variance of its luminance at thumbnail size (coverProbeWidth); near 0 is a blank page. */
  coverVariance?: number;
  /** Absent when not asked for, or when even the raster was over maxBytes. */
  svg?: Uint8Array;
  /** The SVG wraps a raster image. */
  raster?: boolean;
  /** Bytes of the vector SVG that was over the cap (then replaced by a raster). */
  svgTooLarge?: number;
  /** The page in grayscale (mode "scan"), `scanDpi` dots per inch. */
  png?: Uint8Array;
  scanDpi?: number;
}

/** Width in pixels at which a cover's blankness is measured: what a document card shows (a 56 px thumbnail). */
export const coverProbeWidth = 64;

/** "crashed": a WebAssembly trap (the thread then ends). */
export type FailureKind = "corrupt" | "encrypted" | "empty" | "memory" | "crashed" | "failed";

export type ThreadReply =
  | { type: "ready" }
  | { type: "memory"; bytes: number }
  | { type: "reply"; id: number; ok: true; value: unknown }
  | { type: "reply"; id: number; ok: false; error: { kind: FailureKind; message: string } };

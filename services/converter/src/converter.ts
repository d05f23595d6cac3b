// convert(): any accepted document → page SVGs (+ gzip), a cover PNG, the page count and its text.
// MuPDF formats are rendered directly (in the render thread pool, with per-page budgets); office
// formats go through LibreOffice to PDF first (kept for OCR when a page has no text); formats that
// need calibre (chm, umd, azw*) fail at once with a clear, non-retryable reason. MuPDF is native
// `mutool` (mutool.ts) when it is installed and CONVERTER_MUTOOL is not "off", MuPDF WASM threads
// otherwise: the same budgets either way.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractEpubCover } from "./epub-cover.js";
import { ConversionError, checkAborted } from "./errors.js";
import { conversionRouteOf, normalizeExtension } from "./formats.js";
import {
  defaultRenderLimits,
  type PageOutput,
  type RenderLimits,
  type RenderOptions,
  type RenderResult,
  renderWithMupdf,
} from "./mupdf-render.js";
import { createMutoolPool } from "./mutool.js";
import { type MutoolMode, probeMutool } from "./mutool.probe.js";
import { createPageScanner, type PageScanner } from "./ocr/scan.js";
import { createOfficeConverter, type OfficeOptions } from "./office.js";
import { dirOutput, pageFileName } from "./output.js";
import { createRenderPool, type RenderPool, type RenderPoolOptions } from "./render-pool.js";
import { pageTextsOf } from "./text.js";

export interface ConvertInput {
  path: string;
  /** The original extension, with or without the dot. */
  ext: string;
}

/** A directory (page-N.svg, page-N.gzip.svg, cover.png) or any PageOutput (the worker's storage upload). */
export type ConvertOutput = { dir: string } | PageOutput;

export interface ConvertOptions extends RenderOptions {
  /**
   * An office document had pages without text (a scan pasted into a DOCX): the PDF LibreOffice made,
   * for OCR to draw those pages from (called before the temp directory holding it is removed).
   */
  keepOfficePdf?: (pdfPath: string) => Promise<void>;
}

export interface ConvertResult extends RenderResult {
  /** The extension converted (normalized). */
  ext: string;
  /** LibreOffice made a PDF first. */
  viaOffice: boolean;
  /** Page file names written, in page order: page-1.svg, page-1.gzip.svg, page-2.svg … */
  svgPages: string[];
}

export interface ConverterOptions {
  office?: OfficeOptions;
  /** Render threads (default 2 threads, 512 MiB of WASM memory each). */
  pool?: Partial<RenderPoolOptions>;
  /** Per-page budgets (default defaultRenderLimits). */
  limits?: Partial<RenderLimits>;
  /** Temp directory root for office conversions (default the OS temp dir). */
  workRoot?: string;
  /** Native mutool when installed ("auto", the default) or never ("off"): CONVERTER_MUTOOL. */
  mutool?: MutoolMode;
}

export interface Converter {
  convert(input: ConvertInput, out: ConvertOutput, opts?: ConvertOptions): Promise<ConvertResult>;
  /** Ends the render threads, releases LibreOffice profiles. */
  close(): Promise<void>;
}

/** The converter and, with the same render pool and budgets, page images for OCR. */
export function createConverter(options: ConverterOptions = {}): Converter & PageScanner {
  const office = createOfficeConverter(options.office);
  const poolOptions: RenderPoolOptions = { size: 2, memoryLimitMb: 512, ...options.pool };
  const limits: RenderLimits = { ...defaultRenderLimits, ...options.limits };
  const workRoot = options.workRoot ?? tmpdir();
  /** Native or WASM, chosen by the probe on the first conversion. */
  let chosen: Promise<RenderPool> | undefined;
  const renderPool = () => {
    chosen ??= probeMutool(options.mutool ?? "auto").then((p) =>
      p.used
        ? createMutoolPool({
            path: p.path,
            size: poolOptions.size,
            memoryLimitMb: poolOptions.memoryLimitMb,
            // The SVG is measured after it is written: room for one over the page cap, then the cap on any file.
            maxFileBytes: 2 * limits.maxPageBytes + (1 << 20),
            workRoot,
          })
        : createRenderPool(poolOptions),
    );
    return chosen;
  };

  const scanner = createPageScanner(renderPool, limits);

  return {
    scanPages: scanner.scanPages,
    async convert(input, out, opts = {}) {
      const ext = normalizeExtension(input.ext);
      const route = conversionRouteOf(ext);
      if (route === undefined) {
        throw new ConversionError("unsupported_format", `unknown extension "${ext}"`);
      }
      if (route === "unsupported") {
        throw new ConversionError(
          "unsupported_format",
          `.${ext} needs calibre (ebook-convert), which is not installed on this server`,
          { message: `暂不支持转换 .${ext} 格式的文档（服务器未安装 calibre）` },
        );
      }
      checkAborted(opts.signal);
      const sink: PageOutput = "dir" in out ? dirOutput(out.dir) : out;
      const names = (rendered: number) =>
        Array.from({ length: rendered }, (_, i) => [pageFileName(i + 1, false), pageFileName(i + 1, true)]).flat();
      const pool = await renderPool();
      const work = await mkdtemp(join(workRoot, "wenku-convert-"));
      try {
        // The placeholder cover names the original type (DOCX, not the PDF LibreOffice made).
        const cover = { ext, workRoot, ...opts.cover };
        if (route === "mupdf") {
          if (ext === "epub") {
            const epub = await extractEpubCover(input.path, work);
            if (epub.image) cover.image = epub.image;
            cover.title ||= epub.title;
          }
          const r = await renderWithMupdf(pool, limits, input.path, ext, sink, { ...opts, cover });
          return { ...r, ext, viaOffice: false, svgPages: names(r.rendered) };
        }
        const onAlive = opts.onProgress ? () => opts.onProgress?.({ page: 0, pages: 0 }) : undefined;
        const pdf = await office.toPdf(input.path, ext, work, { signal: opts.signal, onAlive });
        const r = await renderWithMupdf(pool, limits, pdf, "pdf", sink, { ...opts, cover });
        if (opts.keepOfficePdf && pageTextsOf(r.text, r.pageTextEnds).some((t) => t.trim() === "")) {
          await opts.keepOfficePdf(pdf);
        }
        return { ...r, ext, viaOffice: true, svgPages: names(r.rendered) };
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
    async close() {
      await Promise.all([chosen?.then((pool) => pool.close()), office.close()]);
    },
  };
}

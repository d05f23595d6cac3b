// OCR of one converted file, after its conversion: the pages MuPDF found no text on (scans; in an
// office document, pages of the PDF LibreOffice made, kept for this as office.pdf) are drawn in grayscale (ocr/scan.ts) and read by tesseract (ocr/tesseract.ts), one at a time. Each
// recognised page's text goes into the file's stored text (text.txt and the manifest's page ends,
// so search, the in-document search and the description read it as any page's text) and its lines
// into page-N.text.json (src "ocr"); every few pages the content service is told (onRecognized),
// so a long scan becomes searchable page by page. Idempotent: the manifest records the pages done
// and given up on, so a job delivered again (a converter killed mid-way) goes on where it stopped
// and reports again what was done; a report repeated changes nothing.
import { randomUUID } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { BusLogger } from "@wenku/kit/bus";
import type { Storage } from "@wenku/kit/storage";
import { encodePageText } from "@wenku/proto/page-text";
import { fetchOriginal } from "../convert-file.js";
import { ConversionError, checkAborted } from "../errors.js";
import { conversionRouteOf, normalizeExtension } from "../formats.js";
import { type ConversionJob, type Manifest, outputKeys, parseManifest, readText } from "../job.js";
import { limitOf } from "../result.js";
import { pageTextsOf, TextCollector } from "../text.js";
import type { PageScanner, ScannedPage } from "./scan.js";
import { languagesFor, OcrError, runTesseract, type TesseractLimits, type TesseractProbe } from "./tesseract.js";
import { parseTsv } from "./tsv.js";

export interface OcrLimits {
  /** Resolution of the page images (default 300). */
  dpi: number;
  /**
   * Pixels of one page image at most (default 12 million: A4 at 300 dpi fits, A3 is read at 250 dpi);
   * its PNG also stays within the render processes' file-size cap.
   */
  maxPixels: number;
  /** Pages of one document recognised at most (the first ones without text). */
  maxPages: number;
  /** Stored text is cut at this many UTF-8 bytes, as the conversion cuts it (default 1 MiB). */
  maxTextBytes: number;
  tesseract: TesseractLimits;
}

export const defaultOcrLimits: OcrLimits = {
  dpi: 300,
  maxPixels: 12_000_000,
  maxPages: 500,
  maxTextBytes: 1 << 20,
  tesseract: { timeoutMs: 60_000, memoryMb: 1024, maxOutputBytes: 4 << 20 },
};

/** What one report tells the content service: the pages recognised since the last one, the text's new size. */
export interface Recognized {
  pages: number[];
  /** This job's previewable pages. */
  rendered: number;
  textBytes: number;
}

/** Where recognised pages are reported (the content service, reports.client.ts); throws ReportUndelivered. */
export interface RecognitionSink {
  onRecognized(job: ConversionJob, r: Recognized): Promise<void>;
}

export interface RecognizeDeps {
  storage: Storage;
  scanner: PageScanner;
  tesseract: Pick<TesseractProbe, "path" | "prlimit" | "languages">;
  limits: OcrLimits;
  log: BusLogger;
  workDir: string;
  report(job: ConversionJob, r: Recognized): Promise<void>;
}

/** Reports are sent after this many pages, or this long after the last one (and at the end). */
const BATCH_PAGES = 4;
const BATCH_MS = 5_000;

/** Pages without text that OCR has neither done nor given up on, up to `max`; none past a cut text. */
export function ocrCandidates(m: Manifest, texts: readonly string[], max: number): number[] {
  const seen = new Set([...(m.ocr?.pages ?? []), ...(m.ocr?.failed ?? []).map((f) => f.page)]);
  const out: number[] = [];
  for (let n = 1; n <= m.pages && out.length < max; n++) {
    // Past the text's byte budget every page reads as empty: nothing is known of those.
    if (m.textTruncated && (m.pageTextEnds[n - 1] ?? 0) >= m.textBytes) break;
    if (!seen.has(n) && (texts[n - 1] ?? "").trim() === "") out.push(n);
  }
  return out;
}

/** Width in pixels from a PNG's IHDR. */
const pngWidth = (png: Uint8Array) => Buffer.from(png.buffer, png.byteOffset, png.byteLength).readUInt32BE(16);

export async function recognizeFile(
  d: RecognizeDeps,
  job: ConversionJob,
  signal: AbortSignal,
  beat: () => void,
): Promise<{ recognized: number[]; failed: number[] }> {
  const { storage, log } = d;
  const hash = job.attachmentHash;
  const keys = outputKeys(hash);
  const ext = normalizeExtension(job.ext);
  const raw = await readText(storage, keys.manifest);
  const m = raw === undefined ? undefined : parseManifest(raw, hash);
  // Office documents are drawn from the PDF LibreOffice made, kept only when a page had no text.
  const route = conversionRouteOf(ext);
  if (!m || (route !== "mupdf" && route !== "office")) return { recognized: [], failed: [] };
  const source = route === "office" ? { key: keys.officePdf, ext: "pdf" } : { key: job.storageKey, ext };
  if (route === "office" && !(await storage.stat(source.key))) return { recognized: [], failed: [] };
  const text = await readText(storage, keys.text);
  if (text === undefined || Buffer.byteLength(text, "utf8") !== m.textBytes) {
    throw new ConversionError("internal", `the stored text of ${hash} does not match its manifest (being rewritten)`);
  }
  const texts = pageTextsOf(text, m.pageTextEnds);
  const ocr = { pages: [...(m.ocr?.pages ?? [])], failed: [...(m.ocr?.failed ?? [])] };
  const candidates = ocrCandidates(m, texts, d.limits.maxPages);
  const rendered = Math.min(m.rendered, limitOf(job)(m.pages));
  let manifest = m;
  let pending: number[] = [];
  let flushedAt = Date.now();

  /** The text and manifest with the pages recognised so far (text first: the manifest says it is complete). */
  async function store(): Promise<void> {
    const collector = new TextCollector(d.limits.maxTextBytes);
    for (const t of texts) collector.addPage(t);
    const body = Buffer.from(collector.text(), "utf8");
    manifest = {
      ...manifest,
      textBytes: body.length,
      textTruncated: m?.textTruncated || collector.truncated,
      pageTextEnds: collector.ends(manifest.pages),
      ocr: { pages: [...ocr.pages].sort((a, b) => a - b), failed: ocr.failed },
    };
    const mf = Buffer.from(JSON.stringify(manifest));
    await storage.put(keys.text, body, { contentType: "text/plain; charset=utf-8", size: body.length });
    await storage.put(keys.manifest, mf, { contentType: "application/json", size: mf.length });
  }
  async function flush(final: boolean): Promise<void> {
    if (!pending.length && !(final && ocr.pages.length)) return;
    await d.report(job, {
      pages: final && !pending.length ? ocr.pages : pending,
      rendered,
      textBytes: manifest.textBytes,
    });
    pending = [];
    flushedAt = Date.now();
  }

  const recognized: number[] = [];
  const failed: number[] = [];
  if (candidates.length) {
    const local = join(d.workDir, `wenku-ocr-${randomUUID()}.${source.ext}`);
    const image = join(d.workDir, `wenku-ocr-${randomUUID()}.png`);
    try {
      await fetchOriginal(storage, { storageKey: source.key }, local);
      await d.scanner.scanPages(
        { path: local, ext: source.ext },
        candidates,
        async (n, page) => {
          const giveUp = async (reason: string) => {
            log.warn({ hash, page: n, reason }, "ocr: page not recognised");
            ocr.failed.push({ page: n, reason: reason.slice(0, 200) });
            failed.push(n);
            await store();
          };
          if (!("png" in page)) return giveUp(`render ${page.kind}: ${page.message}`);
          let lines: ReturnType<typeof parseTsv>;
          try {
            lines = await recognizePage(d, page, image, languagesFor(job.language, d.tesseract.languages), signal);
          } catch (e) {
            if (!(e instanceof OcrError) || e.kind === "aborted") throw e;
            return giveUp(`tesseract ${e.kind}: ${e.message}`);
          } finally {
            beat();
          }
          checkAborted(signal);
          const layer = encodePageText({ w: page.width, h: page.height, lines: lines.lines, src: "ocr" });
          const json = Buffer.from(layer.json, "utf8");
          await storage.put(keys.pageText(n), json, { contentType: "application/json", size: json.length });
          texts[n - 1] = lines.text.trim() ? lines.text : "\n";
          ocr.pages.push(n);
          recognized.push(n);
          await store();
          if (lines.text.trim()) pending.push(n);
          if (pending.length >= BATCH_PAGES || Date.now() - flushedAt >= BATCH_MS) await flush(false);
        },
        { dpi: d.limits.dpi, maxPixels: d.limits.maxPixels, signal },
      );
    } catch (e) {
      if (e instanceof OcrError) throw new ConversionError("aborted", e.message, { cause: e });
      throw e;
    } finally {
      await Promise.all([rm(local, { force: true }), rm(image, { force: true })]);
    }
  }
  await flush(true);
  if (candidates.length) {
    log.info({ hash, recognized: recognized.length, failed: failed.length }, "ocr: pages recognised");
  }
  return { recognized, failed };
}

async function recognizePage(
  d: RecognizeDeps,
  page: ScannedPage,
  image: string,
  languages: readonly string[],
  signal: AbortSignal,
) {
  await writeFile(image, page.png);
  const tsv = await runTesseract(d.tesseract, image, {
    languages,
    dpi: page.dpi,
    limits: d.limits.tesseract,
    signal,
  });
  return parseTsv(tsv, pngWidth(page.png), page.width);
}

import { loadConfig, serviceConfigSchema, z } from "@wenku/kit";
import { storageConfigShape } from "@wenku/kit/storage";

/**
 * The converter reads originals from and writes pages to the same storage as the content service
 * (local disk or S3/MinIO), takes its jobs from the conversion work queue and reports to the
 * content service (ConversionReportAPI).
 */
export const converterConfigSchema = serviceConfigSchema("converter")
  .extend(storageConfigShape)
  .extend({
    /**
     * Documents this process converts at once, office documents included (CPU-bound; each holds a
     * MuPDF render thread). CONVERTER_OFFICE_CONCURRENCY of them take office documents (LibreOffice
     * first), the rest (at least 1) everything else, so a slow office document never holds up a PDF.
     * 0: this process converts nothing (a one-process site whose conversions run in converter
     * processes elsewhere on the same NATS server).
     */
    CONVERTER_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(2),
    /** Of those, office documents at once (LibreOffice processes); 0: this process takes no office documents. */
    CONVERTER_OFFICE_CONCURRENCY: z.coerce.number().int().min(0).max(32).default(1),
    /** A page's render (text, cover, SVG) may take this long before it is retried as a raster image, then failed. */
    CONVERTER_PAGE_TIMEOUT_SEC: z.coerce.number().min(0.1).max(600).default(10),
    /** Largest SVG of one page; a larger one is replaced by a raster image of the page. */
    CONVERTER_PAGE_MAX_MB: z.coerce.number().min(0.1).max(256).default(8),
    /** Resolution of raster pages (a page over its budgets as vectors). */
    CONVERTER_RASTER_DPI: z.coerce.number().int().min(36).max(300).default(120),
    /** WebAssembly memory of each MuPDF render thread; a page needing more is rasterised or fails. */
    CONVERTER_MEMORY_MB: z.coerce.number().int().min(64).max(2048).default(512),
    /** LibreOffice is killed after this long; the document fails for good (no retries). */
    CONVERTER_OFFICE_TIMEOUT_SEC: z.coerce.number().min(1).max(3600).default(120),
    /** Address-space limit of LibreOffice and its children (Linux, ulimit -v); 0: none. */
    CONVERTER_OFFICE_MEMORY_MB: z.coerce.number().int().min(0).max(65536).default(1536),
    /** LibreOffice's soffice: a name on PATH or a path (default "soffice", on macOS also the app bundle's). */
    CONVERTER_SOFFICE: z.string().min(1).optional(),
    /**
     * MuPDF as native `mutool` (Debian mupdf-tools; with prlimit and stdbuf) when it is installed
     * ("auto": its render takes about 40 % less CPU than WASM; same budgets), or always MuPDF WASM ("off").
     */
    CONVERTER_MUTOOL: z.enum(["auto", "off"]).default("auto"),
    /**
     * OCR of pages that are only an image (scans) with Tesseract when it is installed ("auto"), after
     * the conversion, as its own job; "off": never.
     */
    CONVERTER_OCR: z.enum(["auto", "off"]).default("auto"),
    /** Documents recognised at once by this process (0: none here). */
    CONVERTER_OCR_CONCURRENCY: z.coerce.number().int().min(0).max(16).default(1),
    /** Tesseract is killed after this long on one page; the page stays without text. */
    CONVERTER_OCR_PAGE_TIMEOUT_SEC: z.coerce.number().min(0.1).max(3600).default(60),
    /** Address-space limit of tesseract (prlimit --as). */
    CONVERTER_OCR_MEMORY_MB: z.coerce.number().int().min(128).max(65536).default(1024),
    /** Resolution of the page images tesseract reads (lowered for pages larger than about A3). */
    CONVERTER_OCR_DPI: z.coerce.number().int().min(72).max(600).default(300),
    /** Pages of one document recognised at most (the first pages without text). */
    CONVERTER_OCR_MAX_PAGES: z.coerce.number().int().min(1).max(100_000).default(500),
    /**
     * A private conversion queue (stream, subject and consumer named after it) for an installation
     * sharing its NATS server with another one, and for parallel test runs; unset: the default queue.
     * The content service must name the same one.
     */
    CONVERSION_QUEUE: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, "letters, digits, _ or -, at most 32")
      .optional(),
    /**
     * A job is handed to another converter this long after its converter last gave a sign of life
     * (an ack or an in-progress ack, sent while pages render): how soon a killed converter's document
     * is picked up again. Shorter than a page's render plus margin makes live jobs run twice.
     */
    CONVERSION_ACK_WAIT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  });
export type ConverterConfig = z.infer<typeof converterConfigSchema>;

export function loadConverterConfig(env: Record<string, string | undefined> = process.env): ConverterConfig {
  return loadConfig(converterConfigSchema, env);
}

import { loadConfig, serviceConfigSchema, z } from "@wenku/kit";
import { storageConfigShape } from "@wenku/kit/storage";

/** The content service keeps uploaded files and page images in storage (local disk or S3/MinIO). */
export const contentConfigSchema = serviceConfigSchema("content")
  .extend(storageConfigShape)
  .extend({
    /**
     * Documents this process converts at once, office documents included (CPU-bound; each holds a
     * MuPDF render thread). CONVERTER_OFFICE_CONCURRENCY of them take office documents (LibreOffice
     * first), the rest (at least 1) everything else, so a slow office document never holds up a PDF.
     * 0: this process converts nothing, for deployments that run dedicated converter replicas (NATS).
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
    /** How often the search indexer looks for changed documents (a DocumentsChanged event also wakes it). */
    SEARCH_POLL_SEC: z.coerce.number().min(0.1).max(600).default(2),
    /** The sitemap is rebuilt this long after the first change it lists (documents, articles, categories). */
    SITEMAP_DEBOUNCE_SEC: z.coerce.number().min(0.05).max(3600).default(15),
    /**
     * Elasticsearch holds the search index (https://user:password@host:9200, credentials optional);
     * unset: PostgreSQL full-text search in the service's own database.
     */
    ELASTICSEARCH_URL: z
      .string()
      .url()
      .refine((u) => /^https?:\/\//i.test(u), "http:// or https://")
      .optional(),
    /** An Elasticsearch API key (the encoded form), instead of credentials in the URL. */
    ELASTICSEARCH_API_KEY: z.string().min(1).optional(),
    /** Names the alias `<this>-documents`, its index template and its indexes (one per installation). */
    ELASTICSEARCH_INDEX: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "lowercase letters, digits, _ or -, at most 64, not starting with _ or -")
      .default("wenku"),
    /** An Elasticsearch request taking longer fails (the search answers 503, the indexer retries). */
    ELASTICSEARCH_TIMEOUT_SEC: z.coerce.number().min(1).max(600).default(30),
    /**
     * A private conversion queue (stream, subject and consumer named after it) for an installation
     * sharing its NATS server with another one, and for parallel test runs; unset: the default queue.
     */
    CONVERSION_QUEUE: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, "letters, digits, _ or -, at most 32")
      .optional(),
    /**
     * FOR TESTS ONLY: addresses or CIDR ranges ("127.0.0.1,::1") the guarded fetcher may reach although
     * they are private or loopback (a test's local server standing in for another site). Unset: only
     * public addresses, as every real installation must run.
     */
    TEST_FETCH_ALLOW: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      ),
  });
export type ContentConfig = z.infer<typeof contentConfigSchema>;

export function loadContentConfig(env: Record<string, string | undefined> = process.env): ContentConfig {
  return loadConfig(contentConfigSchema, env);
}

import { loadConfig, serviceConfigSchema, z } from "@wenku/kit";
import { fetchConfigShape } from "@wenku/kit/net";
import { storageConfigShape } from "@wenku/kit/storage";

/** The content service keeps uploaded files and page images in storage (local disk or S3/MinIO). */
export const contentConfigSchema = serviceConfigSchema("content")
  .extend(storageConfigShape)
  // FETCH_ALLOW_HOSTS: what the guarded fetcher of pasted article images may reach although private
  .extend(fetchConfigShape)
  .extend({
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
     * A private conversion queue (stream and subjects named after it) for an installation sharing its
     * NATS server with another one, and for parallel test runs; unset: the default queue. The
     * converters must name the same one.
     */
    CONVERSION_QUEUE: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, "letters, digits, _ or -, at most 32")
      .optional(),
  });
export type ContentConfig = z.infer<typeof contentConfigSchema>;

export function loadContentConfig(env: Record<string, string | undefined> = process.env): ContentConfig {
  return loadConfig(contentConfigSchema, env);
}

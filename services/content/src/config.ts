import { loadConfig, serviceConfigSchema, z } from "@wenku/kit";
import { storageConfigShape } from "@wenku/kit/storage/index.js";

/** The content service keeps uploaded files and page images in storage (local disk or S3/MinIO). */
export const contentConfigSchema = serviceConfigSchema("content")
  .extend(storageConfigShape)
  .extend({
    /**
     * Documents this process converts at once (MuPDF / LibreOffice, CPU-bound). 0: this process
     * converts nothing, for deployments that run dedicated converter replicas (with NATS).
     */
    CONVERTER_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(1),
    /**
     * A private conversion queue (stream, subject and consumer named after it) for an installation
     * sharing its NATS server with another one, and for parallel test runs; unset: the default queue.
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

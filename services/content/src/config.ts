import { loadConfig, serviceConfigSchema, type z } from "@wenku/kit";
import { storageConfigShape } from "@wenku/kit/storage/index.js";

/** The content service keeps uploaded files and page images in storage (local disk or S3/MinIO). */
export const contentConfigSchema = serviceConfigSchema("content").extend(storageConfigShape);
export type ContentConfig = z.infer<typeof contentConfigSchema>;

export function loadContentConfig(env: Record<string, string | undefined> = process.env): ContentConfig {
  return loadConfig(contentConfigSchema, env);
}

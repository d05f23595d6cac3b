import { z } from "zod";
import { createLocalStorage } from "./local.js";
import { createS3Storage } from "./s3.js";
import type { Storage } from "./types.js";

export { type ByteRange, type ObjectInfo, type Storage, StorageError } from "./types.js";

/** Env keys for storage; a service adds them to its schema: `baseConfigSchema.extend(storageConfigShape)`. */
export const storageConfigShape = {
  /** Local disk root when S3 is not configured (one-process mode). */
  STORAGE_DIR: z.string().min(1).default("data/storage"),
  /** e.g. http://minio:9000 ; set together with the three below to use S3 instead of local disk. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY: z.string().min(1).optional(),
  S3_SECRET_KEY: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
};

interface StorageConfig {
  STORAGE_DIR?: string;
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY?: string;
  S3_SECRET_KEY?: string;
  S3_BUCKET?: string;
  S3_REGION?: string;
}

/** S3 when any S3_* key is set (then all four of endpoint, keys and bucket are required), local disk otherwise. */
export async function createStorage(config: StorageConfig): Promise<Storage> {
  const { S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, S3_REGION } = config;
  const s3 = { S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET };
  if (Object.values(s3).some((v) => v) || S3_REGION) {
    const missing = Object.entries(s3)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    if (missing.length > 0) throw new Error(`Invalid configuration: S3 storage needs ${missing.join(", ")}`);
    return createS3Storage({
      endpoint: S3_ENDPOINT as string,
      accessKey: S3_ACCESS_KEY as string,
      secretKey: S3_SECRET_KEY as string,
      bucket: S3_BUCKET as string,
      region: S3_REGION,
    });
  }
  return createLocalStorage({ root: config.STORAGE_DIR ?? "data/storage" });
}

import { loadConfig, serviceConfigSchema, z } from "@wenku/kit";
import { allowHostsSetting } from "@wenku/kit/net";
import { storageConfigShape } from "@wenku/kit/storage";

const MB = 1024 * 1024;

/** The spider keeps downloaded files in this deployment's storage (local disk or S3/MinIO), under spider/. */
export const spiderConfigSchema = serviceConfigSchema("spider")
  .extend(storageConfigShape)
  .extend({
    /**
     * Hosts, addresses (host[:port], [v6]:port) and CIDR ranges the spider may crawl although they are
     * loopback, private or link-local (an intranet library, a test's local site). Unset: public sites only.
     */
    SPIDER_ALLOW_HOSTS: allowHostsSetting,
    /** An HTML page larger than this is skipped (its links unread). */
    SPIDER_PAGE_MAX_MB: z.coerce.number().min(0.1).max(64).default(5),
    /** A file larger than this fails its download ("download failed", the size named). */
    SPIDER_FILE_MAX_MB: z.coerce.number().min(1).max(4096).default(200),
    /** Pages one crawl fetches at most (the depth bounds it too). */
    SPIDER_MAX_PAGES: z.coerce.number().int().min(1).max(100_000).default(1_000),
    /** One request (headers and body) taking longer fails. */
    SPIDER_REQUEST_TIMEOUT_SEC: z.coerce.number().int().min(1).max(3600).default(120),
    /**
     * A private spider queue (stream and subjects named after it) for an installation sharing its NATS
     * server with another one, and for parallel test runs; unset: the default queue.
     */
    SPIDER_QUEUE: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, "letters, digits, _ or -, at most 32")
      .optional(),
  });
export type SpiderConfig = z.infer<typeof spiderConfigSchema>;

/** The caps in bytes. */
export const capsOf = (c: SpiderConfig) => ({
  pageMaxBytes: Math.round(c.SPIDER_PAGE_MAX_MB * MB),
  fileMaxBytes: Math.round(c.SPIDER_FILE_MAX_MB * MB),
});

export function loadSpiderConfig(env: Record<string, string | undefined> = process.env): SpiderConfig {
  return loadConfig(spiderConfigSchema, env);
}

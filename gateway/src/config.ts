import { baseConfigSchema, loadConfig, z } from "@wenku/kit";
import { proxyEntryProblem } from "./clientip.js";

const list = z
  .string()
  .default("")
  .transform((s) =>
    s
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean),
  );

/**
 * How slow and how many the public listener's connections may be (see listenDual). Defaults: an ordinary
 * request's body within 30 s of its headers; an upload at least 16 KiB per 15 s once 15 s have passed
 * (≈1 KiB/s: a 100 MB upload at 100 KiB/s is far above it); 128 connections per client address (an office
 * behind one NAT: ~20 browsers at 6 each); a trusted proxy (TRUSTED_PROXIES) is not capped.
 */
export const listenShape = {
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  UPLOAD_MIN_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(16 * 1024),
  UPLOAD_RATE_WINDOW_MS: z.coerce.number().int().min(100).default(15_000),
  UPLOAD_RATE_GRACE_MS: z.coerce.number().int().min(0).default(15_000),
  /** 0 = no cap. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(128),
};
export const listenConfigSchema = z.object(listenShape);
export type ListenConfig = z.infer<typeof listenConfigSchema>;

/**
 * Where the site's "download the source" link (GET /source) leads instead of this install's own
 * archive: a modified deployment's public repository (AGPL-3.0 §13). An http(s) URL; unset: the archive.
 */
export const sourceShape = {
  WENKU_SOURCE_URL: z
    .string()
    .trim()
    .max(2048)
    .url()
    .refine((u) => /^https?:\/\//i.test(u), "WENKU_SOURCE_URL must be an http(s) URL")
    .optional(),
};
export const sourceConfigSchema = z.object(sourceShape);

/** Settings of the public HTTP origin, shared by the gateway process and the one-process stack. */
export const gatewayShape = {
  ...listenShape,
  ...sourceShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  /** The built web app (web/dist); unset → only the API is served. */
  WEB_DIST: z.string().optional(),
  /** Comma-separated addresses/CIDRs whose X-Forwarded-For is believed (e.g. your reverse proxy). */
  TRUSTED_PROXIES: list.superRefine((entries, ctx) => {
    for (const entry of entries) {
      const problem = proxyEntryProblem(entry);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }
  }),
  /** Largest JSON request body accepted by the REST and Connect endpoints. */
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
};

export const gatewayConfigSchema = baseConfigSchema.extend(gatewayShape);
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return loadConfig(gatewayConfigSchema, env);
}

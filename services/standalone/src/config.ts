import { baseConfigSchema, loadConfig, z } from "@wenku/kit";

export const standaloneConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  /** Embedded PostgreSQL data, generated secrets and local-disk storage live here. */
  DATA_DIR: z.string().default("./data"),
  WEB_DIST: z.string().optional(),
  /** Comma-separated addresses/CIDRs whose X-Forwarded-For is believed (e.g. your reverse proxy). */
  TRUSTED_PROXIES: z
    .string()
    .default("")
    .transform((s) =>
      s
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  WENKU_ADMIN_PASSWORD: z.string().min(8).optional(),
});
export type StandaloneConfig = z.infer<typeof standaloneConfigSchema>;

export function loadStandaloneConfig(env: Record<string, string | undefined> = process.env): StandaloneConfig {
  return loadConfig(standaloneConfigSchema, env);
}

import { z } from "zod";

/**
 * Parses `env` with `schema` once at boot. On failure throws one error listing every problem,
 * so an operator fixes the whole configuration in one go. No other module reads process.env.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".") || "(root)"}: ${i.message}`);
  throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
}

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** Settings every service shares. A service extends this with its own keys. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_PRETTY: bool,
  /** postgres://… ; each service uses its own schema in this database. */
  DATABASE_URL: z.string().url().optional(),
  /** nats://… ; unset → in-process event bus (one-process mode only). */
  NATS_URL: z.string().optional(),
  /** Secret signing user tokens (HS256). At least 32 characters. */
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  /** Shared secret services present to each other (x-wenku-internal). At least 32 characters. */
  INTERNAL_TOKEN: z.string().min(32, "INTERNAL_TOKEN must be at least 32 characters").optional(),
  /** Where other services listen, e.g. USER_SERVICE_URL=http://user:9101 (cluster mode). */
  USER_SERVICE_URL: z.string().url().optional(),
  CONTENT_SERVICE_URL: z.string().url().optional(),
  ORDER_SERVICE_URL: z.string().url().optional(),
  CONFIG_SERVICE_URL: z.string().url().optional(),
  SPIDER_SERVICE_URL: z.string().url().optional(),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

export { bool as envBool, z };

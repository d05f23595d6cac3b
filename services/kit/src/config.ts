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

/** SITE_TIME_ZONE: the IANA time zone the site's days start in (check-in, daily caps). */
export const siteTimeZone = z
  .string()
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, "an IANA time zone, e.g. Asia/Shanghai")
  .default("Asia/Shanghai");

/** Settings every service shares. A service extends this with its own keys. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Human-readable log lines, per-RPC lines at debug (logger.ts). Unset: when stdout is a terminal;
   * the cluster runner sets it for its processes, whose output it reads through a pipe.
   */
  LOG_PRETTY: z
    .enum(["true", "false", "1", "0", "yes", "no", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1" || v === "yes")),
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
  CONVERTER_SERVICE_URL: z.string().url().optional(),
  /** The site's days (ConfigMap wenku-env, read by all): check-in, VIP and reward daily caps. */
  SITE_TIME_ZONE: siteTimeZone,
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

/** Where each deployable listens by default when it runs in its own process (gRPC, admin HTTP). */
export const DEFAULT_PORTS = {
  user: { grpc: 9101, admin: 9201 },
  content: { grpc: 9102, admin: 9202 },
  order: { grpc: 9103, admin: 9203 },
  config: { grpc: 9104, admin: 9204 },
  spider: { grpc: 9105, admin: 9205 },
  converter: { grpc: 9106, admin: 9206 },
} as const;

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** The keys every service process reads; a service extends this schema with its own. */
export function serviceConfigSchema(name: keyof typeof DEFAULT_PORTS) {
  return baseConfigSchema.extend({
    /** gRPC (h2c) and Connect (HTTP/1.1) on one port. */
    GRPC_PORT: port(DEFAULT_PORTS[name].grpc),
    /** /healthz and /metrics over HTTP/1.1. */
    ADMIN_PORT: port(DEFAULT_PORTS[name].admin),
    HOST: z.string().default("0.0.0.0"),
  });
}

export { bool as envBool, z };

/**
 * The settings a process of the cluster cannot run without (they are optional in the schemas
 * because the one-process mode generates or embeds them): throws one error listing all missing.
 */
export function requireClusterSettings(
  cfg: BaseConfig,
  keys: ReadonlyArray<"DATABASE_URL" | "INTERNAL_TOKEN">,
): { databaseUrl: string; internalToken: string; urls: Record<keyof typeof DEFAULT_PORTS, string> } {
  const missing: string[] = keys.filter((k) => !cfg[k]);
  const urls = {
    user: cfg.USER_SERVICE_URL,
    content: cfg.CONTENT_SERVICE_URL,
    order: cfg.ORDER_SERVICE_URL,
    config: cfg.CONFIG_SERVICE_URL,
    spider: cfg.SPIDER_SERVICE_URL,
    converter: cfg.CONVERTER_SERVICE_URL,
  };
  for (const [name, url] of Object.entries(urls)) if (!url) missing.push(`${name.toUpperCase()}_SERVICE_URL`);
  if (missing.length) {
    throw new Error(`Invalid configuration:\n${missing.map((k) => `  - ${k}: required in this mode`).join("\n")}`);
  }
  return {
    databaseUrl: cfg.DATABASE_URL ?? "",
    internalToken: cfg.INTERNAL_TOKEN ?? "",
    urls: urls as Record<keyof typeof DEFAULT_PORTS, string>,
  };
}

import { baseConfigSchema, loadConfig, z } from "@wenku/kit";

const list = z
  .string()
  .default("")
  .transform((s) =>
    s
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean),
  );

/** Settings of the public HTTP origin, shared by the gateway process and the one-process stack. */
export const gatewayShape = {
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  /** The built web app (web/dist); unset → only the API is served. */
  WEB_DIST: z.string().optional(),
  /** Comma-separated addresses/CIDRs whose X-Forwarded-For is believed (e.g. your reverse proxy). */
  TRUSTED_PROXIES: list,
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

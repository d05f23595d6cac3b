import { baseConfigSchema, loadConfig, z } from "@wenku/kit";

export const userConfigSchema = baseConfigSchema.extend({
  GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(9101),
  ADMIN_PORT: z.coerce.number().int().min(0).max(65535).default(9201),
  /** Lifetime of a login token. */
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  /** Initial admin password; generated and printed once when unset. */
  WENKU_ADMIN_PASSWORD: z.string().min(8).optional(),
});
export type UserConfig = z.infer<typeof userConfigSchema>;

export function loadUserConfig(env: Record<string, string | undefined> = process.env): UserConfig {
  return loadConfig(userConfigSchema, env);
}

import { gatewayShape } from "@wenku/gateway";
import { baseConfigSchema, loadConfig, z } from "@wenku/kit";

export const standaloneConfigSchema = baseConfigSchema.extend({
  ...gatewayShape,
  /** Embedded PostgreSQL data, generated secrets and local-disk storage live here. */
  DATA_DIR: z.string().default("./data"),
  WENKU_ADMIN_PASSWORD: z.string().min(8).optional(),
});
export type StandaloneConfig = z.infer<typeof standaloneConfigSchema>;

export function loadStandaloneConfig(env: Record<string, string | undefined> = process.env): StandaloneConfig {
  return loadConfig(standaloneConfigSchema, env);
}

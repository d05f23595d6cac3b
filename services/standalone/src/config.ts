import { gatewayShape } from "@wenku/gateway";
import { baseConfigSchema, loadConfig, z } from "@wenku/kit";

/**
 * The one process's own keys; the services inside it read theirs from the same environment (e.g. the
 * content service's FETCH_ALLOW_HOSTS, storage and search keys), each checked at start the same way.
 */
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

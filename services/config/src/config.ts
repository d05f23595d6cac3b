import { loadConfig, serviceConfigSchema, type z } from "@wenku/kit";

export const configConfigSchema = serviceConfigSchema("config");
export type ConfigConfig = z.infer<typeof configConfigSchema>;

export function loadConfigConfig(env: Record<string, string | undefined> = process.env): ConfigConfig {
  return loadConfig(configConfigSchema, env);
}

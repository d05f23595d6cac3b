import { loadConfig, serviceConfigSchema, type z } from "@wenku/kit";

export const spiderConfigSchema = serviceConfigSchema("spider");
export type SpiderConfig = z.infer<typeof spiderConfigSchema>;

export function loadSpiderConfig(env: Record<string, string | undefined> = process.env): SpiderConfig {
  return loadConfig(spiderConfigSchema, env);
}

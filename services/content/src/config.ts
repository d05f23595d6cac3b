import { loadConfig, serviceConfigSchema, type z } from "@wenku/kit";

export const contentConfigSchema = serviceConfigSchema("content");
export type ContentConfig = z.infer<typeof contentConfigSchema>;

export function loadContentConfig(env: Record<string, string | undefined> = process.env): ContentConfig {
  return loadConfig(contentConfigSchema, env);
}

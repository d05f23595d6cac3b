import { loadConfig, serviceConfigSchema, type z } from "@wenku/kit";

export const orderConfigSchema = serviceConfigSchema("order");
export type OrderConfig = z.infer<typeof orderConfigSchema>;

export function loadOrderConfig(env: Record<string, string | undefined> = process.env): OrderConfig {
  return loadConfig(orderConfigSchema, env);
}

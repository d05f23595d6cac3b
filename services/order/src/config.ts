import { loadConfig, serviceConfigSchema, type z } from "@wenku/kit";

/** The order service's settings: the shared ones (SITE_TIME_ZONE: a VIP card's daily download cap). */
export const orderConfigSchema = serviceConfigSchema("order");
export type OrderConfig = z.infer<typeof orderConfigSchema>;

export function loadOrderConfig(env: Record<string, string | undefined> = process.env): OrderConfig {
  return loadConfig(orderConfigSchema, env);
}

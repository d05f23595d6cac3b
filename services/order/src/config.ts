import { loadConfig, serviceConfigSchema, siteTimeZone, type z } from "@wenku/kit";

export const orderConfigSchema = serviceConfigSchema("order").extend({
  /** The IANA time zone the site's days start in (a VIP card's daily download cap). */
  SITE_TIME_ZONE: siteTimeZone,
});
export type OrderConfig = z.infer<typeof orderConfigSchema>;

export function loadOrderConfig(env: Record<string, string | undefined> = process.env): OrderConfig {
  return loadConfig(orderConfigSchema, env);
}

import { loadConfig, serviceConfigSchema, siteTimeZone, z } from "@wenku/kit";
import { fetchConfigShape } from "@wenku/kit/net";

export const userConfigSchema = serviceConfigSchema("user")
  // FETCH_ALLOW_HOSTS: what the SMS senders, WeChat's API client and login providers may reach although
  // not public (tests' peers)
  .extend(fetchConfigShape)
  .extend({
    /** Secret signing user tokens (HS256). Only the user service holds it. */
    JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters"),
    /** Lifetime of a login token. */
    TOKEN_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24 * 7),
    /** Initial admin password; generated and printed once when unset. */
    WENKU_ADMIN_PASSWORD: z.string().min(8).optional(),
    /** The IANA time zone the site's days start in (the daily check-in: once per user per day). */
    SITE_TIME_ZONE: siteTimeZone,
    /** GitHub login's addresses: github.com, or a GitHub Enterprise Server's (https://HOST, https://HOST/api/v3). */
    OAUTH_GITHUB_URL: z.string().url().default("https://github.com"),
    OAUTH_GITHUB_API_URL: z.string().url().default("https://api.github.com"),
    /** The other providers' addresses (their public services unless a test points them at stand-ins). */
    OAUTH_GITEE_URL: z.string().url().default("https://gitee.com"),
    OAUTH_QQ_URL: z.string().url().default("https://graph.qq.com"),
    OAUTH_WECHAT_URL: z.string().url().default("https://open.weixin.qq.com"),
    OAUTH_WECHAT_API_URL: z.string().url().default("https://api.weixin.qq.com"),
    OAUTH_GOOGLE_ISSUER: z.string().url().default("https://accounts.google.com"),
  });
export type UserConfig = z.infer<typeof userConfigSchema>;

export function loadUserConfig(env: Record<string, string | undefined> = process.env): UserConfig {
  return loadConfig(userConfigSchema, env);
}

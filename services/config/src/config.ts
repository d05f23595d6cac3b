import { loadConfig, serviceConfigSchema, z } from "@wenku/kit";

/** The build details are set by the image build (deploy/Dockerfile); staff see them in the statistics. */
export const configConfigSchema = serviceConfigSchema("config").extend({
  WENKU_BUILD_HASH: z
    .string()
    .regex(/^[0-9a-f]{7,40}$/, "a git commit hash")
    .optional(),
  WENKU_BUILD_AT: z.coerce.date().optional(),
});
export type ConfigConfig = z.infer<typeof configConfigSchema>;

export function loadConfigConfig(env: Record<string, string | undefined> = process.env): ConfigConfig {
  return loadConfig(configConfigSchema, env);
}

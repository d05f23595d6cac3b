// The deployables the manifests must run (one Deployment each), what each must be given, and the
// zod config schema of each process, read from its source: shared by the manifest tests.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./manifests.js";

export interface ParseResult {
  success: boolean;
  data?: unknown;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}
export interface EnvSchema {
  shape: Record<string, { safeParse(v: unknown): ParseResult }>;
  safeParse(v: unknown): ParseResult;
}

export type Name = "user" | "content" | "order" | "config" | "spider" | "converter" | "gateway";
export interface Deployable {
  name: Name;
  schemaFile: string;
  exportName: string;
  /** The source of its entry point; the container runs dist/<name>.js, compiled from it (scripts/build.mjs). */
  main: string;
  /** Port env var → the containerPort name it must equal. */
  ports: Record<string, string>;
  /** Probes and Prometheus scrape this container port name. */
  healthPort: string;
  /** Keys the process needs in cluster mode even where its schema marks them optional. */
  needs: string[];
  /** Exactly the keys it reads from wenku-secrets: no secret goes where it is not used. */
  secrets: string[];
  /**
   * What it reaches beyond Wenku, its database, bus and storage (deploy/base/network-policies.yaml):
   * `internet` http(s) to public addresses, `mail` SMTP anywhere.
   */
  calls: Array<"internet" | "mail">;
}

export const SERVICE_URLS = [
  "USER_SERVICE_URL",
  "CONTENT_SERVICE_URL",
  "ORDER_SERVICE_URL",
  "CONFIG_SERVICE_URL",
  "SPIDER_SERVICE_URL",
  "CONVERTER_SERVICE_URL",
];
const SERVICE_BASE = ["DATABASE_URL", "NATS_URL", "INTERNAL_TOKEN"];
const S3 = ["S3_ENDPOINT", "S3_ACCESS_KEY", "S3_SECRET_KEY"];
/** Keys of wenku-secrets the optional components read (deploy/components/*). */
export const COMPONENT_SECRETS = ["ELASTICSEARCH_URL", "ELASTICSEARCH_API_KEY"];

function service(
  name: Exclude<Name, "gateway">,
  extraNeeds: string[],
  extraSecrets: string[],
  calls: Deployable["calls"] = [],
): Deployable {
  return {
    name,
    schemaFile: `services/${name}/src/config.ts`,
    exportName: `${name}ConfigSchema`,
    main: `services/${name}/src/main.ts`,
    ports: { GRPC_PORT: "grpc", ADMIN_PORT: "admin" },
    healthPort: "admin",
    // kit/run.ts requires DATABASE_URL, INTERNAL_TOKEN and every *_SERVICE_URL; without NATS_URL
    // replicas would not hear each other's logout broadcasts.
    needs: [...SERVICE_BASE, ...SERVICE_URLS, ...extraNeeds],
    secrets: [...SERVICE_BASE, ...extraSecrets],
    calls,
  };
}

export const deployables: Deployable[] = [
  // OAuth and WeChat sign-in, SMS vendors (user/src/oauth, wechat, sms); its mailer (user/src/mail).
  service("user", ["JWT_SECRET"], ["JWT_SECRET", "WENKU_ADMIN_PASSWORD"], ["internet", "mail"]),
  // Local disk would be neither shared between replicas nor writable (read-only root): S3 only.
  // Pasted and article images through the guarded fetcher (content/src/files/remote.images.ts).
  service("content", [...S3, "S3_BUCKET"], S3, ["internet"]),
  // Alipay and WeChat Pay (order/src/payments).
  service("order", [], [], ["internet"]),
  // The SMTP settings check (config/src/settings/mail.check.ts).
  service("config", [], [], ["mail"]),
  // The crawler; its downloads wait in S3 until published (read-only root, replicas share them).
  service("spider", [...S3, "S3_BUCKET"], S3, ["internet"]),
  {
    // No tables of its own (kit/run.ts asks no DATABASE_URL then): reads originals from and writes
    // pages to the S3 storage the content service shares, reports to it over gRPC.
    ...service("converter", [...S3, "S3_BUCKET"], S3),
    needs: ["NATS_URL", "INTERNAL_TOKEN", ...SERVICE_URLS, ...S3, "S3_BUCKET"],
    secrets: ["NATS_URL", "INTERNAL_TOKEN", ...S3],
  },
  {
    name: "gateway",
    schemaFile: "gateway/src/config.ts",
    exportName: "gatewayConfigSchema",
    main: "gateway/src/main.ts",
    ports: { PORT: "http" },
    healthPort: "http",
    // NATS_URL: settings saved through another replica apply at once (the config change broadcast).
    needs: ["INTERNAL_TOKEN", "NATS_URL", "WEB_DIST", ...SERVICE_URLS],
    secrets: ["INTERNAL_TOKEN", "NATS_URL"],
    calls: [],
  },
];
export const urlTarget: Record<string, Name> = {
  USER_SERVICE_URL: "user",
  CONTENT_SERVICE_URL: "content",
  ORDER_SERVICE_URL: "order",
  CONFIG_SERVICE_URL: "config",
  SPIDER_SERVICE_URL: "spider",
  CONVERTER_SERVICE_URL: "converter",
};

const schemas = new Map<Name, Promise<EnvSchema>>();
export function schemaOf(d: Deployable): Promise<EnvSchema> {
  let s = schemas.get(d.name);
  if (!s) {
    s = (async () => {
      const file = join(repoRoot, d.schemaFile);
      if (!existsSync(file)) throw new Error(`${d.schemaFile} does not exist: no config schema for ${d.name}`);
      const mod = (await import(file)) as Record<string, unknown>;
      const schema = mod[d.exportName];
      if (typeof schema !== "object" || schema === null || !("shape" in schema)) {
        throw new Error(`${d.schemaFile} does not export ${d.exportName} (a zod object schema)`);
      }
      return schema as EnvSchema;
    })();
    schemas.set(d.name, s);
  }
  return s;
}

/** A schema key is required when it has neither a default nor `.optional()`. */
export function requiredKeys(schema: EnvSchema): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([k]) => k);
}

export function issues(r: ParseResult): string {
  return (r.error?.issues ?? []).map((i) => `${i.path.join(".") || "(value)"}: ${i.message}`).join("; ");
}

// Runs one deployable service in its own process (cluster mode and Kubernetes): the per-service
// main.ts files are one line calling runService.
import { AUTHZ_CHANGED_SUBJECT, CachingAuthorizer, remoteAuthorizer } from "./authorizer.js";
import { createBus } from "./bus/index.js";
import { type BaseConfig, loadConfig, type serviceConfigSchema, type z } from "./config.js";
import { createLogger } from "./logger.js";
import { runMigrations } from "./migrate.js";
import type { ServiceModule } from "./module.js";
import { serveService } from "./server.js";
import { createSettingsReader, siteGateFrom } from "./settings.js";
import { grpcTransports } from "./transports.js";

/** Any schema extending serviceConfigSchema(name): its output has at least those keys. */
type ServiceSchema = z.ZodType<z.infer<ReturnType<typeof serviceConfigSchema>>>;

/** What the process needs beyond the base keys before it may start. */
function required(cfg: BaseConfig): { databaseUrl: string; internalToken: string; urls: Record<string, string> } {
  const missing: string[] = [];
  if (!cfg.DATABASE_URL) missing.push("DATABASE_URL");
  if (!cfg.INTERNAL_TOKEN) missing.push("INTERNAL_TOKEN");
  const urls = {
    user: cfg.USER_SERVICE_URL,
    content: cfg.CONTENT_SERVICE_URL,
    order: cfg.ORDER_SERVICE_URL,
    config: cfg.CONFIG_SERVICE_URL,
    spider: cfg.SPIDER_SERVICE_URL,
  };
  for (const [name, url] of Object.entries(urls)) if (!url) missing.push(`${name.toUpperCase()}_SERVICE_URL`);
  if (missing.length) {
    throw new Error(`Invalid configuration:\n${missing.map((k) => `  - ${k}: required in this mode`).join("\n")}`);
  }
  return {
    databaseUrl: cfg.DATABASE_URL as string,
    internalToken: cfg.INTERNAL_TOKEN as string,
    urls: urls as Record<string, string>,
  };
}

export async function runService(
  module: ServiceModule,
  schema: ServiceSchema,
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  const cfg = loadConfig(schema, env);
  const { databaseUrl, internalToken, urls } = required(cfg);
  const log = createLogger({ service: module.name, level: cfg.LOG_LEVEL, pretty: cfg.LOG_PRETTY });
  const bus = await createBus({ natsUrl: cfg.NATS_URL, log, name: `wenku-${module.name}` });
  if (!cfg.NATS_URL) {
    log.warn({}, "NATS_URL unset: broadcasts stay in this process, so cached authorizations are not shared");
  }
  for (const m of module.migrations) {
    await runMigrations({ connectionString: databaseUrl, schema: m.schema, dir: m.dir, log });
  }
  const transports = grpcTransports(urls as Parameters<typeof grpcTransports>[0]);
  // Without a shared bus nobody would tell this process about a logout: don't cache then.
  const authorizer = new CachingAuthorizer(remoteAuthorizer(transports.user, internalToken), cfg.NATS_URL ? 10_000 : 0);
  const unsubscribe = await bus.onBroadcast(AUTHZ_CHANGED_SUBJECT, () => authorizer.invalidate());
  // Without a shared bus a settings change reaches this process only when its copy expires.
  const settings = await createSettingsReader({
    transport: transports.config,
    internalToken,
    bus,
    log: log.child({ module: "settings" }),
    ttlMs: cfg.NATS_URL ? 30_000 : 5_000,
  });
  const siteGate = siteGateFrom(settings);
  const started = await module.start({
    databaseUrl,
    bus,
    log,
    internalToken,
    transports,
    authorizer,
    settings,
    siteGate,
    env,
  });
  const running = await serveService(started.definition, {
    grpcPort: cfg.GRPC_PORT,
    adminPort: cfg.ADMIN_PORT,
    host: cfg.HOST,
    log,
  });
  if (started.announce?.length) process.stdout.write(`\n${started.announce.join("\n")}\n\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    await running.close(10_000).catch((err) => log.error({ err }, "server close failed"));
    unsubscribe();
    settings.close();
    await started.close().catch((err) => log.error({ err }, "service close failed"));
    await bus.close().catch(() => {});
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

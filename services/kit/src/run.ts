// Runs one deployable service in its own process (cluster mode and Kubernetes): the per-service
// main.ts files are one line calling runService.
import { AUTHZ_CHANGED_SUBJECT, CachingAuthorizer, remoteAuthorizer } from "./authorizer.js";
import { createBus } from "./bus/index.js";
import { loadConfig, requireClusterSettings, type serviceConfigSchema, type z } from "./config.js";
import { createLogger } from "./logger.js";
import { runMigrations } from "./migrate.js";
import { accountLines, type ServiceModule } from "./module.js";
import { serveService } from "./server.js";
import { createSettingsReader, siteGateFrom } from "./settings.js";
import { grpcTransports } from "./transports.js";

/** Any schema extending serviceConfigSchema(name): its output has at least those keys. */
type ServiceSchema = z.ZodType<z.infer<ReturnType<typeof serviceConfigSchema>>>;

export async function runService(
  module: ServiceModule,
  schema: ServiceSchema,
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  const cfg = loadConfig(schema, env);
  const { databaseUrl, internalToken, urls } = requireClusterSettings(cfg, ["DATABASE_URL", "INTERNAL_TOKEN"]);
  const log = createLogger({ service: module.name, level: cfg.LOG_LEVEL, pretty: cfg.LOG_PRETTY });
  const bus = await createBus({ natsUrl: cfg.NATS_URL, log, name: `wenku-${module.name}` });
  if (!cfg.NATS_URL) {
    log.warn({}, "NATS_URL unset: broadcasts stay in this process, so cached authorizations are not shared");
  }
  for (const m of module.migrations) {
    await runMigrations({ connectionString: databaseUrl, schema: m.schema, dir: m.dir, log });
  }
  const transports = grpcTransports(urls);
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
  if (started.account) {
    // Launched by the cluster runner (an IPC channel): it shows the account in its ready banner.
    if (process.send) process.send({ wenku: "account", account: started.account });
    else process.stdout.write(`\n${accountLines(started.account).join("\n")}\n\n`);
  }

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

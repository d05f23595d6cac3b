// Runs one deployable service in its own process (cluster mode and Kubernetes): the per-service
// main.ts files are one line calling runService. runServices composes several in one process, on one
// bus and one port (the cluster without NATS runs the converter inside the content process: with a
// bus per process, only there does it hear the content service's jobs).
import { AUTHZ_CHANGED_SUBJECT, CachingAuthorizer, remoteAuthorizer } from "./authorizer.js";
import { createBus } from "./bus/index.js";
import { loadConfig, requireClusterSettings, type serviceConfigSchema, type z } from "./config.js";
import { createLogger } from "./logger.js";
import { migrateSchemas } from "./migrate.js";
import { accountLines, type ServiceModule, type StartedService } from "./module.js";
import { type ServiceDefinition, serveService } from "./server.js";
import { createSettingsReader, siteGateFrom } from "./settings.js";
import { grpcTransports } from "./transports.js";

/** Any schema extending serviceConfigSchema(name): its output has at least those keys. */
type ServiceSchema = z.ZodType<z.infer<ReturnType<typeof serviceConfigSchema>>>;

export function runService(
  module: ServiceModule,
  schema: ServiceSchema,
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  return runServices([module], schema, env);
}

/**
 * The modules started in order in one process and served together on the first one's ports
 * (`schema`: its settings), closed in reverse order.
 */
export async function runServices(
  modules: readonly ServiceModule[],
  schema: ServiceSchema,
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  const cfg = loadConfig(schema, env);
  // Services without tables of their own (the converter) run without a database.
  const needs = modules.some((m) => m.migrations.length)
    ? (["DATABASE_URL", "INTERNAL_TOKEN"] as const)
    : (["INTERNAL_TOKEN"] as const);
  const { databaseUrl, internalToken, urls } = requireClusterSettings(cfg, needs);
  const name = modules.map((m) => m.name).join("+");
  const log = createLogger({ service: name, level: cfg.LOG_LEVEL, pretty: cfg.LOG_PRETTY });
  const bus = await createBus({ natsUrl: cfg.NATS_URL, log, name: `wenku-${name}` });
  if (!cfg.NATS_URL) {
    log.warn({}, "NATS_URL unset: broadcasts stay in this process, so cached authorizations are not shared");
  }
  await migrateSchemas(
    databaseUrl,
    modules.flatMap((mod) => mod.migrations),
    log,
  );
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
  const all: StartedService[] = [];
  for (const module of modules) {
    const ctx = { databaseUrl, bus, log, internalToken, transports, authorizer, settings, siteGate, env };
    const own =
      modules.length > 1 ? createLogger({ service: module.name, level: cfg.LOG_LEVEL, pretty: cfg.LOG_PRETTY }) : log;
    all.push(await module.start({ ...ctx, log: own }));
  }
  const started = composed(all);
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

/**
 * Started services as one: every route behind the first one's interceptors (the chain is the same
 * kit chain; the access policy comes from each method's descriptor), health and metrics of the first.
 */
function composed(all: StartedService[]): StartedService {
  const [first, ...rest] = all as [StartedService, ...StartedService[]];
  if (!rest.length) return first;
  const definition: ServiceDefinition = {
    ...first.definition,
    name: all.map((s) => s.definition.name).join("+"),
    routes: (router) => {
      for (const s of all) s.definition.routes(router);
    },
  };
  return {
    definition,
    announce: all.flatMap((s) => s.announce ?? []),
    account: all.find((s) => s.account)?.account,
    async close() {
      for (const s of [...all].reverse()) await s.close();
    },
  };
}

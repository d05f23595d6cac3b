import type { Transport } from "@connectrpc/connect";
import * as config from "@wenku/config";
import * as content from "@wenku/content";
import * as converter from "@wenku/converter";
import { createGateway, gatewayListenOptions, listenConfigSchema, sourceConfigSchema } from "@wenku/gateway";
import {
  AUTHZ_CHANGED_SUBJECT,
  CachingAuthorizer,
  type CreatedAccount,
  createChangeSignal,
  createSettingsReader,
  type Deployable,
  DOCUMENTS_CHANGED_SUBJECT,
  grpcTransports,
  inProcessTransport,
  type Listening,
  type Logger,
  lateTransports,
  listenDual,
  loadConfig,
  migrateSchemas,
  type RunningService,
  remoteAuthorizer,
  type ServiceDefinition,
  type ServiceModule,
  type StartedService,
  serveService,
  siteGateFrom,
} from "@wenku/kit";
import type { EventBus } from "@wenku/kit/bus";
import * as order from "@wenku/order";
import * as spider from "@wenku/spider";
import * as user from "@wenku/user";

/**
 * Every deployable, in start order: the user service first (it seeds what the others ask it), the
 * converter last, so it stops first: its jobs in flight go back to the queue before the content
 * service it reports to closes. CONVERTER_CONCURRENCY=0 keeps it from converting in this process.
 */
export const modules: readonly ServiceModule[] = [
  user.service,
  content.service,
  order.service,
  config.service,
  spider.service,
  converter.service,
];

export interface StackOptions {
  databaseUrl: string;
  bus: EventBus;
  log: Logger;
  jwtSecret: string;
  internalToken: string;
  port: number;
  host?: string;
  webDist?: string;
  adminPassword?: string;
  trustedProxies?: string[];
  maxBodyBytes?: number;
  tokenTtlHours?: number;
  /**
   * How the gateway and the services reach each other: in memory (the one-process default), or
   * real gRPC over loopback ports — the cluster topology inside one process, for tests.
   */
  transport?: "memory" | "grpc";
  /** Further service settings (each service parses its own keys); the options above win. */
  env?: Record<string, string | undefined>;
  /** The services' clock (see ServiceContext.clock); tests move it instead of sleeping. */
  clock?: () => Date;
}

export interface Stack {
  url: string;
  port: number;
  /** Lines the services asked to print once (what the converter found on this machine). */
  announce: string[];
  /** The admin account created on this start (a first start), for the ready banner. */
  account?: CreatedAccount;
  definitions: Record<Deployable, ServiceDefinition>;
  transports: Record<Deployable, Transport>;
  close(): Promise<void>;
}

/**
 * The whole site in one process: each service's migrations and start-up (the same ServiceModule
 * its own process runs), every service behind an in-memory transport with the same interceptors
 * as over the network, and the gateway on `port`.
 */
export async function startStack(opts: StackOptions): Promise<Stack> {
  const log = opts.log;
  const env: Record<string, string | undefined> = {
    ...opts.env,
    JWT_SECRET: opts.jwtSecret,
    INTERNAL_TOKEN: opts.internalToken,
    WENKU_ADMIN_PASSWORD: opts.adminPassword,
    TOKEN_TTL_HOURS: opts.tokenTtlHours === undefined ? opts.env?.TOKEN_TTL_HOURS : String(opts.tokenTtlHours),
  };
  await migrateSchemas(
    opts.databaseUrl,
    modules.flatMap((m) => m.migrations),
    log,
  );
  const late = lateTransports();
  const authorizer = new CachingAuthorizer(remoteAuthorizer(late.transports.user, opts.internalToken));
  const unsubscribeAuthz = await opts.bus.onBroadcast(AUTHZ_CHANGED_SUBJECT, () => authorizer.invalidate());
  // One settings cache for the whole process, dropped at once by the config service's broadcast.
  const settings = await createSettingsReader({
    transport: late.transports.config,
    internalToken: opts.internalToken,
    bus: opts.bus,
    log: log.child({ module: "settings" }),
  });
  const siteGate = siteGateFrom(settings);
  // The content service's "documents changed" broadcast, heard by the gateway's copy of public pages.
  const documentsChanged = await createChangeSignal(opts.bus, DOCUMENTS_CHANGED_SUBJECT, log);
  const unsubscribe = () => {
    unsubscribeAuthz();
    settings.close();
    documentsChanged.close();
  };

  const started: Array<[Deployable, StartedService]> = [];
  const closeServices = async () => {
    for (const [, s] of started.reverse()) await s.close().catch((err) => log.error({ err }, "service close failed"));
  };
  try {
    for (const m of modules) {
      const s = await m.start({
        databaseUrl: opts.databaseUrl,
        bus: opts.bus,
        log: log.child({ service: m.name }),
        internalToken: opts.internalToken,
        transports: late.transports,
        authorizer,
        settings,
        siteGate,
        env,
        clock: opts.clock,
      });
      started.push([m.name, s]);
    }
  } catch (err) {
    unsubscribe();
    await closeServices();
    throw err;
  }
  const definitions = Object.fromEntries(started.map(([n, s]) => [n, s.definition])) as Record<
    Deployable,
    ServiceDefinition
  >;
  const servers: RunningService[] = [];
  let transports: Record<Deployable, Transport>;
  if (opts.transport === "grpc") {
    const urls: Partial<Record<Deployable, string>> = {};
    for (const [name, s] of started) {
      const server = await serveService(s.definition, { grpcPort: 0, adminPort: 0, host: "127.0.0.1", log });
      servers.push(server);
      urls[name] = `http://127.0.0.1:${server.grpcPort}`;
    }
    transports = grpcTransports(urls as Record<Deployable, string>);
  } else {
    transports = Object.fromEntries(started.map(([n, s]) => [n, inProcessTransport(s.definition)])) as Record<
      Deployable,
      Transport
    >;
  }
  late.bind(transports);

  const gateway = createGateway({
    transports,
    log: log.child({ service: "gateway" }),
    internalToken: opts.internalToken,
    trustedProxies: opts.trustedProxies ?? [],
    maxBodyBytes: opts.maxBodyBytes ?? 1024 * 1024,
    webDist: opts.webDist,
    sourceUrl: loadConfig(sourceConfigSchema, env).WENKU_SOURCE_URL,
    onConfigChanged: (listener) => settings.onChange(listener),
    onDocumentsChanged: (listener) => documentsChanged.onChange(listener),
  });
  // The public listener's limits come from the same settings as the gateway process's (env, defaults).
  const limits = gatewayListenOptions(loadConfig(listenConfigSchema, env), opts.trustedProxies ?? []);
  const listening: Listening = await listenDual(gateway.handler, {
    ...limits,
    port: opts.port,
    host: opts.host ?? "0.0.0.0",
  });
  return {
    url: `http://localhost:${listening.port}`,
    port: listening.port,
    announce: started.flatMap(([, s]) => s.announce ?? []),
    account: started.find(([, s]) => s.account)?.[1].account,
    definitions,
    transports,
    async close() {
      await listening.close(5_000);
      for (const server of servers) await server.close(2_000);
      unsubscribe();
      await closeServices();
    },
  };
}

import type { Transport } from "@connectrpc/connect";
import * as config from "@wenku/config";
import * as content from "@wenku/content";
import { createGateway } from "@wenku/gateway";
import {
  AUTHZ_CHANGED_SUBJECT,
  allApiServices,
  type Broadcaster,
  CachingAuthorizer,
  inProcessTransport,
  type Listening,
  type Logger,
  listenDual,
  permissionSpecs,
  remoteAuthorizer,
  runMigrations,
  type ServiceDefinition,
} from "@wenku/kit";
import * as order from "@wenku/order";
import * as spider from "@wenku/spider";
import * as user from "@wenku/user";

export interface StackOptions {
  databaseUrl: string;
  bus: Broadcaster;
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
}

export interface Stack {
  url: string;
  port: number;
  /** Set on the very first start only: the generated admin account. */
  admin: { username: string; password: string } | null;
  definitions: Record<string, ServiceDefinition>;
  transports: Record<"user" | "content" | "order" | "config" | "spider", Transport>;
  close(): Promise<void>;
}

/**
 * The whole site in one process: migrations, permission sync and seed, every service behind an
 * in-memory transport (same interceptors as over the network), and the gateway on `port`.
 */
export async function startStack(opts: StackOptions): Promise<Stack> {
  const log = opts.log;
  await runMigrations({ connectionString: opts.databaseUrl, schema: user.USER_SCHEMA, dir: user.migrationsDir, log });
  const userDb = user.createDb(opts.databaseUrl);
  const sync = await user.syncPermissions(userDb, permissionSpecs(allApiServices()));
  if (sync.added || sync.removed) log.info(sync, "permissions synced from the contract");
  const admin = await user.seedAccounts(userDb, { adminPassword: opts.adminPassword });

  const userDef = await user.buildServer({
    db: userDb,
    bus: opts.bus,
    log: log.child({ service: "user" }),
    jwtSecret: opts.jwtSecret,
    internalToken: opts.internalToken,
    tokenTtlHours: opts.tokenTtlHours ?? 24 * 7,
  });
  const userTransport = inProcessTransport(userDef);
  const authorizer = new CachingAuthorizer(remoteAuthorizer(userTransport, opts.internalToken));
  const unsubscribe = await opts.bus.onBroadcast(AUTHZ_CHANGED_SUBJECT, () => authorizer.invalidate());
  const common = (name: string) => ({
    authorizer,
    internalToken: opts.internalToken,
    log: log.child({ service: name }),
  });
  const definitions = {
    user: userDef,
    content: content.buildServer(common("content")),
    order: order.buildServer(common("order")),
    config: config.buildServer(common("config")),
    spider: spider.buildServer(common("spider")),
  };
  const transports = {
    user: userTransport,
    content: inProcessTransport(definitions.content),
    order: inProcessTransport(definitions.order),
    config: inProcessTransport(definitions.config),
    spider: inProcessTransport(definitions.spider),
  };
  const gateway = createGateway({
    transports,
    log: log.child({ service: "gateway" }),
    internalToken: opts.internalToken,
    trustedProxies: opts.trustedProxies ?? [],
    maxBodyBytes: opts.maxBodyBytes ?? 1024 * 1024,
    webDist: opts.webDist,
  });
  const listening: Listening = await listenDual(gateway.handler, { port: opts.port, host: opts.host ?? "0.0.0.0" });
  return {
    url: `http://localhost:${listening.port}`,
    port: listening.port,
    admin,
    definitions,
    transports,
    async close() {
      await listening.close(5_000);
      unsubscribe();
      await userDb.$disconnect();
    },
  };
}

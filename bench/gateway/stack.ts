import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@connectrpc/connect";
import * as config from "@wenku/config";
import { createGateway } from "@wenku/gateway";
import {
  CachingAuthorizer,
  createSettingsReader,
  grpcTransports,
  headers,
  type Logger,
  lateTransports,
  listenDual,
  remoteAuthorizer,
  runMigrations,
  type ServiceContext,
  type ServiceModule,
  serveService,
  siteGateFrom,
} from "@wenku/kit";
import { createBus } from "@wenku/kit/bus";
import { OrderInternalAPI } from "@wenku/proto/api/v1/order_internal_pb.js";
import { modules } from "@wenku/standalone";
import * as user from "@wenku/user";
import pg from "pg";
import { withDatabase } from "../../jest/url.js";
import { startBare } from "./bare.js";

const HOST = "127.0.0.1";

/** Things to undo, newest first; run even when setup failed half-way. */
export class Cleanup {
  private readonly steps: Array<() => Promise<unknown>> = [];
  add(step: () => Promise<unknown>): void {
    this.steps.unshift(step);
  }
  async run(): Promise<void> {
    for (const step of this.steps.splice(0)) {
      try {
        await step();
      } catch (err) {
        console.error("cleanup step failed:", err);
      }
    }
  }
}

/**
 * Runs a bench's body with a Cleanup that is run at the end, on failure and on Ctrl-C / SIGTERM
 * (so no throwaway database or server outlives the bench); a failure sets the exit code.
 */
export async function withCleanup(body: (cleanup: Cleanup) => Promise<void>): Promise<void> {
  const cleanup = new Cleanup();
  const interrupted = async () => {
    console.error("interrupted: cleaning up");
    await cleanup.run();
    process.exit(130);
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    await body(cleanup);
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    await cleanup.run();
  }
}

/** A database of its own on the server, dropped by `cleanup` (FORCE: our pools may still be open). */
/** A database kept between runs (created when missing): a bench loads it once and queries it again later. */
export async function keptDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return withDatabase(serverUrl, name);
}

export async function throwawayDatabase(serverUrl: string, cleanup: Cleanup): Promise<string> {
  const name = `wenku_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  cleanup.add(async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await c.end();
    }
  });
  return withDatabase(serverUrl, name);
}

export interface BenchStack {
  databaseUrl: string;
  gatewayUrl: string;
  serviceUrl: string;
  bareUrl: string;
  token: string;
}

/** The admin's credits balance the bench books, so credit_count in both answers is a real, non-zero one. */
export const ADMIN_CREDITS = 120;

/**
 * The real path, over the network on loopback: gateway (listenDual) → gRPC over h2c
 * (kit grpcTransports) → user service (its ServiceModule, serveService) → Prisma → PostgreSQL,
 * with the config service beside it for settings and the site gate, and the content and order
 * services GetUser asks for the counts they own (doc_count & co., credit_count), as in a real
 * cluster; and beside it the bare node:http handler on the same database. Permission sync and the
 * admin seed happen in the module's start, as on any real start.
 */
export async function startBenchStack(serverUrl: string, log: Logger, cleanup: Cleanup): Promise<BenchStack> {
  const databaseUrl = await throwawayDatabase(serverUrl, cleanup);
  const content = moduleNamed("content");
  const order = moduleNamed("order");
  const storageDir = await mkdtemp(join(tmpdir(), "wenku-bench-gateway-"));
  cleanup.add(() => rm(storageDir, { recursive: true, force: true }));
  for (const m of [
    ...user.service.migrations,
    ...config.service.migrations,
    ...content.migrations,
    ...order.migrations,
  ]) {
    await runMigrations({ connectionString: databaseUrl, schema: m.schema, dir: m.dir, log });
  }
  const adminPassword = randomBytes(12).toString("base64url");
  const internalToken = randomBytes(32).toString("hex");
  const bus = await createBus({ log });
  cleanup.add(() => bus.close());

  // As kit's runService starts each service in its own process: one context (remote authorizer,
  // settings reader, site gate), the module's start(ctx), then serveService on its own port.
  // The user service needs the config service (settings, site gate) and asks the content and order
  // services for the counts they own, so all four run; the spider's transport points at the user
  // service's port (Unimplemented, never asked).
  const late = lateTransports();
  const settings = await createSettingsReader({
    transport: late.transports.config,
    internalToken,
    bus,
    log: log.child({ module: "settings" }),
  });
  cleanup.add(async () => settings.close());
  const ctx = (name: string, env: Record<string, string>): ServiceContext => ({
    databaseUrl,
    bus,
    log: log.child({ service: name }),
    internalToken,
    transports: late.transports,
    authorizer: new CachingAuthorizer(remoteAuthorizer(late.transports.user, internalToken)),
    settings,
    siteGate: siteGateFrom(settings),
    env,
  });
  const serve = async (module: ServiceModule, env: Record<string, string>) => {
    const started = await module.start(ctx(module.name, env));
    cleanup.add(() => started.close());
    const running = await serveService(started.definition, { grpcPort: 0, adminPort: 0, host: HOST, log });
    cleanup.add(() => running.close(1_000));
    return `http://${HOST}:${running.grpcPort}`;
  };
  const configUrl = await serve(config.service, {});
  const serviceUrl = await serve(user.service, {
    JWT_SECRET: randomBytes(32).toString("hex"),
    WENKU_ADMIN_PASSWORD: adminPassword,
  });
  // No converter: no document is uploaded here (uploads' format check falls back to "all accepted").
  const contentUrl = await serve(content, { STORAGE_DIR: storageDir });
  const orderUrl = await serve(order, {});
  const transports = grpcTransports({
    user: serviceUrl,
    content: contentUrl,
    order: orderUrl,
    config: configUrl,
    spider: serviceUrl,
    converter: serviceUrl,
  });
  late.bind(transports);

  const gateway = createGateway({
    transports,
    log: log.child({ service: "gateway" }),
    internalToken,
    trustedProxies: [],
    maxBodyBytes: 1024 * 1024,
  });
  const listening = await listenDual(gateway.handler, { port: 0, host: HOST });
  cleanup.add(() => listening.close(1_000));
  const gatewayUrl = `http://${HOST}:${listening.port}`;

  const bare = await startBare(databaseUrl, HOST);
  cleanup.add(() => bare.close());

  const login = await fetch(`${gatewayUrl}/api/v1/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: adminPassword }),
  });
  const reply = (await login.json()) as { token?: string };
  if (login.status !== 200 || !reply.token) throw new Error(`login failed: ${login.status} ${JSON.stringify(reply)}`);
  await createClient(OrderInternalAPI, transports.order).applyCredits(
    {
      userId: 1n,
      amount: ADMIN_CREDITS,
      code: "system_recharge",
      reason: "bench",
      refKind: "",
      refId: 0n,
      idempotencyKey: "bench:gateway:admin",
    },
    { headers: { [headers.internal]: internalToken } },
  );

  return { databaseUrl, gatewayUrl, serviceUrl, bareUrl: `http://${HOST}:${bare.port}`, token: reply.token };
}

function moduleNamed(name: string): ServiceModule {
  const found = modules.find((m) => m.name === name);
  if (!found) throw new Error(`no ${name} service module`);
  return found;
}

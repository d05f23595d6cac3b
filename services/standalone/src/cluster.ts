// `npm run start:cluster`: the site as one OS process per service plus the gateway, with real gRPC
// between them — the Kubernetes topology on one machine. External servers are used when configured
// (DATABASE_URL, NATS_URL); otherwise embedded PostgreSQL, and each process keeps its own event bus
// (the services then skip caching authorizations, since no broadcast could reach them).
// The converter is a process of its own only with NATS_URL: without it the conversion queue lives in
// the content process's bus, so the converter runs inside the content process (content-converter.ts,
// on the content service's port) and the banner says so. A process that exits is restarted with a
// growing delay and reported (supervisor.ts); SIGTERM or Ctrl-C stops them all.
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { type CreatedAccount, createLogger, type Deployable } from "@wenku/kit";
import { readyBanner } from "./banner.js";
import { loadStandaloneConfig } from "./config.js";
import { type EmbeddedDb, freePort, startEmbeddedPostgres } from "./embedded-db.js";
import { loadOrCreateSecrets } from "./secrets.js";
import { onStopSignals } from "./signals.js";
import { Supervisor } from "./supervisor.js";

const started = performance.now();
const cfg = loadStandaloneConfig();
const log = createLogger({ service: "cluster", level: cfg.LOG_LEVEL, pretty: cfg.LOG_PRETTY });
const dataDir = resolve(cfg.DATA_DIR);
const root = new URL("../../../", import.meta.url).pathname;
const SERVICES: readonly Deployable[] = ["user", "content", "order", "config", "spider", "converter"];
/** Without a shared bus the converter must live where the jobs are published: in the content process. */
const converterInContent = !cfg.NATS_URL;
const PROCESSES = SERVICES.filter((s) => !(converterInContent && s === "converter"));

const embedded: EmbeddedDb | null = cfg.DATABASE_URL ? null : await startEmbeddedPostgres(dataDir, log);
const secrets = await loadOrCreateSecrets(dataDir);
const ports = Object.fromEntries(
  await Promise.all(PROCESSES.map(async (s) => [s, { grpc: await freePort(), admin: await freePort() }] as const)),
) as Record<Deployable, { grpc: number; admin: number }>;
if (converterInContent) ports.converter = ports.content;

const common: Record<string, string | undefined> = {
  ...process.env,
  DATABASE_URL: cfg.DATABASE_URL ?? embedded?.url,
  INTERNAL_TOKEN: cfg.INTERNAL_TOKEN ?? secrets.internalToken,
  LOG_LEVEL: cfg.LOG_LEVEL,
  // The processes write into pipes read here: they log for a person when this runner's output does.
  LOG_PRETTY: String(cfg.LOG_PRETTY ?? Boolean(process.stdout.isTTY)),
  STORAGE_DIR: process.env.STORAGE_DIR ?? resolve(dataDir, "storage"),
  ...Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_SERVICE_URL`, `http://127.0.0.1:${ports[s].grpc}`])),
};
for (const k of ["PORT", "HOST", "DATA_DIR", "GRPC_PORT", "ADMIN_PORT", "JWT_SECRET"]) delete common[k];

/** The admin account the user service created on this start (sent over the IPC channel, see kit run.ts). */
let account: CreatedAccount | undefined;

/** Defined by the compiled build (scripts/build.mjs), which compiles every process to dist/<name>.js. */
declare const WENKU_COMPILED: true | undefined;

/** Node's arguments for a process: its compiled bundle, or from the sources its entry under tsx. */
const entryArgs = (name: string, source: string) =>
  typeof WENKU_COMPILED === "undefined"
    ? ["--import", "tsx", resolve(root, source)]
    : [resolve(root, "dist", `${name}.js`)];

// A process that exits is started again, as Kubernetes restarts a pod's container (supervisor.ts).
const supervisor = new Supervisor({
  onRestart: ({ name, code, signal, attempt, delayMs, uptimeMs }) =>
    log.error(
      { process: name, code, signal, attempt, delayMs, uptimeMs: Math.round(uptimeMs) },
      `${name} exited (${signal ?? `code ${code}`}) after ${(uptimeMs / 1000).toFixed(1)} s; restart #${attempt} in ${delayMs / 1000} s`,
    ),
});

function spawnProcess(name: string, entry: string, env: Record<string, string | undefined>, bundle: string) {
  const child = spawn(process.execPath, entryArgs(bundle, entry), {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  child.on("error", (err) => log.error({ err, process: name }, "could not start a process of the cluster"));
  child.on("message", (m: { wenku?: string; account?: CreatedAccount }) => {
    if (m?.wenku === "account" && m.account) account = m.account;
  });
  const tag = `[${name}]`.padEnd(10);
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on("line", (line) => process.stdout.write(`${tag}${line}\n`));
  }
  if (child.pid) log.info({ process: name, pid: child.pid }, `${name} started (pid ${child.pid})`);
  return child;
}

function launch(name: string, entry: string, env: Record<string, string | undefined>, bundle = name): void {
  supervisor.add(name, () => spawnProcess(name, entry, env, bundle));
}

async function waitHealthy(name: string, url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (supervisor.stopping) throw new Error("stopping");
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} did not become healthy at ${url} within ${timeoutMs / 1000} s`);
}

async function shutdown(code: number): Promise<void> {
  if (supervisor.stopping) return;
  await supervisor.stop();
  await embedded?.stop().catch(() => {});
  process.exit(code);
}
onStopSignals(() => void shutdown(0));

const serviceEnv = (s: Deployable) => ({
  ...common,
  GRPC_PORT: String(ports[s].grpc),
  ADMIN_PORT: String(ports[s].admin),
  HOST: "127.0.0.1",
  ...(s === "user" ? { JWT_SECRET: cfg.JWT_SECRET ?? secrets.jwtSecret } : {}),
});

try {
  // The user service first: its start syncs permissions and seeds the admin the others rely on.
  launch("user", "services/user/src/main.ts", serviceEnv("user"));
  await waitHealthy("user", `http://127.0.0.1:${ports.user.admin}/healthz`);
  const rest = PROCESSES.filter((s) => s !== "user");
  for (const s of rest) {
    if (s === "content" && converterInContent) {
      launch("content", "services/standalone/src/content-converter.ts", serviceEnv(s), "content-converter");
    } else {
      launch(s, `services/${s}/src/main.ts`, serviceEnv(s));
    }
  }
  await Promise.all(rest.map((s) => waitHealthy(s, `http://127.0.0.1:${ports[s].admin}/healthz`)));
  launch("gateway", "gateway/src/main.ts", {
    ...common,
    PORT: String(cfg.PORT),
    HOST: cfg.HOST,
    WEB_DIST: resolve(cfg.WEB_DIST ?? resolve(root, "web/dist")),
  });
  await waitHealthy("gateway", `http://127.0.0.1:${cfg.PORT}/healthz`);
} catch (err) {
  if (!supervisor.stopping) {
    log.error({ err }, "the cluster failed to start");
    await shutdown(1);
  }
}

const banner = readyBanner({
  url: `http://localhost:${cfg.PORT}`,
  readySeconds: (performance.now() - started) / 1000,
  account,
  details: [
    `one process per service: ${PROCESSES.map((s) => `${s} :${ports[s].grpc}`).join(", ")}`,
    converterInContent
      ? "converter: inside the content process (no NATS_URL: the conversion queue is in its bus)"
      : "converter: its own process, on the NATS conversion queue",
    `database: ${embedded ? `embedded PostgreSQL in ${dataDir}/postgres` : "DATABASE_URL"}`,
    "a process that exits is restarted (1 s, doubling to 30 s while it keeps crashing)",
    `events: ${cfg.NATS_URL ? "NATS" : "per process (set NATS_URL to share)"}; logs: LOG_LEVEL=${cfg.LOG_LEVEL}`,
  ],
});
process.stdout.write(`\n${banner}\n\n`);

// `npm start`: the whole site in one process. External servers are used when configured
// (DATABASE_URL, NATS_URL); otherwise embedded PostgreSQL and an in-process event bus.
import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import { createLogger } from "@wenku/kit";
import { createBus } from "@wenku/kit/bus";
import { readyBanner } from "./banner.js";
import { loadStandaloneConfig } from "./config.js";
import { type EmbeddedDb, startEmbeddedPostgres } from "./embedded-db.js";
import { loadOrCreateSecrets } from "./secrets.js";
import { onStopSignals } from "./signals.js";
import { startStack } from "./stack.js";

const started = performance.now();
const cfg = loadStandaloneConfig();
const log = createLogger({ service: "wenku", level: cfg.LOG_LEVEL, pretty: cfg.LOG_PRETTY });
const dataDir = resolve(cfg.DATA_DIR);

const embedded: EmbeddedDb | null = cfg.DATABASE_URL ? null : await startEmbeddedPostgres(dataDir, log);
const databaseUrl = cfg.DATABASE_URL ?? (embedded as EmbeddedDb).url;
const secrets = await loadOrCreateSecrets(dataDir);
// Made here owner-only (0700) like everything in DATA_DIR, before the storage would create it 0755.
const storageDir = resolve(dataDir, "storage");
await mkdir(storageDir, { recursive: true, mode: 0o700 });
const bus = await createBus({ natsUrl: cfg.NATS_URL, log });

const stack = await startStack({
  databaseUrl,
  bus,
  log,
  jwtSecret: cfg.JWT_SECRET ?? secrets.jwtSecret,
  internalToken: cfg.INTERNAL_TOKEN ?? secrets.internalToken,
  port: cfg.PORT,
  host: cfg.HOST,
  webDist: resolve(cfg.WEB_DIST ?? new URL("../../../web/dist", import.meta.url).pathname),
  adminPassword: cfg.WENKU_ADMIN_PASSWORD,
  trustedProxies: cfg.TRUSTED_PROXIES,
  maxBodyBytes: cfg.MAX_BODY_BYTES,
  // Uploaded files and page images live beside the embedded database unless configured otherwise.
  env: { STORAGE_DIR: storageDir, ...process.env },
});

if (stack.announce.length) process.stdout.write(`\n${stack.announce.join("\n")}\n`);
const banner = readyBanner({
  url: stack.url,
  readySeconds: (performance.now() - started) / 1000,
  account: stack.account,
  details: [
    `database: ${embedded ? `embedded PostgreSQL in ${dataDir}/postgres` : "DATABASE_URL"}`,
    `events: ${cfg.NATS_URL ? "NATS" : "in-process"}; logs: LOG_LEVEL=${cfg.LOG_LEVEL}`,
  ],
});
process.stdout.write(`\n${banner}\n\n`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "shutting down");
  await stack.close().catch((err) => log.error({ err }, "close failed"));
  await bus.close().catch(() => {});
  await embedded?.stop().catch(() => {});
  process.exit(0);
}
onStopSignals((signal) => void shutdown(signal));

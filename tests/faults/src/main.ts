// `npm run test:faults`: the fault suite. Starts its own PostgreSQL and NATS JetStream (peers.ts),
// runs `npm run start:cluster` on them (cluster.ts), then breaks things under it, one case at a time,
// and prints each case's figures: requests sent, errors, time to recover, documents or bookings lost
// (must be 0). Exits 1 when a case failed (the others still run) or the whole run overran
// FAULTS_TIMEOUT_SEC (default 240).
// FAULTS_CASES (e.g. "nats,postgres") runs some cases only. FAULTS_NATS_DOWN_SEC (default 30) and FAULTS_PG_DOWN_SEC (default 10): how long each server stays
// down. The cluster's converter hands a killed converter's job over after CONVERSION_ACK_WAIT_MS,
// set to 5 s here (the default, 60 s, is sized for pages that take long to render; this suite's
// pages are small) so the converter case takes seconds, not a minute.
import { converterKilled } from "./cases/converter-kill.js";
import { natsDown } from "./cases/nats-down.js";
import { postgresRestarted } from "./cases/postgres-restart.js";
import { serviceRestarted } from "./cases/service-restart.js";
import { ADMIN_PASSWORD, Cluster, LOG_FILE, mark } from "./cluster.js";
import type { FaultContext } from "./context.js";
import { type Figures, printFigures, printTable } from "./figures.js";
import { Nats, Postgres } from "./peers.js";
import { createCategory, signIn } from "./site.js";

const seconds = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number of seconds`);
  return v;
};
const natsDownSec = seconds("FAULTS_NATS_DOWN_SEC", 30);
const pgDownSec = seconds("FAULTS_PG_DOWN_SEC", 10);
const timeoutSec = seconds("FAULTS_TIMEOUT_SEC", 240);
/** FAULTS_CASES=load,converter,nats,postgres: run only those (all by default). */
const only = (process.env.FAULTS_CASES ?? "").split(",").filter(Boolean);

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
let pgServer: Postgres | undefined;
let natsServer: Nats | undefined;
let cluster: Cluster | undefined;

async function cleanUp(): Promise<void> {
  await cluster?.stop().catch(() => {});
  await natsServer?.destroy().catch(() => {});
  pgServer?.destroy();
}

const overrun = setTimeout(() => {
  console.error(`✖ the fault suite overran ${timeoutSec} s`);
  console.error(`the cluster's output: ${LOG_FILE}`);
  void cleanUp().finally(() => process.exit(1));
}, timeoutSec * 1000);
for (const sig of ["SIGINT", "SIGTERM"] as const)
  process.once(sig, () => void cleanUp().finally(() => process.exit(1)));

const figures: Figures[] = [];
const failures: string[] = [];
try {
  [pgServer, natsServer] = await Promise.all([Postgres.start(), Nats.start()]);
  console.log(`PostgreSQL ${pgServer.url}, NATS ${natsServer.url} (${elapsed()})`);
  cluster = await Cluster.start({
    DATABASE_URL: pgServer.url,
    NATS_URL: natsServer.url,
    CONVERSION_ACK_WAIT_MS: "5000",
    TRUSTED_PROXIES: "127.0.0.1",
  });
  console.log(`cluster ready at ${cluster.url} (${elapsed()})`);
  const token = await signIn(cluster.url, "admin", ADMIN_PASSWORD);
  const category = await createCategory(cluster.url, token, "故障测试");
  const c: FaultContext = { cluster, pg: pgServer, nats: natsServer, token, category };
  const cases: Array<[string, string, () => Promise<Figures>]> = [
    ["load", "service restarted under load", () => serviceRestarted(c, "content", "/api/v1/category/list")],
    ["converter", "converter killed mid-document", () => converterKilled(c)],
    ["nats", "NATS down", () => natsDown(c, natsDownSec)],
    ["postgres", "PostgreSQL restarted", () => postgresRestarted(c, pgDownSec)],
  ];
  for (const [key, name, run] of cases) {
    if (only.length && !only.includes(key)) continue;
    console.log(`\n▶ ${name} (${elapsed()})`);
    mark(name);
    try {
      const f = await run();
      figures.push(f);
      printFigures(f);
      console.log(`✔ ${name}`);
    } catch (err) {
      failures.push(`${name}: ${(err as Error).message}`);
      console.error(`✖ ${name}: ${(err as Error).message}`);
    }
  }
} catch (err) {
  failures.push((err as Error).message);
  console.error(`✖ ${(err as Error).message}`);
} finally {
  clearTimeout(overrun);
  await cleanUp();
}
printTable(figures);
if (failures.length) console.log(`\nthe cluster's output: ${LOG_FILE}`);
console.log(`\n${failures.length ? `✖ ${failures.length} case(s) failed` : "all fault cases passed"} in ${elapsed()}`);
process.exit(failures.length ? 1 : 0);

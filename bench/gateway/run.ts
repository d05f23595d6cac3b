// Gateway overhead (issue #2 item 9): the same GetUser query through REST → gateway → gRPC →
// service, through Connect via the gateway, Connect straight to the service, and a bare node:http
// handler running the same SQL; the gateway's /healthz as the floor. One process holds every
// server; autocannon runs in a child process pinned to the last CPU (see load.ts).
//
//   node --import tsx bench/gateway/run.ts        (npm run bench:gateway -w @wenku/bench)

import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { createLogger, loadConfig, z } from "@wenku/kit";
import { autocannon, LOAD_CPU, type LoadRequest, type LoadResult, pinned } from "./load.js";
import { type BenchStack, Cleanup, startBenchStack } from "./stack.js";

const config = loadConfig(
  z.object({
    /** The PostgreSQL server; the bench creates and drops its own database on it. */
    TEST_DATABASE_URL: z.string().url().default("postgres://root@127.0.0.1:5432/test"),
    BENCH_CONNECTIONS: z.coerce.number().int().min(1).default(32),
    BENCH_DURATION_SEC: z.coerce.number().int().min(1).default(10),
    BENCH_WARMUP_SEC: z.coerce.number().int().min(0).default(3),
    /** Log level of gateway and service; "info" adds the per-RPC log line (to stdout). */
    BENCH_LOG_LEVEL: z.enum(["silent", "error", "warn", "info"]).default("silent"),
    /** Comma-separated target keys to measure (e.g. "bare,connect_direct" when profiling); all when unset. */
    BENCH_ONLY: z.string().optional(),
  }),
);

interface Target {
  key: string;
  label: string;
  request: Omit<LoadRequest, "expectBody">;
  /** Checks a sample answer's body; throws when it is not the expected one. */
  check(body: string): void;
}

function targets(s: BenchStack): Target[] {
  const auth = { authorization: `Bearer ${s.token}` };
  const connect = (base: string): Target["request"] => ({
    url: `${base}/api.v1.UserAPI/GetUser`,
    method: "POST",
    headers: { ...auth, "content-type": "application/json", "connect-protocol-version": "1" },
    body: '{"id":"1"}',
  });
  const restUser = (body: string) => {
    const u = JSON.parse(body) as Record<string, unknown>;
    // The admin asking for themself: the full profile, int64 as numbers, zero values present.
    expect(u.id === 1 && u.username === "admin", "user 1 is admin", body);
    expect(JSON.stringify(u.group_id) === "[1]" && u.email === "" && "last_login_ip" in u, "full profile", body);
  };
  const connectUser = (body: string) => {
    const u = JSON.parse(body) as Record<string, unknown>;
    expect(u.id === "1" && u.username === "admin", "user 1 is admin", body);
    expect(JSON.stringify(u.groupId) === '["1"]', "full profile", body);
  };
  return [
    {
      key: "bare",
      label: "(d) bare node:http + pg",
      request: { url: `${s.bareUrl}/api/v1/user?id=1`, method: "GET", headers: auth },
      check: restUser,
    },
    { key: "connect_direct", label: "(c) Connect → service", request: connect(s.serviceUrl), check: connectUser },
    {
      key: "connect_gateway",
      label: "(b) Connect → gateway → gRPC",
      request: connect(s.gatewayUrl),
      check: connectUser,
    },
    {
      key: "rest_gateway",
      label: "(a) REST → gateway → gRPC",
      request: { url: `${s.gatewayUrl}/api/v1/user?id=1`, method: "GET", headers: auth },
      check: restUser,
    },
    {
      key: "healthz",
      label: "(e) gateway /healthz (floor)",
      request: { url: `${s.gatewayUrl}/healthz`, method: "GET", headers: auth },
      check: (b) => expect(b === '{"status":"SERVING"}', "serving", b),
    },
  ];
}

function expect(ok: boolean, what: string, body: string): void {
  if (!ok) throw new Error(`unexpected answer (${what}): ${body.slice(0, 300)}`);
}

/** One request as autocannon will send it: must be 200 with the expected body, before any load. */
async function sample(t: Target): Promise<string> {
  const r = t.request;
  const res = await fetch(r.url, { method: r.method, headers: r.headers, body: r.body });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${t.label}: HTTP ${res.status} ${body.slice(0, 300)}`);
  t.check(body);
  return body;
}

interface Measured {
  key: string;
  label: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  avgMs: number;
  maxMs: number;
  requests: number;
  /** CPU time of the servers' process over wall time (1.0 = one core busy). */
  serverCpu: number;
  /** CPU time of the servers' process per request: the cost, and steadier than req/s on a busy machine. */
  cpuUsPerReq: number;
  /** Share of all CPUs busy (servers, PostgreSQL, autocannon, anything else). */
  machineBusy: number;
  /** 1-minute load average at the end: above the CPU count, something else competed. */
  loadAvg: number;
}

function machineTimes() {
  let busy = 0;
  let total = 0;
  for (const c of os.cpus()) {
    const t = c.times.user + c.times.nice + c.times.sys + c.times.irq;
    busy += t;
    total += t + c.times.idle;
  }
  return { busy, total };
}

async function measure(t: Target, expectBody: string): Promise<Measured> {
  const request = { ...t.request, expectBody };
  if (config.BENCH_WARMUP_SEC > 0) {
    await autocannon(request, { connections: config.BENCH_CONNECTIONS, durationSec: config.BENCH_WARMUP_SEC });
  }
  const cpu0 = process.cpuUsage();
  const m0 = machineTimes();
  const wall0 = performance.now();
  const r = await autocannon(request, {
    connections: config.BENCH_CONNECTIONS,
    durationSec: config.BENCH_DURATION_SEC,
  });
  const wallMs = performance.now() - wall0;
  const cpu = process.cpuUsage(cpu0);
  const m1 = machineTimes();
  failOnErrors(t, r);
  return {
    key: t.key,
    label: t.label,
    reqPerSec: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    avgMs: r.latency.average,
    maxMs: r.latency.max,
    requests: r.requests.total,
    serverCpu: (cpu.user + cpu.system) / 1000 / wallMs,
    cpuUsPerReq: (cpu.user + cpu.system) / r.requests.total,
    machineBusy: (m1.busy - m0.busy) / (m1.total - m0.total),
    loadAvg: os.loadavg()[0] ?? 0,
  };
}

function failOnErrors(t: Target, r: LoadResult): void {
  const bad = { non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts, mismatches: r.mismatches };
  if (Object.values(bad).some((n) => n > 0) || r["2xx"] === 0) {
    throw new Error(`${t.label}: ${JSON.stringify(bad)} of ${r.requests.total} — the run measured failures`);
  }
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);
/** null when the baseline is 0 (autocannon reports whole milliseconds). */
const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

function table(rows: Measured[]): string {
  const base = rows.find((r) => r.key === "bare");
  const head = [
    "target",
    "req/s",
    "p50 ms",
    "p99 ms",
    "req/s ÷ (d)",
    "p50 ÷ (d)",
    "p99 ÷ (d)",
    "server CPU",
    "CPU µs/req",
    "load",
  ];
  const lines = rows.map((r) => [
    r.label,
    fmt(r.reqPerSec),
    fmt(r.p50Ms),
    fmt(r.p99Ms),
    base ? fmt(r.reqPerSec / base.reqPerSec, 2) : "-",
    base ? fmt(ratio(r.p50Ms, base.p50Ms) ?? Number.NaN, 2) : "-",
    base ? fmt(ratio(r.p99Ms, base.p99Ms) ?? Number.NaN, 2) : "-",
    `${fmt(r.serverCpu * 100)}%`,
    fmt(r.cpuUsPerReq),
    fmt(r.loadAvg, 1),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  const row = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [row(head), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(row)].join("\n");
}

function gitCommit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  const interrupted = async () => {
    console.error("interrupted: cleaning up");
    await cleanup.run();
    process.exit(130);
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    const log = createLogger({ service: "bench", level: config.BENCH_LOG_LEVEL });
    const stack = await startBenchStack(config.TEST_DATABASE_URL, log, cleanup);
    const only = config.BENCH_ONLY?.split(",").map((k) => k.trim());
    const all = targets(stack).filter((t) => !only || only.includes(t.key));
    const expected = new Map<string, string>();
    for (const t of all) expected.set(t.key, await sample(t));
    if (expected.has("bare") && expected.has("rest_gateway") && expected.get("rest_gateway") !== expected.get("bare")) {
      throw new Error(
        `bare handler and gateway REST differ:\n${expected.get("bare")}\n${expected.get("rest_gateway")}`,
      );
    }
    if (
      expected.has("connect_gateway") &&
      expected.has("connect_direct") &&
      expected.get("connect_gateway") !== expected.get("connect_direct")
    ) {
      throw new Error("Connect through the gateway and straight to the service differ");
    }
    console.log(
      `${os.cpus().length} CPUs (${os.cpus()[0]?.model}), node ${process.version}; ` +
        `autocannon ${pinned ? `pinned to CPU ${LOAD_CPU}` : "unpinned"}, ${config.BENCH_CONNECTIONS} connections, ` +
        `${config.BENCH_WARMUP_SEC} s warm-up + ${config.BENCH_DURATION_SEC} s each; log level ${config.BENCH_LOG_LEVEL}\n`,
    );
    const load = os.loadavg()[0] ?? 0;
    if (load > os.cpus().length) {
      console.warn(
        `warning: load average ${load.toFixed(1)} > ${os.cpus().length} CPUs: other work competes, numbers will be noisy\n`,
      );
    }
    const rows: Measured[] = [];
    for (const t of all) {
      process.stdout.write(`measuring ${t.label} …\n`);
      rows.push(await measure(t, expected.get(t.key) as string));
      await sleep(500); // let the previous connections close
    }
    console.log(`\n${table(rows)}\n`);
    const base = rows.find((r) => r.key === "bare");
    const when = new Date().toISOString().replace(/:/g, "-").replace(/\..+$/, "");
    const file = new URL(`../results/gateway-${when}.json`, import.meta.url);
    mkdirSync(new URL(".", file), { recursive: true });
    const result = {
      bench: "gateway",
      date: new Date().toISOString(),
      commit: gitCommit(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
      load: {
        tool: "autocannon 8 (CLI, child process)",
        pinnedCpu: pinned ? LOAD_CPU : null,
        connections: config.BENCH_CONNECTIONS,
        durationSec: config.BENCH_DURATION_SEC,
        warmupSec: config.BENCH_WARMUP_SEC,
      },
      logLevel: config.BENCH_LOG_LEVEL,
      loadAvgAtStart: load,
      results: rows.map((r) => ({
        ...r,
        vsBare: {
          reqPerSec: base ? ratio(r.reqPerSec, base.reqPerSec) : null,
          p50: base ? ratio(r.p50Ms, base.p50Ms) : null,
          p99: base ? ratio(r.p99Ms, base.p99Ms) : null,
          cpuPerReq: base ? ratio(r.cpuUsPerReq, base.cpuUsPerReq) : null,
        },
      })),
    };
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`written ${file.pathname}`);
  } finally {
    await cleanup.run();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});

// One measured load run (autocannon in a child process, see load.ts) with the servers' CPU cost,
// and the table every bench prints: req/s, latency and CPU per request, with ratios to a baseline.
import * as os from "node:os";
import { autocannon, type LoadRequest, type LoadResult } from "./load.js";

export interface Measured {
  key: string;
  label: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  avgMs: number;
  maxMs: number;
  requests: number;
  /** Bytes per second received by the load generator. */
  bytesPerSec: number;
  /** CPU time of the servers' process over wall time (1.0 = one core busy). */
  serverCpu: number;
  /** CPU time of the servers' process per request: the cost, and steadier than req/s on a busy machine. */
  cpuUsPerReq: number;
  /** CPU time per request of the processes `MeasureOptions.otherCpu` counts (PostgreSQL's), when given. */
  otherCpuUsPerReq?: number;
  /** Share of all CPUs busy (servers, PostgreSQL, autocannon, anything else). */
  machineBusy: number;
  /** 1-minute load average at the end: above the CPU count, something else competed. */
  loadAvg: number;
}

export interface MeasureOptions {
  connections: number;
  durationSec: number;
  warmupSec: number;
  /** Status codes counted as success besides 2xx (e.g. 304 for revalidation); default none. */
  expectStatus?: number;
  /** CPU µs used so far by processes working for the servers (PostgreSQL): sampled before and after the run. */
  otherCpu?: () => number;
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

/** Warm-up, then one measured run; a single error, timeout, mismatch or unexpected status fails it. */
export async function measure(key: string, label: string, request: LoadRequest, o: MeasureOptions): Promise<Measured> {
  if (o.warmupSec > 0) await autocannon(request, { connections: o.connections, durationSec: o.warmupSec });
  const cpu0 = process.cpuUsage();
  const other0 = o.otherCpu?.();
  const m0 = machineTimes();
  const wall0 = performance.now();
  const r = await autocannon(request, { connections: o.connections, durationSec: o.durationSec });
  const wallMs = performance.now() - wall0;
  const cpu = process.cpuUsage(cpu0);
  const other = other0 === undefined ? undefined : (o.otherCpu?.() ?? other0) - other0;
  const m1 = machineTimes();
  failOnErrors(label, r, o.expectStatus);
  return {
    key,
    label,
    reqPerSec: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    avgMs: r.latency.average,
    maxMs: r.latency.max,
    requests: r.requests.total,
    bytesPerSec: r.throughput.average,
    serverCpu: (cpu.user + cpu.system) / 1000 / wallMs,
    cpuUsPerReq: (cpu.user + cpu.system) / r.requests.total,
    ...(other === undefined ? {} : { otherCpuUsPerReq: other / r.requests.total }),
    machineBusy: (m1.busy - m0.busy) / (m1.total - m0.total),
    loadAvg: os.loadavg()[0] ?? 0,
  };
}

function failOnErrors(label: string, r: LoadResult, expectStatus?: number): void {
  // autocannon counts 3xx as non-2xx; a revalidation run expects exactly those.
  const ok = expectStatus ? r.non2xx : r["2xx"];
  const bad = {
    unexpectedStatus: expectStatus ? r["2xx"] : r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    mismatches: r.mismatches,
  };
  if (Object.values(bad).some((n) => n > 0) || ok === 0) {
    throw new Error(`${label}: ${JSON.stringify(bad)} of ${r.requests.total} — the run measured failures`);
  }
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);
/** null when the baseline is 0 (autocannon reports whole milliseconds). */
export const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

/** The result table; ratios against the row whose key is `baseKey` (shown as `baseName`). */
export function table(rows: Measured[], baseKey: string, baseName: string): string {
  const base = rows.find((r) => r.key === baseKey);
  const head = [
    "target",
    "req/s",
    "MB/s",
    "p50 ms",
    "p99 ms",
    `req/s ÷ ${baseName}`,
    `p99 ÷ ${baseName}`,
    "server CPU",
    "CPU µs/req",
    `CPU ÷ ${baseName}`,
    "load",
  ];
  const lines = rows.map((r) => [
    r.label,
    fmt(r.reqPerSec),
    fmt(r.bytesPerSec / 1e6, 1),
    fmt(r.p50Ms),
    fmt(r.p99Ms),
    base ? fmt(r.reqPerSec / base.reqPerSec, 2) : "-",
    base ? fmt(ratio(r.p99Ms, base.p99Ms) ?? Number.NaN, 2) : "-",
    `${fmt(r.serverCpu * 100)}%`,
    fmt(r.cpuUsPerReq),
    base ? fmt(ratio(r.cpuUsPerReq, base.cpuUsPerReq) ?? Number.NaN, 2) : "-",
    fmt(r.loadAvg, 1),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  const row = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  return [row(head), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(row)].join("\n");
}

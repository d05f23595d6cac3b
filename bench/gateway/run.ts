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
import { chosen, loadBenchEnv } from "../lib/env.js";
import { LOAD_CPU, type LoadRequest, pinned } from "../lib/load.js";
import { type Measured, measure as measureLoad, ratio, table } from "../lib/measure.js";
import { ADMIN_CREDITS, type BenchStack, startBenchStack, withCleanup } from "./stack.js";

const config = loadConfig(
  z.object({
    ...loadBenchEnv,
    /** Log level of gateway and service; "info" adds the per-RPC log line (to stdout). */
    BENCH_LOG_LEVEL: z.enum(["silent", "error", "warn", "info"]).default("silent"),
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
    // the order service's answer, not a failed call's 0
    expect(u.credit_count === ADMIN_CREDITS, "credit_count from the ledger", body);
  };
  const connectUser = (body: string) => {
    const u = JSON.parse(body) as Record<string, unknown>;
    expect(u.id === "1" && u.username === "admin", "user 1 is admin", body);
    expect(JSON.stringify(u.groupId) === '["1"]', "full profile", body);
    expect(u.creditCount === ADMIN_CREDITS, "credit_count from the ledger", body);
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

const measure = (t: Target, expectBody: string): Promise<Measured> =>
  measureLoad(
    t.key,
    t.label,
    { ...t.request, expectBody },
    {
      connections: config.BENCH_CONNECTIONS,
      durationSec: config.BENCH_DURATION_SEC,
      warmupSec: config.BENCH_WARMUP_SEC,
    },
  );

function gitCommit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

await withCleanup(async (cleanup) => {
  const log = createLogger({ service: "bench", level: config.BENCH_LOG_LEVEL });
  const stack = await startBenchStack(config.TEST_DATABASE_URL, log, cleanup);
  const all = chosen(targets(stack), config.BENCH_ONLY);
  const expected = new Map<string, string>();
  for (const t of all) expected.set(t.key, await sample(t));
  if (expected.has("bare") && expected.has("rest_gateway") && expected.get("rest_gateway") !== expected.get("bare")) {
    throw new Error(`bare handler and gateway REST differ:\n${expected.get("bare")}\n${expected.get("rest_gateway")}`);
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
  console.log(`\n${table(rows, "bare", "(d)")}\n`);
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
});

// What an API call costs the one-process site (`npm start` wiring, BENCH_TRANSPORT=memory) or the
// cluster topology in one process (BENCH_TRANSPORT=grpc): the REST reads, each a gateway hop
// into a service (settings → config, user → user, document list → content), under the same load.
//
//   node --import tsx bench/calls/run.ts         (add --cpu-prof before --import to profile)
//
// Trust CPU µs/req over req/s on a shared machine; the table prints the load average.

import { loadConfig, z } from "@wenku/kit";
import { withCleanup } from "../gateway/stack.js";
import { chosen, loadBenchEnv } from "../lib/env.js";
import type { LoadRequest } from "../lib/load.js";
import { type Measured, measure, table } from "../lib/measure.js";
import { startBenchSite } from "../lib/site.js";

const config = loadConfig(
  z.object({
    ...loadBenchEnv,
    BENCH_CONNECTIONS: z.coerce.number().int().min(1).default(16),
    BENCH_TRANSPORT: z.enum(["memory", "grpc"]).default("memory"),
  }),
);

await withCleanup(async (cleanup) => {
  const site = await startBenchSite(cleanup, {
    databaseUrl: config.TEST_DATABASE_URL,
    name: "calls",
    transport: config.BENCH_TRANSPORT,
  });
  const get = async (path: string): Promise<LoadRequest> => {
    const res = await fetch(site.url + path);
    const body = await res.text();
    if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status} ${body.slice(0, 300)}`);
    return { url: site.url + path, method: "GET", headers: {}, expectBody: body };
  };
  const targets = chosen(
    [
      { key: "settings", label: "GET /api/v1/settings", path: "/api/v1/settings" },
      { key: "user", label: "GET /api/v1/user?id=1", path: "/api/v1/user?id=1" },
      { key: "list", label: "GET /api/v1/document/list", path: "/api/v1/document/list?page=1&size=20" },
    ],
    config.BENCH_ONLY,
  );
  const rows: Measured[] = [];
  for (const t of targets) {
    rows.push(
      await measure(t.key, t.label, await get(t.path), {
        connections: config.BENCH_CONNECTIONS,
        durationSec: config.BENCH_DURATION_SEC,
        warmupSec: config.BENCH_WARMUP_SEC,
      }),
    );
  }
  console.log(`transport: ${config.BENCH_TRANSPORT}`);
  console.log(table(rows, "settings", "settings"));
});

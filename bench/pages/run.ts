// Page-image serving: GET /view/page/{id}/{n}.svg and .gzip.svg through the whole site (gateway →
// DocumentAPI.ViewDocumentPage stream → visibility check → storage) against a plain static file server
// (node:http + fs, stat + ETag + stream) on the same files, in the same process, under the same load;
// plus the If-None-Match revalidation (304) both ways. The document is real: a generated PDF is
// uploaded, created and converted through the public API first.
//
//   node --import tsx bench/pages/run.ts        (npm run bench:pages -w @wenku/bench)
//
// BENCH_TRANSPORT=grpc puts real gRPC (h2c on loopback) between the gateway and the services, as in
// a cluster; the default is the one-process wiring of `npm start`.

import { execFileSync } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import * as os from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gunzipSync } from "node:zlib";
import { loadConfig, z } from "@wenku/kit";
import { type Cleanup, withCleanup } from "../gateway/stack.js";
import { benchPdf, convertedDocument } from "../lib/documents.js";
import { chosen, loadBenchEnv } from "../lib/env.js";
import { LOAD_CPU, type LoadRequest, pinned } from "../lib/load.js";
import { type Measured, measure, ratio, table } from "../lib/measure.js";
import { startBenchSite } from "../lib/site.js";
import { startStatic } from "../lib/static.js";

const config = loadConfig(
  z.object({
    ...loadBenchEnv,
    BENCH_TRANSPORT: z.enum(["memory", "grpc"]).default("memory"),
    BENCH_PAGES: z.coerce.number().int().min(1).max(500).default(20),
  }),
);

interface Site {
  url: string;
  storageDir: string;
  documentId: number;
  hash: string;
}

/** The site with one converted document of BENCH_PAGES pages, made through the public API. */
async function startSite(cleanup: Cleanup): Promise<Site> {
  const site = await startBenchSite(cleanup, {
    databaseUrl: config.TEST_DATABASE_URL,
    name: "pages",
    transport: config.BENCH_TRANSPORT,
  });
  const doc = await convertedDocument(site, benchPdf(config.BENCH_PAGES), "页面基准文档");
  return { url: site.url, storageDir: site.storageDir, documentId: doc.id, hash: doc.hash };
}

interface Target {
  key: string;
  label: string;
  request: LoadRequest;
  /** 304 for revalidation runs. */
  expectStatus?: number;
}

/** One answer per target before the load: status, and the same bytes as the file on disk. */
async function check(t: Target, file: Buffer, gz: boolean): Promise<void> {
  const res = await fetch(t.request.url, { headers: t.request.headers });
  const body = Buffer.from(await res.arrayBuffer()); // fetch inflates Content-Encoding: gzip
  const want = t.expectStatus ?? 200;
  if (res.status !== want) throw new Error(`${t.label}: HTTP ${res.status}, expected ${want}`);
  if (want === 200 && !body.equals(gz ? gunzipSync(file) : file)) {
    throw new Error(`${t.label}: the body differs from the stored file`);
  }
}

await withCleanup(async (cleanup) => {
  process.stdout.write(`converting a ${config.BENCH_PAGES}-page PDF through the site …\n`);
  const site = await startSite(cleanup);
  const dir = join(site.storageDir, "documents", site.hash);
  const staticUrl = await startStatic(dir, cleanup);
  const svg = await readFile(join(dir, "page-1.svg"));
  const gzSvg = await readFile(join(dir, "page-1.gzip.svg"));
  const etagOf = async (url: string) => (await fetch(url)).headers.get("etag") ?? "";
  const page = (variant: string) => `${site.url}/view/page/${site.documentId}/1${variant}`;
  const get = (url: string, headers: Record<string, string> = {}): LoadRequest => ({ url, method: "GET", headers });
  const targets: Array<Target & { gz: boolean }> = [
    {
      key: "static_gz",
      label: "(s) static file server, .gzip.svg",
      request: get(`${staticUrl}/page-1.gzip.svg`),
      gz: true,
    },
    { key: "site_gz", label: "(a) /view/page …/1.gzip.svg", request: get(page(".gzip.svg")), gz: true },
    { key: "static_svg", label: "(s) static file server, .svg", request: get(`${staticUrl}/page-1.svg`), gz: false },
    { key: "site_svg", label: "(b) /view/page …/1.svg", request: get(page(".svg")), gz: false },
    {
      key: "static_304",
      label: "(s) static, If-None-Match → 304",
      request: get(`${staticUrl}/page-1.gzip.svg`, { "if-none-match": await etagOf(`${staticUrl}/page-1.gzip.svg`) }),
      expectStatus: 304,
      gz: true,
    },
    {
      key: "site_304",
      label: "(c) /view/page, If-None-Match → 304",
      request: get(page(".gzip.svg"), { "if-none-match": await etagOf(page(".gzip.svg")) }),
      expectStatus: 304,
      gz: true,
    },
  ];
  const picked = chosen(targets, config.BENCH_ONLY);
  for (const t of picked) await check(t, t.gz ? gzSvg : svg, t.gz);

  console.log(
    `\n${os.cpus().length} CPUs (${os.cpus()[0]?.model}), node ${process.version}; transport ${config.BENCH_TRANSPORT}; ` +
      `autocannon ${pinned ? `pinned to CPU ${LOAD_CPU}` : "unpinned"}, ${config.BENCH_CONNECTIONS} connections, ` +
      `${config.BENCH_WARMUP_SEC} s warm-up + ${config.BENCH_DURATION_SEC} s each; ` +
      `page 1: ${svg.length} B SVG, ${gzSvg.length} B gzip\n`,
  );
  const rows: Measured[] = [];
  for (const t of picked) {
    process.stdout.write(`measuring ${t.label} …\n`);
    rows.push(
      await measure(t.key, t.label, t.request, {
        connections: config.BENCH_CONNECTIONS,
        durationSec: config.BENCH_DURATION_SEC,
        warmupSec: config.BENCH_WARMUP_SEC,
        expectStatus: t.expectStatus,
      }),
    );
    await sleep(500);
  }
  // Each site row against the static row of the same variant.
  const pairs: Array<[string, string]> = [
    ["site_gz", "static_gz"],
    ["site_svg", "static_svg"],
    ["site_304", "static_304"],
  ];
  for (const [siteKey, staticKey] of pairs) {
    const group = rows.filter((r) => r.key === siteKey || r.key === staticKey);
    if (group.length) console.log(`\n${table(group, staticKey, "(s)")}`);
  }
  const when = new Date().toISOString().replace(/:/g, "-").replace(/\..+$/, "");
  const file = new URL(`../results/pages-${when}.json`, import.meta.url);
  await mkdir(new URL(".", file), { recursive: true });
  const byKey = new Map(rows.map((r) => [r.key, r]));
  await writeFile(
    file,
    `${JSON.stringify(
      {
        bench: "pages",
        date: new Date().toISOString(),
        commit: execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim(),
        machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
        transport: config.BENCH_TRANSPORT,
        connections: config.BENCH_CONNECTIONS,
        durationSec: config.BENCH_DURATION_SEC,
        page: { svgBytes: svg.length, gzipBytes: gzSvg.length },
        results: rows,
        ratios: Object.fromEntries(
          pairs.map(([a, b]) => {
            const x = byKey.get(a);
            const y = byKey.get(b);
            return [
              a,
              x && y
                ? { reqPerSec: ratio(x.reqPerSec, y.reqPerSec), cpuPerReq: ratio(x.cpuUsPerReq, y.cpuUsPerReq) }
                : null,
            ];
          }),
        ),
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nwritten ${file.pathname}`);
});

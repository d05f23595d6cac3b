// The API while documents convert: GET /api/v1/settings under load (autocannon in a pinned child
// process) through the whole one-process site, as `npm start` runs it, against the same load with
// nothing converting — and the site's RSS (sampled every 50 ms) while each document converts:
//
//   (a) baseline: nothing converting
//   (h) the issue's hostile PDF: 3 KB, nested form XObjects, a million fills (fails as too complex)
//   (r) 10⁵ fills: a 24 MB SVG, over the output cap, served as a raster page
//   (n) an ordinary BENCH_PAGES-page PDF (Chinese + Latin text, vector shapes)
//   (o) the hostile page interpreted on the event loop, as the old converter did (its text pass only)
//
//   node --import tsx bench/conversion/hostile.ts       (npm run bench:hostile -w @wenku/bench)
//
// The site uses its default converter settings (CONVERTER_PAGE_TIMEOUT_SEC 10 …) unless the
// environment says otherwise. Needs PostgreSQL at TEST_DATABASE_URL, like the other site benches.
import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import * as os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { loadConfig, z } from "@wenku/kit";
import { makeHostilePdf, makePdf } from "@wenku/testkit/documents";
import { type Cleanup, withCleanup } from "../gateway/stack.js";
import { LOAD_CPU, type LoadRequest, pinned } from "../lib/load.js";
import { type Measured, measure, ratio, table } from "../lib/measure.js";
import { api, type BenchSite, startBenchSite } from "../lib/site.js";

const config = loadConfig(
  z.object({
    TEST_DATABASE_URL: z.string().url().default("postgres://root@127.0.0.1:5432/test"),
    BENCH_CONNECTIONS: z.coerce.number().int().min(1).default(8),
    BENCH_DURATION_SEC: z.coerce.number().int().min(1).default(20),
    BENCH_WARMUP_SEC: z.coerce.number().int().min(0).default(3),
    BENCH_PAGES: z.coerce.number().int().min(1).max(500).default(50),
    BENCH_ONLY: z.string().optional(),
  }),
);

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

type Site = BenchSite;

function startSite(cleanup: Cleanup): Promise<Site> {
  return startBenchSite(cleanup, {
    databaseUrl: config.TEST_DATABASE_URL,
    name: "hostile",
    transport: "memory",
    env: process.env,
  });
}

/** Uploads and creates a document; returns its id. */
async function submit(site: Site, bytes: Uint8Array, name: string): Promise<number> {
  const form = new FormData();
  form.append("file", new Blob([bytes], { type: "application/pdf" }), name);
  const upload = await fetch(`${site.url}/api/v1/upload/document`, {
    method: "POST",
    headers: { authorization: `Bearer ${site.token}` },
    body: form,
  });
  const uploaded = (await upload.json()) as { data?: { id: number }; message?: string };
  if (!upload.ok || !uploaded.data) throw new Error(`upload: HTTP ${upload.status} ${uploaded.message}`);
  await api(
    site.url,
    "POST",
    "/api/v1/document",
    { category_id: [site.category], document: [{ title: name, attachment_id: uploaded.data.id }] },
    site.token,
  );
  const list = await api(site.url, "GET", "/api/v1/document/list?page=1&size=1&order=id%20desc", undefined, site.token);
  const id = (list.document as Array<{ id: number }>)[0]?.id;
  if (!id) throw new Error("the document was not created");
  return id;
}

interface Conversion {
  ms: number;
  status: "converted" | "failed";
  convertError: string;
  pages: number;
  rssPeakMb: number;
  rssBeforeMb: number;
}

/** The document's conversion from submit to its final status, with the process RSS sampled meanwhile. */
async function convert(site: Site, bytes: Uint8Array, name: string): Promise<Conversion> {
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  const t0 = performance.now();
  try {
    const id = await submit(site, bytes, name);
    for (;;) {
      const doc = await api(site.url, "GET", `/api/v1/document?id=${id}`, undefined, site.token);
      if (doc.status === 2 || doc.status === 3) {
        return {
          ms: performance.now() - t0,
          status: doc.status === 2 ? "converted" : "failed",
          convertError: String(doc.convert_error ?? ""),
          pages: Number(doc.pages ?? 0),
          rssPeakMb: mb(peak),
          rssBeforeMb: mb(rssBefore),
        };
      }
      if (performance.now() - t0 > 300_000) throw new Error(`${name}: not done after 300 s`);
      await sleep(100);
    }
  } finally {
    clearInterval(sampler);
  }
}

/** The old converter's way: the hostile page's content interpreted on the site's own event loop. */
async function onTheEventLoop(bytes: Uint8Array): Promise<Conversion> {
  const mupdf = await import("mupdf");
  const rssBefore = process.memoryUsage.rss();
  await sleep(200); // let the load start before the loop freezes
  const t0 = performance.now();
  const doc = mupdf.Document.openDocument(bytes, "hostile.pdf");
  const page = doc.loadPage(0);
  const st = page.toStructuredText("preserve-whitespace");
  st.asText();
  const ms = performance.now() - t0;
  const rss = process.memoryUsage.rss();
  st.destroy();
  page.destroy();
  doc.destroy();
  return { ms, status: "converted", convertError: "", pages: 1, rssPeakMb: mb(rss), rssBeforeMb: mb(rssBefore) };
}

await withCleanup(async (cleanup) => {
  process.stdout.write("starting the site …\n");
  const site = await startSite(cleanup);
  const request: LoadRequest = { url: `${site.url}/api/v1/settings`, method: "GET", headers: {} };
  const opts = (warmupSec: number) => ({
    connections: config.BENCH_CONNECTIONS,
    durationSec: config.BENCH_DURATION_SEC,
    warmupSec,
  });
  const lines = (n: number) =>
    Array.from({ length: 28 }, (_, i) =>
      i % 2 === 0
        ? `第${n}页第${i + 1}行：数字文库把上传的文档转换为矢量页面，供在线阅读。`
        : `Page ${n}, line ${i + 1}: the quick brown fox jumps over the lazy dog.`,
    );
  const documents = {
    h: { label: "(h) hostile PDF, 10⁶ fills", bytes: makeHostilePdf(6) },
    r: { label: "(r) 10⁵ fills → raster page", bytes: makeHostilePdf(5) },
    n: {
      label: `(n) ordinary ${config.BENCH_PAGES}-page PDF`,
      bytes: makePdf({ pages: config.BENCH_PAGES, lines, shapes: true }),
    },
  };
  const only = config.BENCH_ONLY?.split(",").map((k) => k.trim());
  const wanted = (key: string) => !only || only.includes(key) || key === "a";

  console.log(
    `\n${os.cpus().length} CPUs (${os.cpus()[0]?.model}), node ${process.version}; autocannon ${pinned ? `pinned to CPU ${LOAD_CPU}` : "unpinned"}, ` +
      `${config.BENCH_CONNECTIONS} connections, ${config.BENCH_DURATION_SEC} s per row; load: GET /api/v1/settings\n`,
  );
  const rows: Measured[] = [];
  const conversions: Record<string, Conversion & { label: string; bytes: number }> = {};
  process.stdout.write("measuring (a) baseline …\n");
  rows.push(await measure("a", "(a) nothing converting", request, opts(config.BENCH_WARMUP_SEC)));
  for (const [key, d] of Object.entries(documents)) {
    if (!wanted(key)) continue;
    process.stdout.write(`measuring ${d.label} …\n`);
    const [m, c] = await Promise.all([measure(key, d.label, request, opts(0)), convert(site, d.bytes, `${key}.pdf`)]);
    rows.push(m);
    conversions[key] = { ...c, label: d.label, bytes: d.bytes.length };
    await sleep(1000);
  }
  if (wanted("o")) {
    process.stdout.write("measuring (o) the old way …\n");
    const label = "(o) same page on the event loop (old)";
    const [m, c] = await Promise.all([
      measure("o", label, request, opts(0)).catch((err: Error) => err),
      onTheEventLoop(documents.h.bytes),
    ]);
    conversions.o = { ...c, label, bytes: documents.h.bytes.length };
    if (m instanceof Error) console.log(`(o): the load run itself failed while the loop was blocked: ${m.message}`);
    else rows.push(m);
  }

  console.log(`\n${table(rows, "a", "(a)")}`);
  console.table(
    Object.fromEntries(
      Object.values(conversions).map((c) => [
        c.label,
        {
          "input KB": (c.bytes / 1024).toFixed(1),
          "wall s": (c.ms / 1000).toFixed(1),
          outcome: c.status === "failed" ? `failed: ${c.convertError}` : `${c.pages} pages`,
          "RSS before MB": c.rssBeforeMb,
          "RSS peak MB": c.rssPeakMb,
        },
      ]),
    ),
  );
  if ((os.loadavg()[0] ?? 0) > os.cpus().length) {
    console.log(`warning: load average ${os.loadavg()[0]} exceeds ${os.cpus().length} CPUs: trust the ratios`);
  }
  const when = new Date().toISOString().replace(/:/g, "-").replace(/\..+$/, "");
  const file = new URL(`../results/hostile-${when}.json`, import.meta.url);
  await mkdir(new URL(".", file), { recursive: true });
  const base = rows.find((r) => r.key === "a");
  await writeFile(
    file,
    `${JSON.stringify(
      {
        bench: "hostile",
        date: new Date().toISOString(),
        commit: execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim(),
        machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadavg: os.loadavg() },
        connections: config.BENCH_CONNECTIONS,
        durationSec: config.BENCH_DURATION_SEC,
        results: rows,
        p99Ratios: Object.fromEntries(rows.map((r) => [r.key, base ? ratio(r.p99Ms, base.p99Ms) : null])),
        conversions,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nwritten ${file.pathname}`);
});

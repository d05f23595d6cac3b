// What the web app costs a visitor, measured in Chromium against the whole one-process site (as
// `npm start` wires it) serving the built app (web/dist): the JavaScript of the anonymous home page
// (bytes over the wire and decoded) and the Largest Contentful Paint of a document page, each with
// compression (Chromium's own Accept-Encoding) and without (Accept-Encoding: identity), on loopback
// and on an emulated slow 4G link. A 3-page PDF is uploaded, created and converted through the public
// API first; the anonymous visitor must be able to read it.
//
//   npm run build -w web && npm run bench:web -w @wenku/bench     (or: node --import tsx bench/web/run.ts)

import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import * as os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { loadConfig, z } from "@wenku/kit";
import { makePdf } from "@wenku/testkit/documents";
import { withCleanup } from "../gateway/stack.js";
import { api, startBenchSite } from "../lib/site.js";
import { type Load, launch, measureLoad, median, type Network, SLOW_4G } from "./browser.js";

const config = loadConfig(
  z.object({
    TEST_DATABASE_URL: z.string().url().default("postgres://root@127.0.0.1:5432/test"),
    CHROMIUM_PATH: z.string().default("/usr/bin/chromium"),
    WEB_DIST: z.string().optional(),
    BENCH_RUNS: z.coerce.number().int().min(1).max(50).default(5),
    /** Skip the slow-4G rows (each identity load there takes seconds). */
    BENCH_NO_THROTTLE: z.enum(["0", "1"]).default("0"),
    /** Print the document page's waterfall (first compressed loopback load): what its LCP waits for. */
    BENCH_WATERFALL: z.enum(["0", "1"]).default("0"),
  }),
);

const webDist = config.WEB_DIST ?? fileURLToPath(new URL("../../web/dist", import.meta.url));
if (!existsSync(`${webDist}/index.html`)) {
  console.error(`no built web app at ${webDist}: run \`npm run build -w web\` first`);
  process.exit(1);
}

/** One converted document the anonymous visitor may read; returns its id. */
async function makeDocument(url: string, token: string, category: number): Promise<number> {
  const pdf = makePdf({ pages: 3 });
  const form = new FormData();
  form.append("file", new Blob([pdf], { type: "application/pdf" }), "bench-web.pdf");
  const upload = await fetch(`${url}/api/v1/upload/document`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const uploaded = (await upload.json()) as { data?: { id: number }; message?: string };
  if (!upload.ok || !uploaded.data) throw new Error(`upload: HTTP ${upload.status} ${uploaded.message}`);
  await api(
    url,
    "POST",
    "/api/v1/document",
    { category_id: [category], document: [{ title: "网页基准文档", attachment_id: uploaded.data.id }] },
    token,
  );
  const list = await api(url, "GET", "/api/v1/document/list?page=1&size=1&order=id%20desc", undefined, token);
  const id = (list.document as Array<{ id: number }>)[0]?.id;
  if (!id) throw new Error("the document was not created");
  const deadline = Date.now() + 120_000;
  for (;;) {
    const doc = await api(url, "GET", `/api/v1/document?id=${id}`); // anonymous: it must be public
    if (doc.status === 2) return id;
    if (doc.status === 3) throw new Error(`conversion failed: ${doc.convert_error}`);
    if (Date.now() > deadline) throw new Error(`not converted after 120 s (status ${doc.status})`);
    await sleep(250);
  }
}

interface Row {
  page: string;
  compression: boolean;
  network: string;
  runs: Load[];
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number | null) => (n === null ? "—" : `${Math.round(n)} ms`);

/** The median of a timeline field over the runs that have it. */
function medianOf(runs: readonly Load[], field: keyof Load["timeline"]): number | null {
  const xs = runs.map((l) => l.timeline[field]).filter((x): x is number => x !== null);
  return xs.length ? median(xs) : null;
}

function summary(r: Row) {
  const lcps = r.runs.map((l) => l.lcpMs).filter((x): x is number => x !== null);
  const first = r.runs[0] as Load;
  return {
    page: r.page,
    compression: r.compression,
    network: r.network,
    scripts: first.scripts.length,
    jsEncodedBytes: median(r.runs.map((l) => l.jsEncoded)),
    jsDecodedBytes: median(r.runs.map((l) => l.jsDecoded)),
    lcpMedianMs: lcps.length ? median(lcps) : null,
    lcpMs: r.runs.map((l) => l.lcpMs),
    /** Medians, ms after navigation start: where the time to the largest paint goes. */
    timeline: {
      firstApiStart: medianOf(r.runs, "firstApiStart"),
      imageStart: medianOf(r.runs, "imageStart"),
      imageEnd: medianOf(r.runs, "imageEnd"),
      scriptsDone: medianOf(r.runs, "scriptsDone"),
    },
  };
}

await withCleanup(async (cleanup) => {
  const site = await startBenchSite(cleanup, {
    databaseUrl: config.TEST_DATABASE_URL,
    name: "web",
    transport: "memory",
    webDist,
  });
  const documentId = await makeDocument(site.url, site.token, site.category);
  const browser = await launch(config.CHROMIUM_PATH);
  cleanup.add(() => browser.close());

  const networks: Array<Network | null> = config.BENCH_NO_THROTTLE === "1" ? [null] : [null, SLOW_4G];
  const pages = [
    { name: "home", path: "/", ready: "main" },
    {
      name: "document",
      path: `/document/${documentId}`,
      ready: '[data-testid="reader-page"][data-page="1"]',
      image: /^\/view\/page\/\d+\/1\./,
    },
  ];
  const rows: Row[] = [];
  for (const network of networks) {
    for (const p of pages) {
      for (const compression of [true, false]) {
        const runs: Load[] = [];
        for (let i = 0; i < config.BENCH_RUNS; i++) {
          const load = await measureLoad(browser, site.url + p.path, {
            identity: !compression,
            network,
            ready: p.ready,
            ...(p.image ? { image: p.image } : {}),
          });
          // The measurement is only honest when every script came the way the row says.
          const wrong = load.scripts.filter((s) => (compression ? s.encoding === "" : s.encoding !== ""));
          if (compression && wrong.length === load.scripts.length && load.scripts.length > 0) {
            console.warn(`${p.name}: no script came compressed (the server sends identity only)`);
          } else if (!compression && wrong.length) {
            throw new Error(`${p.name}: ${wrong.length} scripts came encoded although identity was asked for`);
          }
          runs.push(load);
        }
        rows.push({ page: p.name, compression, network: network?.name ?? "loopback", runs });
      }
    }
  }

  const results = rows.map(summary);
  console.log("\npage      compression  network   scripts  JS over the wire  JS decoded   LCP median (runs)");
  for (const r of results) {
    console.log(
      [
        r.page.padEnd(9),
        (r.compression ? "br/gzip" : "identity").padEnd(12),
        r.network.padEnd(9),
        String(r.scripts).padStart(7),
        kb(r.jsEncodedBytes).padStart(17),
        kb(r.jsDecodedBytes).padStart(11),
        `  ${ms(r.lcpMedianMs)} (${r.lcpMs.map(ms).join(", ")})`,
      ].join(" "),
    );
  }
  console.log(
    "\ntimeline (medians, ms after navigation start): first API call, first page image sent → done, last script done",
  );
  for (const r of results) {
    const t = r.timeline;
    console.log(
      [
        r.page.padEnd(9),
        (r.compression ? "br/gzip" : "identity").padEnd(12),
        r.network.padEnd(9),
        `  API ${ms(t.firstApiStart)}`.padEnd(14),
        r.page === "document" ? `  image ${ms(t.imageStart)} → ${ms(t.imageEnd)}`.padEnd(26) : "".padEnd(26),
        `  scripts ${ms(t.scriptsDone)}`,
        `  LCP ${ms(r.lcpMedianMs)}`,
      ].join(""),
    );
  }
  const documentRow = rows.find((r) => r.page === "document" && r.compression && r.network === "loopback");
  if (documentRow && config.BENCH_WATERFALL === "1") {
    console.log("\ndocument page waterfall (compressed, loopback, first load): sent → done");
    for (const f of (documentRow.runs[0] as Load).waterfall) {
      console.log(`  ${ms(f.start).padStart(8)} → ${ms(f.end).padStart(8)}  ${f.path}`);
    }
  }
  const home = rows.find((r) => r.page === "home" && r.compression && r.network === "loopback");
  if (home) {
    console.log("\nhome page scripts (compressed, largest first):");
    const scripts = [...(home.runs[0] as Load).scripts].sort((a, b) => b.encoded - a.encoded);
    for (const s of scripts) {
      console.log(
        `  ${kb(s.encoded).padStart(9)} ${kb(s.decoded).padStart(9)} ${s.encoding.padEnd(4)} ${new URL(s.url).pathname}`,
      );
    }
  }

  const when = new Date().toISOString().replace(/:/g, "-").replace(/\..+$/, "");
  const file = new URL(`../results/web-${when}.json`, import.meta.url);
  await mkdir(new URL(".", file), { recursive: true });
  const doc = {
    bench: "web",
    date: new Date().toISOString(),
    commit: execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, load: os.loadavg() },
    runs: config.BENCH_RUNS,
    results,
    homeScripts: home ? (home.runs[0] as Load).scripts : [],
    /** Every page's scripts (compressed, loopback, first run): what to look at when a page grew. */
    pageScripts: Object.fromEntries(
      rows.filter((r) => r.compression && r.network === "loopback").map((r) => [r.page, (r.runs[0] as Load).scripts]),
    ),
    /** Every page's waterfall (compressed, loopback, first run). */
    waterfalls: Object.fromEntries(
      rows.filter((r) => r.compression && r.network === "loopback").map((r) => [r.page, (r.runs[0] as Load).waterfall]),
    ),
  };
  await writeFile(file, `${JSON.stringify(doc, null, 2)}\n`);
  console.log(`\nwritten ${file.pathname}`);
});

// The hot paths of issue #23, each against its goal and against a baseline in the same run: the one-process
// site as `npm start` wires it (BENCH_TRANSPORT=grpc: real gRPC between gateway and services, as in a
// cluster), seeded through the public API with converted documents and a second user, under the same
// load. The cost that counts is the CPU per request of the whole site: this process (gateway, services,
// the baselines idle beside them) plus the PostgreSQL processes working for its database (/proc).
//
//   node --import tsx bench/hot/run.ts        (npm run bench:hot -w @wenku/bench)
//
// GET / needs the built web app: `npm run build -w web` (web/dist) or WEB_DIST=<a build>.

import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import * as os from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { loadConfig, z } from "@wenku/kit";
import { startBare } from "../gateway/bare.js";
import { type Cleanup, withCleanup } from "../gateway/stack.js";
import { benchPdf, convertedDocument } from "../lib/documents.js";
import { chosen, loadBenchEnv } from "../lib/env.js";
import { LOAD_CPU, type LoadRequest, pinned } from "../lib/load.js";
import { type Measured, measure } from "../lib/measure.js";
import { postgresCpu } from "../lib/postgres.js";
import { api, type BenchSite, HOST, startBenchSite } from "../lib/site.js";
import { startStatic } from "../lib/static.js";

const config = loadConfig(
  z.object({
    ...loadBenchEnv,
    /** The issue measured with 16 connections. */
    BENCH_CONNECTIONS: z.coerce.number().int().min(1).default(16),
    BENCH_TRANSPORT: z.enum(["memory", "grpc"]).default("memory"),
    BENCH_DOCUMENTS: z.coerce.number().int().min(1).max(50).default(3),
    BENCH_PAGES: z.coerce.number().int().min(1).max(100).default(3),
    /** The built web app GET / renders; default web/dist. */
    WEB_DIST: z.string().optional(),
  }),
);

/** The issue's goals: CPU µs per request of the whole site. */
const GOALS = { settings: 1_000, user: 1_500, list: 2_000, page: 600, page_304: 200, home: 500 } as const;

interface Target {
  key: string;
  label: string;
  request: LoadRequest;
  /** The baseline row this row is compared with; none for the baselines themselves. */
  base?: string;
  goalUs?: number;
  /** 304 for revalidation runs. */
  expectStatus?: number;
  /** Checks one answer before the load; returns the body every answer must equal (JSON rows), else undefined. */
  check(res: Response, body: Buffer): string | undefined;
}

const get = (url: string, headers: Record<string, string> = {}): LoadRequest => ({ url, method: "GET", headers });

function expect(ok: boolean, what: string, body: Buffer | string): void {
  if (!ok) throw new Error(`unexpected answer (${what}): ${body.toString().slice(0, 300)}`);
}

/** A check of the status alone (binary bodies: the load run counts statuses). */
const status = (code: number, what: string) => (res: Response) => {
  expect(res.status === code, `${what}: HTTP ${res.status}`, "");
  return undefined;
};

const json = (what: string, test: (v: Record<string, unknown>) => boolean) => (res: Response, body: Buffer) => {
  expect(res.status === 200, `${what}: HTTP ${res.status}`, body);
  expect(test(JSON.parse(body.toString()) as Record<string, unknown>), what, body);
  return body.toString();
};

/** A browser's Accept-Encoding: the gateway answers pages brotli-compressed, as it would to a visitor. */
const BROWSER = { "accept-encoding": "gzip, deflate, br" };

interface Seeded {
  site: BenchSite;
  documents: Array<{ id: number; hash: string }>;
}

/** The site with BENCH_DOCUMENTS converted documents and a second user, made through the public API. */
async function seed(cleanup: Cleanup, webDist: string | undefined): Promise<Seeded> {
  const site = await startBenchSite(cleanup, {
    databaseUrl: config.TEST_DATABASE_URL,
    name: "hot",
    transport: config.BENCH_TRANSPORT,
    webDist,
  });
  const pdf = benchPdf(config.BENCH_PAGES);
  const documents = [];
  for (let i = 1; i <= config.BENCH_DOCUMENTS; i++) {
    documents.push(await convertedDocument(site, pdf, `热点基准文档 ${i}`));
  }
  const password = randomBytes(12).toString("base64url");
  await api(site.url, "POST", "/api/v1/user", { username: "reader", password, group_id: [] }, site.token);
  return { site, documents };
}

function targets(s: Seeded, bareUrl: string, staticPages: string, staticWeb: string | null, etag: string): Target[] {
  const { url, token } = s.site;
  const hash = s.documents[0]?.hash ?? "";
  const docs = s.documents.length;
  const t: Target[] = [
    {
      key: "bare",
      label: "(b) bare node:http + pg: GetUser's SQL",
      request: get(`${bareUrl}/api/v1/user?id=1`),
      check: json("bare user 1", (u) => u.id === 1),
    },
    {
      key: "settings",
      label: "GET /api/v1/settings",
      request: get(`${url}/api/v1/settings`),
      base: "bare",
      goalUs: GOALS.settings,
      check: json("settings", (v) => typeof v.system === "object"),
    },
    {
      key: "user",
      label: "GET /api/v1/user?id=1 (the admin)",
      request: get(`${url}/api/v1/user?id=1`, { authorization: `Bearer ${token}` }),
      base: "bare",
      goalUs: GOALS.user,
      check: json("user 1 is admin", (v) => v.id === 1 && v.username === "admin"),
    },
    {
      key: "list",
      label: "GET /api/v1/document/list?page=1&size=20",
      request: get(`${url}/api/v1/document/list?page=1&size=20`),
      base: "bare",
      goalUs: GOALS.list,
      check: json(`${docs} documents`, (v) => Array.isArray(v.document) && v.document.length === docs),
    },
    {
      key: "static_svg",
      label: "(s) static file server, .svg",
      request: get(`${staticPages}/page-1.svg`),
      check: status(200, "static svg"),
    },
    {
      key: "page",
      label: "GET /view/page/<hash>/1.svg",
      request: get(`${url}/view/page/${hash}/1.svg`),
      base: "static_svg",
      goalUs: GOALS.page,
      check: status(200, "page"),
    },
    {
      key: "static_304",
      label: "(s) static, If-None-Match → 304",
      request: get(`${staticPages}/page-1.svg`, { "if-none-match": "" }),
      expectStatus: 304,
      check: status(304, "static 304"),
    },
    {
      key: "page_304",
      label: "GET /view/page/<hash>/1.svg, If-None-Match → 304",
      request: get(`${url}/view/page/${hash}/1.svg`, { "if-none-match": etag }),
      base: "static_304",
      goalUs: GOALS.page_304,
      expectStatus: 304,
      check: status(304, "page 304"),
    },
  ];
  if (staticWeb) {
    t.push(
      {
        key: "static_html",
        label: "(s) static, index.html (br)",
        request: get(`${staticWeb}/index.html.br`),
        check: status(200, "static index.html"),
      },
      {
        key: "home",
        label: "GET / (server-rendered home, br)",
        request: get(`${url}/`, BROWSER),
        base: "static_html",
        goalUs: GOALS.home,
        check: (res, body) => {
          // fetch inflates the body; the header still says how it came
          expect(res.headers.get("content-encoding") === "br", "home compressed with brotli", body);
          expect(res.status === 200 && body.includes('id="wk-seo"'), `home rendered: HTTP ${res.status}`, body);
          return undefined;
        },
      },
    );
  }
  return t;
}

const fmt = (n: number | null | undefined, digits = 0) =>
  n === null || n === undefined || !Number.isFinite(n) ? "-" : n.toFixed(digits);

interface Row extends Measured {
  siteCpuUsPerReq: number;
  goalUs: number | null;
  vsGoal: number | null;
  base: string | null;
  vsBase: number | null;
}

function tableOf(rows: Row[]): string {
  const head = [
    "row",
    "req/s",
    "p50 ms",
    "p99 ms",
    "node µs",
    "pg µs",
    "site µs/req",
    "goal µs",
    "÷ goal",
    "÷ base",
    "load",
  ];
  const lines = rows.map((r) => [
    r.label,
    fmt(r.reqPerSec),
    fmt(r.p50Ms),
    fmt(r.p99Ms),
    fmt(r.cpuUsPerReq),
    fmt(r.otherCpuUsPerReq),
    fmt(r.siteCpuUsPerReq),
    fmt(r.goalUs),
    fmt(r.vsGoal, 2),
    r.base ? `${fmt(r.vsBase, 2)} (${r.base})` : "-",
    fmt(r.loadAvg, 1),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  const row = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  return [row(head), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(row)].join("\n");
}

/** git's answer, or null outside a checkout. */
function git(...args: string[]): string | null {
  try {
    return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

await withCleanup(async (cleanup) => {
  const keys = config.BENCH_ONLY?.split(",").map((k) => k.trim());
  const wantsHome = !keys || keys.includes("home") || keys.includes("static_html");
  const webDist = config.WEB_DIST ?? fileURLToPath(new URL("../../web/dist", import.meta.url));
  const hasWeb = existsSync(join(webDist, "index.html"));
  if (wantsHome && !hasWeb) {
    if (keys)
      throw new Error(`GET / needs the built web app: run \`npm run build -w web\` or set WEB_DIST (${webDist})`);
    console.warn(`warning: no built web app at ${webDist}: the GET / row is left out (npm run build -w web)`);
  }
  process.stdout.write(
    `seeding: ${config.BENCH_DOCUMENTS} documents of ${config.BENCH_PAGES} pages, converted through the site …\n`,
  );
  const seeded = await seed(cleanup, hasWeb ? webDist : undefined);
  const pg = postgresCpu(new URL(seeded.site.databaseUrl).pathname.slice(1));
  cleanup.add(async () => pg.close());
  if (pg.unavailable) console.warn(`warning: PostgreSQL's CPU is not counted: ${pg.unavailable}`);
  const bare = await startBare(seeded.site.databaseUrl, HOST);
  cleanup.add(() => bare.close());
  const doc = seeded.documents[0];
  if (!doc) throw new Error("no document was seeded");
  const pagesDir = join(seeded.site.storageDir, "documents", doc.hash);
  const staticPages = await startStatic(pagesDir, cleanup);
  const staticWeb = hasWeb ? await startStatic(webDist, cleanup) : null;
  const pageUrl = `${seeded.site.url}/view/page/${doc.hash}/1.svg`;
  const etag = (await fetch(pageUrl)).headers.get("etag") ?? "";
  const all = targets(seeded, `http://${HOST}:${bare.port}`, staticPages, staticWeb, etag);
  const staticEtag = (await fetch(`${staticPages}/page-1.svg`)).headers.get("etag") ?? "";
  for (const t of all) if (t.key === "static_304") t.request.headers["if-none-match"] = staticEtag;
  const picked = chosen(all, config.BENCH_ONLY);
  const expected = new Map<string, string | undefined>();
  for (const t of picked) {
    const res = await fetch(t.request.url, { headers: t.request.headers });
    const body = Buffer.from(await res.arrayBuffer());
    expected.set(t.key, t.check(res, body));
  }
  const svg = await readFile(join(pagesDir, "page-1.svg"));
  const load0 = os.loadavg()[0] ?? 0;
  const commit = git("rev-parse", "--short", "HEAD") ?? "unknown (not a git checkout)";
  const dirty =
    git("status", "--porcelain", "--untracked-files=no", "--", "gateway", "services", "proto")
      ?.split("\n")
      .filter(Boolean).length ?? 0;
  console.log(
    `\n${os.cpus().length} CPUs (${os.cpus()[0]?.model}), node ${process.version}; commit ${commit}` +
      `${dirty ? ` + ${dirty} uncommitted files in gateway/services/proto` : ""}; transport ${config.BENCH_TRANSPORT}; ` +
      `autocannon ${pinned ? `pinned to CPU ${LOAD_CPU}` : "unpinned"}, ${config.BENCH_CONNECTIONS} connections, ` +
      `${config.BENCH_WARMUP_SEC} s warm-up + ${config.BENCH_DURATION_SEC} s each; page 1: ${svg.length} B SVG; ` +
      `load average ${load0.toFixed(1)}\n`,
  );
  if (load0 > os.cpus().length) {
    console.warn(`warning: load average ${load0.toFixed(1)} > ${os.cpus().length} CPUs: numbers will be noisy\n`);
  }
  const measured: Measured[] = [];
  for (const t of picked) {
    process.stdout.write(`measuring ${t.label} …\n`);
    measured.push(
      await measure(
        t.key,
        t.label,
        { ...t.request, expectBody: expected.get(t.key) },
        {
          connections: config.BENCH_CONNECTIONS,
          durationSec: config.BENCH_DURATION_SEC,
          warmupSec: config.BENCH_WARMUP_SEC,
          expectStatus: t.expectStatus,
          otherCpu: pg.unavailable ? undefined : pg.sample,
        },
      ),
    );
    await sleep(500); // let the previous connections close
  }
  const site = (m: Measured) => m.cpuUsPerReq + (m.otherCpuUsPerReq ?? 0);
  const rows: Row[] = measured.map((m) => {
    const t = picked.find((x) => x.key === m.key);
    const base = measured.find((b) => b.key === t?.base);
    const goal = t?.goalUs ?? null;
    return {
      ...m,
      siteCpuUsPerReq: site(m),
      goalUs: goal,
      vsGoal: goal ? site(m) / goal : null,
      base: t?.base ?? null,
      vsBase: base ? site(m) / site(base) : null,
    };
  });
  console.log(`\n${tableOf(rows)}\n`);
  console.log(
    "site µs/req = node µs (this process) + pg µs (PostgreSQL processes of the bench's database);" +
      " ÷ goal and ÷ base compare site µs/req\n",
  );
  const when = new Date().toISOString().replace(/:/g, "-").replace(/\..+$/, "");
  const file = new URL(`../results/hot-${when}.json`, import.meta.url);
  await mkdir(new URL(".", file), { recursive: true });
  await writeFile(
    file,
    `${JSON.stringify(
      {
        bench: "hot",
        date: new Date().toISOString(),
        commit,
        uncommittedFiles: dirty,
        machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
        transport: config.BENCH_TRANSPORT,
        connections: config.BENCH_CONNECTIONS,
        durationSec: config.BENCH_DURATION_SEC,
        warmupSec: config.BENCH_WARMUP_SEC,
        postgresCpu: pg.unavailable ?? "counted",
        loadAvgAtStart: load0,
        seeded: { documents: config.BENCH_DOCUMENTS, pages: config.BENCH_PAGES, users: 2 },
        results: rows,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`written ${file.pathname}`);
});

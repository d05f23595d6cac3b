// `npm run import` against a one-process site: N tiny PDFs (in folders of 500: one category each) imported by
// the CLI as an operator runs it (a child process), then again (every file skipped by the resume state) and
// again without the state (every file checked by hash). Reports files/s of each pass and the CLI's peak RSS,
// for a small and a large N in the same run: the peak must not grow with the file count.
// The site converts nothing (CONVERTER_CONCURRENCY=0) and has no daily upload quota: the import is measured.
//
//   node --import tsx bench/import/run.ts            (300 and 3,000 files)
//   node --import tsx bench/import/run.ts --full     (1,000 and 10,000 files)
//   BENCH_IMPORT_FILES=500,5000 node --import tsx bench/import/run.ts

import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import * as os from "node:os";
import { join } from "node:path";
import { loadConfig, z } from "@wenku/kit";
import { makePdf } from "@wenku/testkit/documents";
import { withCleanup } from "../gateway/stack.js";
import { api, startBenchSite } from "../lib/site.js";

const config = loadConfig(
  z.object({
    TEST_DATABASE_URL: z.string().url().default("postgres://root@127.0.0.1:5432/test"),
    /** Comma-separated file counts, one site and folder each. */
    BENCH_IMPORT_FILES: z
      .string()
      .regex(/^\d+(,\d+)*$/)
      .optional(),
    BENCH_IMPORT_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(3),
  }),
);
const counts = (config.BENCH_IMPORT_FILES ?? (process.argv.includes("--full") ? "1000,10000" : "300,3000"))
  .split(",")
  .map(Number);
const root = new URL("../..", import.meta.url).pathname;
const PER_FOLDER = 500;

interface Pass {
  seconds: number;
  filesPerSec: number;
  peakRssMb: number;
  exitCode: number | null;
  summary: string;
}

/** N distinct tiny PDFs: one rendered page, each with its own trailing comment (its own hash). */
async function library(dir: string, n: number): Promise<void> {
  const base = Buffer.from(makePdf({ pages: 1, lines: () => ["Wenku import bench"] }));
  for (let i = 0; i < n; i++) {
    const sub = join(dir, `shelf-${String(Math.floor(i / PER_FOLDER)).padStart(3, "0")}`);
    if (i % PER_FOLDER === 0) await mkdir(sub, { recursive: true });
    await writeFile(join(sub, `doc-${i}.pdf`), Buffer.concat([base, Buffer.from(`\n% ${i}\n`)]));
  }
}

function importer(args: string[], env: Record<string, string>): Promise<Pass & { files: number }> {
  const started = process.hrtime.bigint();
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--import",
      join(root, "bench/import/maxrss.mjs"),
      join(root, "tools/import/src/main.ts"),
      ...args,
    ],
    { cwd: root, env: { ...process.env, NODE_OPTIONS: "", ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += String(d)));
  child.stderr.on("data", (d) => {
    err = (err + String(d)).slice(-20_000);
    process.stderr.write(d); // the CLI's progress lines, as an operator sees them
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const kb = Number(/bench-maxrss-kb=(\d+)/.exec(err)?.[1] ?? 0);
      const [, files = "0", own = "0"] = /共 (\d+) 个文件，用时 ([\d.]+) 秒/.exec(out) ?? [];
      resolve({
        files: Number(files),
        seconds: Math.round(seconds * 10) / 10,
        // the CLI's own time: from its start to its summary (node and tsx starting up are left out)
        filesPerSec: Math.round((Number(files) / Math.max(0.001, Number(own))) * 10) / 10,
        peakRssMb: Math.round(kb / 102.4) / 10,
        exitCode: code,
        summary: out.trim(),
      });
    });
  });
}

await withCleanup(async (cleanup) => {
  const rows: Record<string, unknown>[] = [];
  for (const n of counts) {
    const site = await startBenchSite(cleanup, {
      databaseUrl: config.TEST_DATABASE_URL,
      name: `import-${n}`,
      transport: "memory",
      env: { CONVERTER_CONCURRENCY: "0" },
    });
    // the daily upload quotas (100 documents, 2 GB per account by default) would stop the import early
    const quotas = ["upload_max_per_day", "upload_max_mb_per_day"].map((name) => ({
      category: "security",
      name,
      value: "0",
    }));
    await api(site.url, "PUT", "/api/v1/config", { config: quotas }, site.token);
    const dir = await mkdtemp(join(os.tmpdir(), "wenku-import-bench-"));
    cleanup.add(() => rm(dir, { recursive: true, force: true }));
    await library(join(dir, "library"), n);
    const env = { WENKU_URL: site.url, WENKU_TOKEN: site.token };
    const common = [
      join(dir, "library"),
      "--category",
      "导入基准",
      "--concurrency",
      String(config.BENCH_IMPORT_CONCURRENCY),
    ];
    const first = await importer([...common, "--state-dir", join(dir, "state")], env);
    if (first.exitCode !== 0 || first.files !== n) throw new Error(`import of ${n} files:\n${first.summary}`);
    const resumed = await importer([...common, "--state-dir", join(dir, "state")], env);
    const hashed = await importer([...common, "--state-dir", join(dir, "state-fresh")], env);
    for (const [pass, r] of Object.entries({
      import: first,
      "re-run (state)": resumed,
      "re-run (hash check)": hashed,
    })) {
      const row = {
        files: n,
        pass,
        seconds: r.seconds,
        "files/s": r.filesPerSec,
        "peak RSS MB": r.peakRssMb,
        exit: r.exitCode,
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
    await site.stack.close();
  }
  console.table(rows);
  const imports = rows.filter((r) => r.pass === "import");
  const [small, large] = [imports[0], imports.at(-1)];
  if (small && large && small !== large) {
    console.log(
      `peak RSS ${small.files} files: ${small["peak RSS MB"]} MB, ${large.files} files: ${large["peak RSS MB"]} MB`,
    );
  }
  const out = join(root, "bench/results", `import-${new Date().toISOString().slice(0, 10)}.json`);
  await mkdir(join(root, "bench/results"), { recursive: true });
  await writeFile(out, `${JSON.stringify({ cpus: os.cpus().length, loadavg: os.loadavg(), rows }, null, 2)}\n`);
  console.log(`written to ${out}`);
});

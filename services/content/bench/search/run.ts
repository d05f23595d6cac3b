// The PostgreSQL search index (services/search/src/postgres/search.pg.ts) on a generated corpus
// (generate.ts): indexing throughput, then a query set with known answers through index.search
// (relevance, limit 10) against what moredoc does, a LIKE '%q%' scan, on the same database in the
// same run: p50/p95/p99 latency, the ratios, top-1/top-3 relevance, and the index's size.
//
//   node --import tsx services/content/bench/search/run.ts        (npm run bench:search -w @wenku/bench)
//
// Knobs: BENCH_DOCS (100,000), BENCH_QUERIES (200), BENCH_LIKE_TEXT_QUERIES (50: the LIKE over every
// page's text scans the whole text, so it runs on the first queries only), BENCH_SEED, BENCH_BATCH,
// BENCH_CONCURRENCY (2 upsert workers), BENCH_EN_VOCAB (wide | common: generate.ts), BENCH_RANK_CAP,
// BENCH_DB (a name: the database is kept, loaded by the first run and only queried by later ones).
import { execFileSync } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import * as os from "node:os";
import { loadConfig, runMigrations, z } from "@wenku/kit";
import { createPgSearchIndex } from "@wenku/search";
import { keptDatabase, throwawayDatabase, withCleanup } from "../../../../bench/gateway/stack.js";
import { ratio } from "../../../../bench/lib/measure.js";
import { createDb } from "../../src/db.js";
import { searchLiveCounts } from "../../src/search/search.source.repository.js";
import { service as content } from "../../src/service.js";
import { type BenchQuery, Corpus, DEFAULT_SEED, EN_VOCABS } from "./generate.js";
import { indexSizes, loadCorpus } from "./load.js";

const config = loadConfig(
  z.object({
    TEST_DATABASE_URL: z.string().url().default("postgres://root@127.0.0.1:5432/test"),
    BENCH_DOCS: z.coerce.number().int().min(10).default(100_000),
    BENCH_QUERIES: z.coerce.number().int().min(1).default(200),
    BENCH_LIKE_TEXT_QUERIES: z.coerce.number().int().min(0).default(50),
    BENCH_SEED: z.coerce.number().int().default(DEFAULT_SEED),
    BENCH_BATCH: z.coerce.number().int().min(1).default(100),
    /** Upsert workers while loading (each its own connection; the pool has 5). */
    BENCH_CONCURRENCY: z.coerce.number().int().min(1).max(4).default(2),
    /** The last documents, indexed by index.upsert (timed: its throughput); the others by the bulk path. */
    BENCH_INDEXER_DOCS: z.coerce.number().int().min(0).default(3_000),
    /** maintenance_work_mem (MB) of the GIN index builds after the bulk path. */
    BENCH_BUILD_MEM_MB: z.coerce.number().int().min(64).default(512),
    /** The English vocabulary: "wide" (38,000 words, stop words first) or "common" (SCOWL size 10 alone). */
    BENCH_EN_VOCAB: z.enum(EN_VOCABS).default("wide"),
    /** Text-only matches whose page rows search.pg.ts ranks (its RANK_CAP unless set). */
    BENCH_RANK_CAP: z.coerce.number().int().min(0).optional(),
    /** Matching rows search.pg.ts reads before it calls a query common (its ROW_CAP unless set; 0: no cap). */
    BENCH_ROW_CAP: z.coerce.number().int().min(0).optional(),
    /** Field matches a common query ranks (search.pg.ts's FIELD_CAP unless set). */
    BENCH_FIELD_CAP: z.coerce.number().int().min(0).optional(),
    /** A database kept after the run (wenku_bench_<name>): loaded once, then only queried. */
    BENCH_DB: z
      .string()
      .regex(/^[a-z0-9_]{1,40}$/)
      .optional(),
  }),
);

const LIMIT = 10;

/** One query's outcome on one target. */
interface Answer {
  ms: number;
  /** 1-based position of the right document in the first LIMIT hits; null when absent. */
  position: number | null;
  total: number;
  /** The total is a lower bound (a common query: search.pg.ts's ROW_CAP). */
  more?: boolean;
  /** CPU time of the query: PostgreSQL's backends and this process (what it costs on an idle core). */
  cpuMs: number;
}

interface Row {
  key: string;
  label: string;
  queries: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
  top1: number;
  top3: number;
  meanTotal: number;
  cpuP50Ms: number;
  cpuP95Ms: number;
  cpuP99Ms: number;
}

/** Nearest-rank percentile of ascending `sorted`. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

function summarize(key: string, label: string, answers: Answer[]): Row {
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  const cpu = answers.map((a) => a.cpuMs).sort((a, b) => a - b);
  const share = (ok: (a: Answer) => boolean) => answers.filter(ok).length / answers.length;
  return {
    key,
    label,
    queries: answers.length,
    p50Ms: percentile(ms, 50),
    p95Ms: percentile(ms, 95),
    p99Ms: percentile(ms, 99),
    maxMs: ms[ms.length - 1] ?? Number.NaN,
    meanMs: ms.reduce((a, b) => a + b, 0) / ms.length,
    top1: share((a) => a.position === 1),
    top3: share((a) => a.position !== null && a.position <= 3),
    meanTotal: answers.reduce((a, b) => a + b.total, 0) / answers.length,
    cpuP50Ms: percentile(cpu, 50),
    cpuP95Ms: percentile(cpu, 95),
    cpuP99Ms: percentile(cpu, 99),
  };
}

function table(rows: Row[], base: Row): string {
  const f = (n: number, d = 1) => n.toFixed(d);
  const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
  const head = [
    "target",
    "queries",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "max ms",
    "p95 ÷ PG",
    "top-1",
    "top-3",
    "mean total",
    "CPU p50/p95/p99 ms",
  ];
  const lines = rows.map((r) => [
    r.label,
    String(r.queries),
    f(r.p50Ms),
    f(r.p95Ms),
    f(r.p99Ms),
    f(r.maxMs),
    f(ratio(r.p95Ms, base.p95Ms) ?? Number.NaN),
    pct(r.top1),
    pct(r.top3),
    f(r.meanTotal, 0),
    `${f(r.cpuP50Ms)} / ${f(r.cpuP95Ms)} / ${f(r.cpuP99Ms)}`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  const row = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  return [row(head), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(row)].join("\n");
}

const load = () => os.loadavg().map((l) => l.toFixed(1));

await withCleanup(async (cleanup) => {
  const started = new Date();
  const loadAtStart = load();
  const databaseUrl = config.BENCH_DB
    ? await keptDatabase(config.TEST_DATABASE_URL, `wenku_bench_${config.BENCH_DB}`)
    : await throwawayDatabase(config.TEST_DATABASE_URL, cleanup);
  for (const m of content.migrations) await runMigrations({ connectionString: databaseUrl, ...m });
  const db = createDb(databaseUrl);
  cleanup.add(() => db.$disconnect());
  const index = createPgSearchIndex(db, {
    rankCap: config.BENCH_RANK_CAP,
    // 0: every matching row is read (the search before the row cap)
    rowCap: config.BENCH_ROW_CAP === 0 ? Number.MAX_SAFE_INTEGER : config.BENCH_ROW_CAP,
    fieldCap: config.BENCH_FIELD_CAP,
    liveCounts: searchLiveCounts,
  });

  const corpus = new Corpus(config.BENCH_SEED, config.BENCH_EN_VOCAB);
  console.log(
    `${os.cpus().length} CPUs (${os.cpus()[0]?.model}), node ${process.version}, load ${loadAtStart.join(" ")}; ` +
      `indexing ${config.BENCH_DOCS} documents (seed ${config.BENCH_SEED}, English vocabulary ${config.BENCH_EN_VOCAB}) ` +
      `in batches of ${config.BENCH_BATCH}, ${config.BENCH_CONCURRENCY} workers …`,
  );
  const indexing = await loadCorpus(db, index, corpus, {
    docs: config.BENCH_DOCS,
    seed: config.BENCH_SEED,
    enVocab: config.BENCH_EN_VOCAB,
    batch: config.BENCH_BATCH,
    concurrency: config.BENCH_CONCURRENCY,
    indexerDocs: config.BENCH_INDEXER_DOCS,
    buildMemMb: config.BENCH_BUILD_MEM_MB,
  });
  const sizes = await indexSizes(db);

  const queries = corpus.queries(config.BENCH_DOCS, config.BENCH_QUERIES);
  // CPU time a query costs: its PostgreSQL backends' time on a CPU (/proc/<pid>/schedstat, ns; the
  // server runs here and only this process connects to the bench database) and this process's. On a
  // shared machine the latency also holds the time spent waiting for a core; this does not.
  const backends = async () =>
    (
      await db.$queryRaw<Array<{ pid: number }>>`
        SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`
    ).map((r) => r.pid);
  let pids: number[] = [];
  const cpuNow = async () => {
    let ns = 0;
    for (const pid of pids) {
      const stat = await readFile(`/proc/${pid}/schedstat`, "utf8").catch(() => "0");
      ns += Number(stat.split(" ")[0]);
    }
    const own = process.cpuUsage();
    return ns / 1e6 + (own.user + own.system) / 1000;
  };
  const measured = async <T>(work: () => Promise<T>) => {
    const cpu0 = await cpuNow();
    const t0 = performance.now();
    const r = await work();
    const ms = performance.now() - t0;
    return { r, ms, cpuMs: (await cpuNow()) - cpu0 };
  };
  const pg = async (q: BenchQuery): Promise<Answer> => {
    const { r, ms, cpuMs } = await measured(() =>
      index.search({ text: q.text, sort: "relevance", offset: 0, limit: LIMIT }),
    );
    const at = r.hits.findIndex((h) => h.id === q.documentId);
    return { ms, cpuMs, position: at < 0 ? null : at + 1, total: r.total, more: r.more === true };
  };
  // moredoc: WHERE title LIKE '%q%' OR keywords LIKE … OR description LIKE …, newest first, with the count
  const like =
    (withText: boolean) =>
    async (q: BenchQuery): Promise<Answer> => {
      const pattern = `%${q.text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
      const {
        r: rows,
        ms,
        cpuMs,
      } = await measured(async () =>
        withText
          ? db.$queryRaw<Array<{ id: bigint; total: bigint }>>`
          SELECT d.id, count(*) OVER () AS total FROM bench_like.documents d
           WHERE d.title LIKE ${pattern} OR d.keywords LIKE ${pattern} OR d.description LIKE ${pattern}
              OR d.id IN (SELECT p.document_id FROM bench_like.pages p WHERE p.text LIKE ${pattern})
           ORDER BY d.id DESC LIMIT ${LIMIT}`
          : db.$queryRaw<Array<{ id: bigint; total: bigint }>>`
          SELECT d.id, count(*) OVER () AS total FROM bench_like.documents d
           WHERE d.title LIKE ${pattern} OR d.keywords LIKE ${pattern} OR d.description LIKE ${pattern}
           ORDER BY d.id DESC LIMIT ${LIMIT}`,
      );
      const at = rows.findIndex((r) => r.id === q.documentId);
      return { ms, cpuMs, position: at < 0 ? null : at + 1, total: Number(rows[0]?.total ?? 0) };
    };
  const run = async (label: string, qs: BenchQuery[], ask: (q: BenchQuery) => Promise<Answer>, warmUp = 5) => {
    process.stdout.write(`\nmeasuring ${label}: ${qs.length} queries …`);
    for (const q of qs.slice(0, warmUp)) await ask(q); // plans, caches, connections
    pids = await backends();
    const out: Answer[] = [];
    for (const q of qs) out.push(await ask(q));
    return out;
  };
  const textQueries = queries.slice(0, config.BENCH_LIKE_TEXT_QUERIES);
  const pgAnswers = await run("PostgreSQL full-text index", queries, pg);
  const likeFields = await run("LIKE title/keywords/description", queries, like(false));
  const likeText = textQueries.length ? await run("LIKE fields + page text", textQueries, like(true), 1) : [];
  process.stdout.write("\n");

  const rows = [
    summarize("pg", "(a) PG full-text index.search", pgAnswers),
    summarize("like_fields", "(b) LIKE title/keywords/description (moredoc)", likeFields),
    ...(likeText.length
      ? [
          summarize(
            "pg_text_subset",
            `(a) on the first ${likeText.length} queries`,
            pgAnswers.slice(0, likeText.length),
          ),
          summarize("like_text", "(c) LIKE fields + page text", likeText),
        ]
      : []),
  ];
  const base = rows[0] as Row;
  console.log(`\n${table(rows, base)}`);
  // Relevance by kind of query: which ones the index misses.
  const kinds = new Map<string, Answer[]>();
  pgAnswers.forEach((a, i) => {
    const q = queries[i] as BenchQuery;
    const k = `${q.lang} ${q.from === "title" ? "title" : "page"}`;
    kinds.set(k, [...(kinds.get(k) ?? []), a]);
  });
  const byKind = [...kinds].map(([k, as]) => summarize(k, `(a) ${k} phrases`, as));
  console.log(`\n${table(byKind, base)}`);
  const missed = pgAnswers
    .map((a, i) => ({ a, q: queries[i] as BenchQuery }))
    .filter(({ a }) => a.position === null || a.position > 3)
    .slice(0, 15);
  if (missed.length) {
    console.log("\nPG misses (not in the top 3), first 15:");
    for (const { a, q } of missed) {
      console.log(
        `  ${JSON.stringify(q.text)} → doc ${q.documentId} (${q.from}): position ${a.position ?? "-"} of ${a.total}`,
      );
    }
  }
  const common = pgAnswers.filter((a) => a.more).length;
  console.log(`\n(a): ${common} of ${pgAnswers.length} queries were common (total a lower bound, "约 N 条")`);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const p95Ratio = (a: string, b: string) => ratio(byKey.get(b)?.p95Ms ?? 0, byKey.get(a)?.p95Ms ?? 0);
  const ratios = {
    likeFieldsOverPg: p95Ratio("pg", "like_fields"),
    likeTextOverPg: p95Ratio("pg_text_subset", "like_text"),
  };
  console.log(
    `\np95: LIKE fields ÷ PG ${ratios.likeFieldsOverPg?.toFixed(1)}×, LIKE with page text ÷ PG ` +
      `${ratios.likeTextOverPg?.toFixed(1) ?? "-"}×; load ${loadAtStart.join(" ")} at start, ${load().join(" ")} now`,
  );

  const when = started.toISOString().replace(/:/g, "-").replace(/\..+$/, "");
  const file = new URL(`../../../../bench/results/search-${when}.json`, import.meta.url);
  await mkdir(new URL(".", file), { recursive: true });
  await writeFile(
    file,
    `${JSON.stringify(
      {
        bench: "search",
        date: started.toISOString(),
        commit: execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim(),
        machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
        loadAvg: { start: loadAtStart, end: load() },
        seed: config.BENCH_SEED,
        enVocab: config.BENCH_EN_VOCAB,
        rankCap: config.BENCH_RANK_CAP ?? "search.pg.ts RANK_CAP",
        rowCap: config.BENCH_ROW_CAP ?? "search.pg.ts ROW_CAP",
        fieldCap: config.BENCH_FIELD_CAP ?? "search.pg.ts FIELD_CAP",
        commonQueries: common,
        indexing,
        sizes,
        results: rows,
        byKind,
        ratios,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`written ${file.pathname}`);
});

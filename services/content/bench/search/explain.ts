// The plans of index.search's SQL on a kept bench database (BENCH_DB): times every query of the set,
// then runs the slowest ones again with each statement prefixed by EXPLAIN (ANALYZE, BUFFERS) and
// prints the plans. Queries given as arguments are explained instead of the slowest.
//
//   BENCH_DB=<name> node --import tsx services/content/bench/search/explain.ts [query …]
//
// Knobs: BENCH_DOCS, BENCH_QUERIES, BENCH_SEED, BENCH_EN_VOCAB (the corpus the database holds: the
// query set is made from it), EXPLAIN_TOP (5: how many of the slowest).
import { loadConfig, z } from "@wenku/kit";
import { createPgSearchIndex } from "@wenku/search";
import { withDatabase } from "../../../../jest/url.js";
import { createDb } from "../../src/db.js";
import { searchLiveCounts } from "../../src/search/search.source.repository.js";
import { Corpus, DEFAULT_SEED, EN_VOCABS } from "./generate.js";

const config = loadConfig(
  z.object({
    TEST_DATABASE_URL: z.string().url().default("postgres://root@127.0.0.1:5432/test"),
    BENCH_DB: z.string().regex(/^[a-z0-9_]{1,40}$/),
    BENCH_DOCS: z.coerce.number().int().min(10).default(100_000),
    BENCH_QUERIES: z.coerce.number().int().min(1).default(200),
    BENCH_SEED: z.coerce.number().int().default(DEFAULT_SEED),
    BENCH_EN_VOCAB: z.enum(EN_VOCABS).default("wide"),
    EXPLAIN_TOP: z.coerce.number().int().min(1).default(5),
  }),
);

const db = createDb(withDatabase(config.TEST_DATABASE_URL, `wenku_bench_${config.BENCH_DB}`));
let explaining = false;
// $queryRaw as index.search calls it (a tagged template), explained first while `explaining`
const explained = new Proxy(db, {
  get(target, prop, receiver) {
    if (prop !== "$queryRaw") return Reflect.get(target, prop, receiver);
    return async (strings: TemplateStringsArray, ...values: unknown[]) => {
      if (explaining) {
        // Prisma's Sql (sql-template-tag) flattens the nested fragments (filters, ORDER) into $n text
        type Flat = { text: string; values: unknown[] };
        const Sql = values.find((v) => typeof v === "object" && v !== null && "strings" in v && "values" in v)
          ?.constructor as (new (s: readonly string[], v: unknown[]) => Flat) | undefined;
        const flat: Flat = Sql
          ? new Sql(strings, values)
          : { text: strings.reduce((a, part, i) => `${a}$${i}${part}`), values };
        const plan = await target.$queryRawUnsafe<Array<{ "QUERY PLAN": string }>>(
          `EXPLAIN (ANALYZE, BUFFERS) ${flat.text}`,
          ...flat.values,
        );
        console.log(plan.map((r) => r["QUERY PLAN"]).join("\n"));
        console.log("");
      }
      return target.$queryRaw(strings, ...values);
    };
  },
});
const index = createPgSearchIndex(explained, { liveCounts: searchLiveCounts });

try {
  let texts = process.argv.slice(2);
  if (!texts.length) {
    const queries = new Corpus(config.BENCH_SEED, config.BENCH_EN_VOCAB).queries(
      config.BENCH_DOCS,
      config.BENCH_QUERIES,
    );
    const timed: Array<{ text: string; ms: number; total: number }> = [];
    for (const q of queries) {
      const t0 = performance.now();
      const r = await index.search({ text: q.text, sort: "relevance", offset: 0, limit: 10 });
      timed.push({ text: q.text, ms: performance.now() - t0, total: r.total });
    }
    timed.sort((a, b) => b.ms - a.ms);
    for (const t of timed.slice(0, config.EXPLAIN_TOP * 2)) {
      console.log(
        `${t.ms.toFixed(1).padStart(8)} ms  ${String(t.total).padStart(6)} documents  ${JSON.stringify(t.text)}`,
      );
    }
    texts = timed.slice(0, config.EXPLAIN_TOP).map((t) => t.text);
  }
  explaining = true;
  for (const text of texts) {
    console.log(`\n===== ${JSON.stringify(text)}\n`);
    await index.search({ text, sort: "relevance", offset: 0, limit: 10 });
  }
} finally {
  await db.$disconnect();
}

// Loads the bench corpus into a database: the search index (createPgSearchIndex(db).upsert, timed:
// the indexing throughput) and the baseline's tables (what moredoc's LIKE search reads), then
// VACUUM ANALYZE. A database kept between runs (BENCH_DB) is loaded once: later runs with the same
// corpus only query it (changed search code, same data); a load that stopped half way resumes with
// the documents not indexed yet.
//
// The GIN index's pending list (fastupdate) is merged into the index by whoever inserts when it is
// full, inside that document's transaction; on a big index on 2 busy cores that took minutes (one
// upsert past its 120 s transaction timeout, 434 s, at 30,000 documents). Autovacuum does it in the
// background on a server that has it on (this test server has it off), so a connection of the load
// does it too (gin_clean_pending_list every 2 s); an upsert that still times out is tried again.
import * as os from "node:os";
import type { createDb } from "@wenku/content";
import type { IndexedDocument, SearchIndex } from "@wenku/content/search";
import type { Corpus, EnVocab } from "./generate.js";

type Db = ReturnType<typeof createDb>;

export interface LoadOptions {
  docs: number;
  seed: number;
  enVocab: EnVocab;
  batch: number;
  /** Upsert workers: PostgreSQL parses a document's text on one core per connection. */
  concurrency: number;
}

export interface Indexing {
  documents: number;
  /** Documents a load that stopped half way had indexed already (not timed). */
  resumedAfter: number;
  /** Upserts tried again after their transaction timed out. */
  retries: number;
  pages: number;
  textChars: number;
  concurrency: number;
  /** Wall time of the indexing pass (generating the documents, 0.6 ms each, included). */
  indexSec: number;
  docsPerSec: number;
  pagesPerSec: number;
  nodeCpuShare: number;
  generateSec: number;
  baselineStoreSec: number;
  vacuumAnalyzeSec: number;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const load = () => os.loadavg().map((l) => l.toFixed(1));

interface Meta {
  docs: number;
  seed: number;
  en_vocab: string;
  /** Null while the load has not finished. */
  indexing: Indexing | null;
}

/** The corpus a kept database holds (or was being loaded with), or null when it holds none. */
async function heldCorpus(db: Db): Promise<Meta | null> {
  const [table] = await db.$queryRaw<Array<{ t: string | null }>>`SELECT to_regclass('bench_like.meta')::text AS t`;
  if (!table?.t) return null;
  const [meta] = await db.$queryRaw<Meta[]>`SELECT docs, seed, en_vocab, indexing FROM bench_like.meta`;
  return meta ?? null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Merges the GIN pending list every 2 s until stopped (what autovacuum would do). */
function pendingListCleaner(db: Db) {
  let running = true;
  let merged = 0;
  const done = (async () => {
    while (running) {
      const [r] = await db.$queryRaw<Array<{ pages: bigint }>>`
        SELECT gin_clean_pending_list('search_pages_terms_idx'::regclass) AS pages`;
      merged += Number(r?.pages ?? 0);
      await sleep(2_000);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return merged;
    },
  };
}

/** Prisma's "transaction expired" (its interactive transaction timeout). */
const timedOut = (err: unknown) => (err as { code?: unknown }).code === "P2028";

/** Batches of `size` documents from `docs`, handed to whichever worker asks next. */
function batches(docs: Iterator<IndexedDocument>, size: number): () => IndexedDocument[] {
  return () => {
    const out: IndexedDocument[] = [];
    for (let next = docs.next(); !next.done; next = docs.next()) {
      out.push(next.value);
      if (out.length === size) break;
    }
    return out;
  };
}

/**
 * Indexes the corpus and fills the baseline's tables, unless this (kept) database holds this very
 * corpus already: then the indexing numbers are those measured when it was loaded.
 */
export async function loadCorpus(db: Db, index: SearchIndex, corpus: Corpus, opts: LoadOptions): Promise<Indexing> {
  const held = await heldCorpus(db);
  const described = `${opts.docs} documents, seed ${opts.seed}, English vocabulary ${opts.enVocab}`;
  const same = held?.docs === opts.docs && held.seed === opts.seed && held.en_vocab === opts.enVocab;
  if (same && held?.indexing) {
    console.log(`the database holds this corpus already (${described}): not indexed again`);
    return held.indexing;
  }
  if (held?.indexing) {
    throw new Error(
      `the kept database holds another corpus (${held.docs} documents, seed ${held.seed}, ${held.en_vocab}), not ${described}`,
    );
  }
  // A load of this corpus that stopped half way goes on; any other unfinished load starts over.
  const indexed = same ? new Set((await index.versions()).keys()) : new Set<bigint>();
  if (indexed.size) console.log(`resuming a load that stopped: ${indexed.size} documents are indexed already`);
  else await index.clear();
  await db.$executeRawUnsafe("DROP SCHEMA IF EXISTS bench_like CASCADE");
  // The baseline's tables: what moredoc searches (title, keywords, description, as its documents table
  // holds them) and, to be fair to it, the raw text of every page. Stored lowercased so that plain LIKE
  // is case-insensitive, as moredoc's LIKE is under MySQL's default collation: the cheapest form of it.
  await db.$executeRawUnsafe("CREATE SCHEMA bench_like");
  await db.$executeRawUnsafe(`CREATE TABLE bench_like.documents (
    id bigint PRIMARY KEY, title varchar(255) NOT NULL, keywords varchar(255) NOT NULL,
    description text NOT NULL, created_at timestamptz NOT NULL)`);
  await db.$executeRawUnsafe(`CREATE TABLE bench_like.pages (
    document_id bigint NOT NULL, page integer NOT NULL, text text NOT NULL, PRIMARY KEY (document_id, page))`);
  await db.$executeRawUnsafe(
    "CREATE TABLE bench_like.meta (docs integer NOT NULL, seed integer NOT NULL, en_vocab text NOT NULL, indexing jsonb)",
  );
  await db.$executeRaw`
    INSERT INTO bench_like.meta (docs, seed, en_vocab) VALUES (${opts.docs}, ${opts.seed}, ${opts.enVocab})`;
  const storeBaseline = async (docs: IndexedDocument[]) => {
    const lower = (pick: (d: IndexedDocument) => string) => docs.map((d) => pick(d).toLowerCase());
    await db.$executeRaw`
      INSERT INTO bench_like.documents (id, title, keywords, description, created_at)
      SELECT * FROM unnest(${docs.map((d) => d.id)}::bigint[], ${lower((d) => d.title)}::text[],
                           ${lower((d) => d.keywords)}::text[], ${lower((d) => d.description)}::text[],
                           ${docs.map((d) => d.createdAt)}::timestamptz[])`;
    const pages = docs.flatMap((d) => d.pageTexts.map((text, i) => ({ id: d.id, page: i + 1, text })));
    await db.$executeRaw`
      INSERT INTO bench_like.pages (document_id, page, text)
      SELECT * FROM unnest(${pages.map((p) => p.id)}::bigint[], ${pages.map((p) => p.page)}::int[],
                           ${pages.map((p) => p.text.toLowerCase())}::text[])`;
  };

  // The indexing pass: `concurrency` workers, each upserting one batch at a time.
  let generateMs = 0;
  let pages = 0;
  let chars = 0;
  let done = 0;
  let retries = 0;
  const reportEvery = Math.ceil(opts.docs / 20);
  let nextReport = reportEvery;
  const generated = (function* () {
    for (let id = 1; id <= opts.docs; id++) if (!indexed.has(BigInt(id))) yield corpus.document(id).doc;
  })();
  const next = batches(
    {
      next: () => {
        const t = performance.now();
        const r = generated.next();
        generateMs += performance.now() - t;
        if (!r.done) {
          pages += r.value.pageTexts.length;
          chars += r.value.pageTexts.reduce((n, s) => n + s.length, 0);
        }
        return r;
      },
    },
    opts.batch,
  );
  const started = performance.now();
  const cpu = process.cpuUsage();
  const cleaner = pendingListCleaner(db);
  const upsert = async (batch: IndexedDocument[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await index.upsert(batch); // documents written before a failure are written again: idempotent
      } catch (err) {
        if (!timedOut(err) || attempt === 3) throw err;
        retries++;
        console.log(`  an upsert's transaction timed out (load ${load()[0]}): the batch again`);
      }
    }
  };
  const worker = async () => {
    for (let batch = next(); batch.length; batch = next()) {
      await upsert(batch);
      done += batch.length;
      if (done >= nextReport) {
        nextReport += reportEvery;
        const sec = (performance.now() - started) / 1000;
        console.log(
          `  ${done} documents: ${(done / sec).toFixed(1)} docs/s indexing, ${(sec / 60).toFixed(1)} min (load ${load()[0]})`,
        );
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: opts.concurrency }, worker));
  } finally {
    await cleaner.stop();
  }
  const indexMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  /** CPU time of this process (generating, tokenizing, Prisma) while indexing: the rest is PostgreSQL's or waiting. */
  const indexCpuMs = (used.user + used.system) / 1000;

  // The baseline's tables, in a pass of their own (the documents generated again: a function of their id).
  let t = performance.now();
  const baseline = batches(corpus.documents(opts.docs), 500);
  for (let batch = baseline(); batch.length; batch = baseline()) await storeBaseline(batch);
  const baselineMs = performance.now() - t;
  // What autovacuum would do after a bulk load: flush the GIN pending list, gather statistics.
  t = performance.now();
  for (const table of ["search_pages", "search_documents", "bench_like.documents", "bench_like.pages"]) {
    await db.$executeRawUnsafe(`VACUUM ANALYZE ${table}`);
  }
  const vacuumMs = performance.now() - t;
  const indexing: Indexing = {
    documents: done,
    resumedAfter: indexed.size,
    retries,
    pages,
    textChars: chars,
    concurrency: opts.concurrency,
    indexSec: indexMs / 1000,
    docsPerSec: (done / indexMs) * 1000,
    pagesPerSec: (pages / indexMs) * 1000,
    nodeCpuShare: indexCpuMs / indexMs,
    generateSec: generateMs / 1000,
    baselineStoreSec: baselineMs / 1000,
    vacuumAnalyzeSec: vacuumMs / 1000,
  };
  console.log(
    `\nindexed ${indexing.documents} documents${indexed.size ? ` (${indexed.size} were already)` : ""}, ${indexing.pages} pages, ${(indexing.textChars / 1e6).toFixed(1)} M characters in ` +
      `${indexing.indexSec.toFixed(1)} s with ${opts.concurrency} workers: ${indexing.docsPerSec.toFixed(1)} docs/s, ` +
      `${indexing.pagesPerSec.toFixed(0)} pages/s (node's CPU ${(indexing.nodeCpuShare * 100).toFixed(0)}% of it, generating ` +
      `${indexing.generateSec.toFixed(1)} s; then baseline tables ${indexing.baselineStoreSec.toFixed(1)} s, ` +
      `VACUUM ANALYZE ${indexing.vacuumAnalyzeSec.toFixed(1)} s; ${retries} upserts tried again)`,
  );
  await db.$executeRaw`UPDATE bench_like.meta SET indexing = ${JSON.stringify(indexing)}::jsonb`;
  return indexing;
}

/** Index sizes: search_pages with its TOAST and GIN, search_documents, the baseline's tables. */
export async function indexSizes(db: Db): Promise<Record<string, number>> {
  const [size] = await db.$queryRaw<Array<Record<string, bigint>>>`
    SELECT pg_total_relation_size('search_pages') AS pages_total,
           pg_table_size('search_pages') AS pages_table,
           pg_relation_size('search_pages_terms_idx') AS pages_gin,
           pg_relation_size('search_pages_pkey') AS pages_pkey,
           pg_total_relation_size('search_documents') AS documents_total,
           pg_total_relation_size('bench_like.documents') + pg_total_relation_size('bench_like.pages') AS baseline_total`;
  const sizes = Object.fromEntries(Object.entries(size ?? {}).map(([k, v]) => [k, Number(v)]));
  console.log(
    `index size: search_pages ${mb(sizes.pages_total ?? 0)} (table + TOAST ${mb(sizes.pages_table ?? 0)}, ` +
      `GIN ${mb(sizes.pages_gin ?? 0)}, primary key ${mb(sizes.pages_pkey ?? 0)}), search_documents ` +
      `${mb(sizes.documents_total ?? 0)}; the baseline's tables ${mb(sizes.baseline_total ?? 0)}`,
  );

  return sizes;
}

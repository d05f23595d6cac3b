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
import type { IndexedDocument, SearchIndex } from "@wenku/search";
import type { createDb } from "../../src/db.js";
import { bulkInsert, ginIndexes } from "./bulk.js";
import type { Corpus, EnVocab } from "./generate.js";

type Db = ReturnType<typeof createDb>;
type Tx = Pick<Db, "$executeRaw" | "$queryRaw" | "$executeRawUnsafe">;

export interface LoadOptions {
  docs: number;
  seed: number;
  enVocab: EnVocab;
  batch: number;
  /** Upsert workers: PostgreSQL parses a document's text on one core per connection. */
  concurrency: number;
  /** The last documents, indexed by the real indexer (index.upsert); the others by the bulk path. */
  indexerDocs: number;
  /** maintenance_work_mem of the GIN index builds. */
  buildMemMb: number;
}

/** The indexing numbers: those of the real indexer (index.upsert), its sample of the corpus. */
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
  /** The bulk path (bulk.ts) for the other documents, and the GIN indexes' build after it. */
  bulk: {
    documents: number;
    pages: number;
    textChars: number;
    sec: number;
    docsPerSec: number;
    nodeCpuShare: number;
    ginBuildSec: number;
  };
  /** Bulk-loaded documents the indexer wrote again with the same rows. */
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

/** Documents `from`..`to` of the corpus not in `skip`. */
function* corpusRange(corpus: Corpus, from: number, to: number, skip: Set<bigint>) {
  for (let id = from; id <= to; id++) if (!skip.has(BigInt(id))) yield corpus.document(id).doc;
}

/**
 * Runs `work` on batches of `docs` with `concurrency` workers, counting pages and characters and the
 * time spent generating the documents; `label` names the pass in its progress lines.
 */
async function pass(
  label: string,
  docs: Iterator<IndexedDocument>,
  total: number,
  opts: { batch: number; concurrency: number },
  work: (batch: IndexedDocument[]) => Promise<void>,
) {
  let generateMs = 0;
  let pages = 0;
  let chars = 0;
  let done = 0;
  const reportEvery = Math.max(opts.batch, Math.ceil(total / 20));
  let nextReport = reportEvery;
  const next = batches(
    {
      next: () => {
        const t = performance.now();
        const r = docs.next();
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
  const worker = async () => {
    for (let batch = next(); batch.length; batch = next()) {
      await work(batch);
      done += batch.length;
      if (done >= nextReport) {
        nextReport += reportEvery;
        const sec = (performance.now() - started) / 1000;
        console.log(
          `  ${label}: ${done} documents, ${(done / sec).toFixed(1)} docs/s, ${(sec / 60).toFixed(1)} min (load ${load()[0]})`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { done, pages, chars, ms, generateMs, cpuMs: (used.user + used.system) / 1000 };
}

/**
 * Indexes the corpus and fills the baseline's tables, unless this (kept) database holds this very
 * corpus already: then the indexing numbers are those measured when it was loaded.
 *
 * Documents 1..docs-indexerDocs go in by the bulk path (bulk.ts: index.upsert with the GIN indexes
 * dropped, built once after), the last indexerDocs through index.upsert into the full index: its
 * throughput at this size.
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
  const gins = await ginIndexes(db);
  if (!same) {
    await index.clear();
    // The baseline's tables: what moredoc searches (title, keywords, description, as its documents table
    // holds them) and, to be fair to it, the raw text of every page. Stored lowercased so that plain LIKE
    // is case-insensitive, as moredoc's LIKE is under MySQL's default collation: the cheapest form of it.
    // meta.gin holds search_pages' GIN indexes while the bulk path runs without them.
    await db.$executeRawUnsafe("DROP SCHEMA IF EXISTS bench_like CASCADE");
    await db.$executeRawUnsafe("CREATE SCHEMA bench_like");
    await db.$executeRawUnsafe(`CREATE TABLE bench_like.documents (
      id bigint PRIMARY KEY, title varchar(255) NOT NULL, keywords varchar(255) NOT NULL,
      description text NOT NULL, created_at timestamptz NOT NULL)`);
    await db.$executeRawUnsafe(`CREATE TABLE bench_like.pages (
      document_id bigint NOT NULL, page integer NOT NULL, text text NOT NULL, PRIMARY KEY (document_id, page))`);
    await db.$executeRawUnsafe(
      "CREATE TABLE bench_like.meta (docs integer NOT NULL, seed integer NOT NULL, en_vocab text NOT NULL, indexing jsonb, gin jsonb)",
    );
    if (!gins.length)
      throw new Error("search_pages has no GIN index (a bulk load stopped before building it): drop the database");
    await db.$executeRaw`
      INSERT INTO bench_like.meta (docs, seed, en_vocab, gin)
      VALUES (${opts.docs}, ${opts.seed}, ${opts.enVocab}, ${JSON.stringify(gins)}::jsonb)`;
  }
  const [meta] = await db.$queryRaw<
    Array<{ gin: Array<{ name: string; def: string }> }>
  >`SELECT gin FROM bench_like.meta`;
  const ginDefs = meta?.gin ?? [];
  // The baseline's rows, written with the documents (ON CONFLICT: a batch the indexer writes again).
  const storeBaseline = async (tx: Tx, docs: IndexedDocument[]) => {
    const lower = (pick: (d: IndexedDocument) => string) => docs.map((d) => pick(d).toLowerCase());
    await tx.$executeRaw`
      INSERT INTO bench_like.documents (id, title, keywords, description, created_at)
      SELECT * FROM unnest(${docs.map((d) => d.id)}::bigint[], ${lower((d) => d.title)}::text[],
                           ${lower((d) => d.keywords)}::text[], ${lower((d) => d.description)}::text[],
                           ${docs.map((d) => d.createdAt)}::timestamptz[])
      ON CONFLICT DO NOTHING`;
    const pages = docs.flatMap((d) => d.pageTexts.map((text, i) => ({ id: d.id, page: i + 1, text })));
    await tx.$executeRaw`
      INSERT INTO bench_like.pages (document_id, page, text)
      SELECT * FROM unnest(${pages.map((p) => p.id)}::bigint[], ${pages.map((p) => p.page)}::int[],
                           ${pages.map((p) => p.text.toLowerCase())}::text[])
      ON CONFLICT DO NOTHING`;
  };

  const indexerDocs = Math.min(opts.indexerDocs, opts.docs);
  const bulkTo = opts.docs - indexerDocs;
  const missing = (from: number, to: number) => {
    let n = 0;
    for (let id = from; id <= to; id++) if (!indexed.has(BigInt(id))) n++;
    return n;
  };

  // 1. The bulk path, without the GIN indexes.
  const bulkLeft = missing(1, bulkTo);
  let bulk = { done: 0, pages: 0, chars: 0, ms: 0, generateMs: 0, cpuMs: 0 };
  if (bulkLeft) {
    for (const g of gins) await db.$executeRawUnsafe(`DROP INDEX ${g.name}`);
    console.log(`bulk path: ${bulkLeft} documents (${opts.concurrency} workers, batches of ${opts.batch}) …`);
    bulk = await pass("bulk", corpusRange(corpus, 1, bulkTo, indexed), bulkLeft, opts, (batch) =>
      bulkInsert(db, index, batch, storeBaseline),
    );
  }
  // 2. The GIN indexes, built once (a sort of every row's lexemes, in maintenance_work_mem).
  let ginMs = 0;
  const present = new Set((await ginIndexes(db)).map((g) => g.name));
  const build = ginDefs.filter((g) => !present.has(g.name));
  if (build.length) {
    const t = performance.now();
    for (const g of build) {
      console.log(`building ${g.name} …`);
      await db.$transaction(
        async (tx) => {
          await tx.$executeRawUnsafe(`SET LOCAL maintenance_work_mem = '${opts.buildMemMb}MB'`);
          await tx.$executeRawUnsafe(g.def);
        },
        { timeout: 4 * 3600_000, maxWait: 60_000 },
      );
    }
    ginMs = performance.now() - t;
    console.log(`GIN indexes built in ${(ginMs / 1000).toFixed(1)} s`);
  }

  // 3. The real indexer on the last indexerDocs documents, into the full index.
  let retries = 0;
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
  const indexerLeft = missing(bulkTo + 1, opts.docs);
  console.log(`the indexer (index.upsert): ${indexerLeft} documents …`);
  const cleaner = pendingListCleaner(db);
  let real: Awaited<ReturnType<typeof pass>>;
  try {
    real = await pass(
      "index.upsert",
      corpusRange(corpus, bulkTo + 1, opts.docs, indexed),
      indexerLeft,
      opts,
      async (batch) => {
        await upsert(batch);
        await db.$transaction((tx) => storeBaseline(tx, batch));
      },
    );
  } finally {
    await cleaner.stop();
  }
  // What autovacuum would do after a bulk load: flush the GIN pending list, gather statistics.
  const t = performance.now();
  for (const table of ["search_pages", "search_documents", "bench_like.documents", "bench_like.pages"]) {
    await db.$executeRawUnsafe(`VACUUM ANALYZE ${table}`);
  }
  const vacuumMs = performance.now() - t;
  const indexing: Indexing = {
    documents: real.done,
    resumedAfter: indexed.size,
    retries,
    pages: real.pages,
    textChars: real.chars,
    concurrency: opts.concurrency,
    indexSec: real.ms / 1000,
    docsPerSec: (real.done / real.ms) * 1000,
    pagesPerSec: (real.pages / real.ms) * 1000,
    nodeCpuShare: real.cpuMs / real.ms,
    generateSec: real.generateMs / 1000,
    bulk: {
      documents: bulk.done,
      pages: bulk.pages,
      textChars: bulk.chars,
      sec: bulk.ms / 1000,
      docsPerSec: bulk.ms ? (bulk.done / bulk.ms) * 1000 : 0,
      nodeCpuShare: bulk.ms ? bulk.cpuMs / bulk.ms : 0,
      ginBuildSec: ginMs / 1000,
    },
    vacuumAnalyzeSec: vacuumMs / 1000,
  };
  console.log(
    `\nbulk path: ${bulk.done} documents, ${bulk.pages} pages, ${(bulk.chars / 1e6).toFixed(1)} M characters in ` +
      `${(bulk.ms / 1000).toFixed(1)} s (${indexing.bulk.docsPerSec.toFixed(1)} docs/s), GIN indexes ${(ginMs / 1000).toFixed(1)} s` +
      `\nindex.upsert: ${real.done} documents${indexed.size ? ` (${indexed.size} were indexed already)` : ""}, ${real.pages} pages, ` +
      `${(real.chars / 1e6).toFixed(1)} M characters in ${indexing.indexSec.toFixed(1)} s with ${opts.concurrency} workers into the ` +
      `index of the others: ${indexing.docsPerSec.toFixed(1)} docs/s, ${indexing.pagesPerSec.toFixed(0)} pages/s (node's CPU ` +
      `${(indexing.nodeCpuShare * 100).toFixed(0)}% of it; ${retries} upserts tried again); VACUUM ANALYZE ${(vacuumMs / 1000).toFixed(1)} s`,
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

// Keeps the search index equal to what visitors may see. The database is the truth, versions are the
// bookkeeping: every change moves documents.search_version (triggers, migration 0008), so
// - at start the indexer compares every visible document's version with the index's and fixes the
//   differences (documents changed, hidden or purged while no indexer ran are caught up, never lost);
// - then it follows changes past its mark (search_version > mark) every pollMs, at once when a
//   DocumentsChanged event says something moved. A lost event only delays the index by one poll.
// Indexing is idempotent (a document is written whole, with its version), so two replicas doing the
// same work, or a retry after a failure, leave the same index.
import type { Logger } from "@wenku/kit";
import type { SearchSource } from "./ports.js";
import type { IndexBuild, IndexedDocument, IndexTarget } from "./search.index.js";

/** Documents loaded and written per step (each step also yields the event loop). */
const BATCH = 20;
const CHANGES_PER_POLL = 500;

export interface IndexerProgress {
  running: boolean;
  /** Documents to index or remove in the current catch-up or rebuild. */
  total: number;
  done: number;
  /** The last pass's error, "" when it went through. */
  error: string;
}

export interface SearchIndexer {
  /** Catches up with the database, then follows its changes until stop(). */
  start(): Promise<void>;
  /**
   * A DocumentsChanged event arrived: follow the changes now, and look at these ids too (a purged
   * document has no version left to follow); null: compare everything, as at start.
   */
  nudge(ids: readonly bigint[] | null): Promise<void>;
  /**
   * Writes every visible document into the index again and removes the rest (the admin's "rebuild");
   * searches keep answering meanwhile. A rebuild asked for while one is queued or running joins it.
   */
  rebuild(): Promise<void>;
  /** Re-indexes these documents now, whatever their version (SetDocumentIndex). */
  reindex(ids: readonly bigint[]): Promise<void>;
  progress(): IndexerProgress;
  stop(): Promise<void>;
}

/**
 * The documents' indexer by default; the articles' is the same with another index and source (the
 * content service's search.articles.repository.ts). Counts the sorts read are copied into a backend that keeps copies
 * (updateCounts) as they change, without writing the text again.
 */
export function createSearchIndexer<T extends { id: bigint } = IndexedDocument>(deps: {
  index: IndexTarget<T>;
  source: SearchSource<T>;
  log: Logger;
  pollMs?: number;
}): SearchIndexer {
  const { index, source, log } = deps;
  const pollMs = deps.pollMs ?? 2_000;
  let mark = -1n; // below every version until the first catch-up set it
  let countsMark = -1n; // likewise for the counts' versions
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const state = { total: 0, done: 0, error: "" };
  let active = 0; // passes queued or running
  let rebuilding: Promise<void> | null = null;
  // One pass at a time: a nudge during a pass runs one more pass after it (never two at once).
  let current: Promise<void> = Promise.resolve();
  let again: Promise<void> | null = null;

  /** Indexes the visible ones among `ids`, removes the others. */
  async function sync(ids: readonly bigint[], target: IndexBuild<T>["target"] = index): Promise<void> {
    for (let i = 0; i < ids.length && !stopped; i += BATCH) {
      const batch = ids.slice(i, i + BATCH);
      const docs = await source.load(batch);
      const kept = new Set(docs.map((d) => d.id));
      const gone = batch.filter((id) => !kept.has(id));
      await target.remove(gone);
      await target.upsert(docs);
      state.done += batch.length;
    }
  }

  /**
   * Makes `target` equal to the source: the documents whose versions differ (every one with `all`).
   * Returns the mark to follow from once what was written is live.
   */
  async function catchUp(all = false, target: IndexBuild<T>["target"] = index): Promise<bigint> {
    const high = await source.highWater(); // before reading: what changes meanwhile is followed after
    const [want, have] = await Promise.all([source.visibleVersions(), target.versions()]);
    const stale = [...want].filter(([id, v]) => all || have.get(id) !== v).map(([id]) => id);
    const extra = [...have.keys()].filter((id) => !want.has(id));
    Object.assign(state, { total: stale.length + extra.length, done: 0 });
    await target.remove(extra);
    state.done += extra.length;
    await sync(stale, target);
    if (stale.length || extra.length)
      log.info({ indexed: stale.length, removed: extra.length }, "search index caught up");
    return high;
  }

  /** Rewrites everything into the backend's rebuild target, then puts it live (an alias swap on Elasticsearch). */
  async function rebuildAll(): Promise<void> {
    const build = await index.startRebuild();
    try {
      const high = await catchUp(true, build.target);
      if (stopped) throw new Error("the service is stopping: the rebuild was given up");
      await build.commit();
      mark = high; // not before: when the commit fails, the live index still needs what changed since the old mark
    } catch (err) {
      await build.abort().catch((cause: unknown) => log.warn({ err: cause }, "dropping a failed rebuild failed"));
      throw err;
    }
  }

  /** Copies the counts changed past countsMark into a backend that keeps copies of them. */
  async function followCounts(): Promise<void> {
    const update = index.updateCounts?.bind(index);
    if (!update || countsMark < 0n) return;
    for (;;) {
      const changed = await source.countsChangedSince(countsMark, CHANGES_PER_POLL);
      if (changed.length === 0 || stopped) return;
      await update(changed);
      countsMark = changed[changed.length - 1]?.version ?? countsMark;
      if (changed.length < CHANGES_PER_POLL) return;
    }
  }

  async function follow(): Promise<void> {
    if (mark < 0n) {
      // counts changed from here on are followed; the catch-up writes the counts of the moment
      const counts = index.updateCounts ? await source.countsHighWater() : -1n;
      mark = await catchUp();
      countsMark = counts;
      return;
    }
    await followCounts();
    for (;;) {
      const changes = await source.changedSince(mark, CHANGES_PER_POLL);
      if (changes.length === 0 || stopped) return;
      await sync(changes.map((c) => c.id));
      mark = changes[changes.length - 1]?.version ?? mark; // oldest change first: the last is the highest
      if (changes.length < CHANGES_PER_POLL) return;
    }
  }

  /** Runs `work` after the pass under way; nudges that arrive meanwhile share one follow-up pass. */
  function pass(work: () => Promise<void>, coalesce = false): Promise<void> {
    if (coalesce && again) return again;
    active++;
    const run = current.then(async () => {
      if (coalesce) again = null;
      try {
        if (stopped) return;
        await work();
        state.error = "";
      } catch (err) {
        state.error = err instanceof Error ? err.message : String(err);
        log.error({ err }, "search indexing failed (retried at the next poll)");
        if (!coalesce) throw err;
      } finally {
        active--;
      }
    });
    current = run.catch(() => undefined);
    if (coalesce) again = run;
    return run;
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void pass(follow, true).finally(schedule);
    }, pollMs);
    timer.unref();
  };

  return {
    async start() {
      await pass(follow, true);
      schedule();
    },
    nudge(ids) {
      // failures are logged by pass() and retried by the next poll
      if (ids === null)
        return pass(async () => {
          mark = await catchUp();
        }).catch(() => undefined);
      const named = [...ids];
      return pass(async () => {
        await follow();
        await sync(named);
      }).catch(() => undefined);
    },
    rebuild() {
      rebuilding ??= pass(rebuildAll).finally(() => {
        rebuilding = null;
      });
      return rebuilding;
    },
    reindex: (ids) =>
      pass(async () => {
        Object.assign(state, { total: ids.length, done: 0 });
        await sync(ids); // an equal version is written again (upsert keeps only newer ones out)
      }),
    progress: () => ({ running: active > 0, ...state }),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}

/** The documents' indexer with the articles' beside it: started, stopped and rebuilt together. */
export interface SiteIndexer extends SearchIndexer {
  /** The articles' own (reindex: SetArticleIndex); it follows the articles' changes by its poll. */
  readonly articles: SearchIndexer;
}

/** nudge and reindex are the documents'; start, stop and rebuild both; progress adds the two up. */
export function combineIndexers(documents: SearchIndexer, articles: SearchIndexer): SiteIndexer {
  return {
    ...documents,
    articles,
    async start() {
      await Promise.all([documents.start(), articles.start()]);
    },
    async rebuild() {
      const results = await Promise.allSettled([documents.rebuild(), articles.rebuild()]);
      const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
      if (failed) throw failed.reason;
    },
    progress() {
      const [d, a] = [documents.progress(), articles.progress()];
      return {
        running: d.running || a.running,
        total: d.total + a.total,
        done: d.done + a.done,
        error: [d.error, a.error && `articles: ${a.error}`].filter(Boolean).join("; "),
      };
    },
    async stop() {
      await Promise.all([documents.stop(), articles.stop()]);
    },
  };
}

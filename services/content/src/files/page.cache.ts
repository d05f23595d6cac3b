// What serving a page image needs, kept for a few seconds: a document's visibility and pages by id, and
// storage stats by key. Page images are requested many at a time (a reader scrolling, returning readers
// revalidating), each needing the same row and the same stat. Correctness does not rest on the TTL: every
// change to a document's status, deletion, pages or file is announced (DocumentEvents) and drops it here
// at once in the process that made it and within milliseconds elsewhere. Stats are dropped on any
// announcement too (new outputs are written before the conversion's announcement).
import type { ObjectInfo, Storage } from "@wenku/kit/storage";
import type { DocumentEvents } from "../documents/document.events.js";
import type { DocumentVisibility } from "../documents/visibility.js";

/** The columns of a document page serving reads. */
export interface PageDocument extends DocumentVisibility {
  id: bigint;
  pages: number;
  preview: number;
  attachmentHash: string;
}

export interface TtlLruOptions<V> {
  /** Entries kept at most; the least recently used go first. */
  max: number;
  ttlMs: number;
  /** With `weight`: the most the entries may weigh together (e.g. bytes). */
  maxWeight?: number;
  weight?: (value: V) => number;
  now?: () => number;
}

/** A map bounded in entries (and optionally in weight), least recently used first out, entries expiring after `ttlMs`. */
export class TtlLru<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number; weight: number }>();
  private weight = 0;
  private readonly now: () => number;

  constructor(private readonly o: TtlLruOptions<V>) {
    this.now = o.now ?? Date.now;
  }

  get(key: K): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= this.now()) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, e); // most recently used: last in iteration order
    return e.value;
  }

  set(key: K, value: V): void {
    const weight = this.o.weight?.(value) ?? 0;
    if (this.o.maxWeight !== undefined && weight > this.o.maxWeight) return;
    this.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.o.ttlMs, weight });
    this.weight += weight;
    while (this.entries.size > this.o.max || (this.o.maxWeight !== undefined && this.weight > this.o.maxWeight)) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  delete(key: K): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.weight -= e.weight;
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}

export interface PageCacheOptions {
  /** The database read on a miss; null (no such document) is not cached. */
  load(id: bigint): Promise<PageDocument | null>;
  /** The documents made from the file with this content hash (moredoc's /view/…/{hash} routes). */
  loadByHash?(hash: string): Promise<PageDocument[]>;
  storage: Pick<Storage, "stat">;
  events: Pick<DocumentEvents, "onChanged">;
  ttlMs?: number;
  /** Documents and stats kept at most (each). */
  max?: number;
  /** Bytes of small objects (pages, covers) kept at most. */
  maxBodyBytes?: number;
  now?: () => number;
}

export const PAGE_CACHE_TTL_MS = 5_000;
export const PAGE_CACHE_MAX = 10_000;
export const PAGE_CACHE_BODY_BYTES = 32 * 1024 * 1024;

export function createPageCache(o: PageCacheOptions) {
  const ttl = o.ttlMs ?? PAGE_CACHE_TTL_MS;
  const max = o.max ?? PAGE_CACHE_MAX;
  const docs = new TtlLru<bigint, PageDocument>({ max, ttlMs: ttl, now: o.now });
  const byHash = new TtlLru<string, PageDocument[]>({ max, ttlMs: ttl, now: o.now });
  const stats = new TtlLru<string, ObjectInfo>({ max, ttlMs: ttl, now: o.now });
  // An object's bytes are only ever served under the stat (etag) they were read with.
  const bodies = new TtlLru<string, { etag: string; data: Buffer }>({
    max,
    ttlMs: ttl,
    maxWeight: o.maxBodyBytes ?? PAGE_CACHE_BODY_BYTES,
    weight: (b) => b.data.length,
    now: o.now,
  });
  // Concurrent misses share one read. A read that started before an announcement is handed to the
  // callers already waiting for it but never stored: `generation` tells.
  const loadingDocs = new Map<bigint, Promise<PageDocument | null>>();
  const loadingStats = new Map<string, Promise<ObjectInfo | null>>();
  const loadingByHash = new Map<string, Promise<PageDocument[] | null>>();
  let generation = 0;

  o.events.onChanged((ids) => {
    generation++;
    stats.clear();
    bodies.clear();
    loadingStats.clear();
    // Which hashes the ids had is not known here: every hash lookup is read again.
    byHash.clear();
    loadingByHash.clear();
    if (ids === null) {
      docs.clear();
      loadingDocs.clear();
      return;
    }
    for (const id of ids) {
      docs.delete(id);
      loadingDocs.delete(id);
    }
  });

  function shared<K, V>(
    cache: TtlLru<K, V>,
    loading: Map<K, Promise<V | null>>,
    key: K,
    load: () => Promise<V | null>,
  ): Promise<V | null> {
    const hit = cache.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const pending = loading.get(key);
    if (pending) return pending;
    const started = generation;
    const p = load()
      .then((value) => {
        if (value !== null && started === generation) cache.set(key, value);
        return value;
      })
      .finally(() => {
        if (loading.get(key) === p) loading.delete(key);
      });
    loading.set(key, p);
    return p;
  }

  return {
    document: (id: bigint) => shared(docs, loadingDocs, id, () => o.load(id)),
    /** The documents of a content hash (none without a loadByHash). */
    async documentsByHash(hash: string): Promise<PageDocument[]> {
      const load = o.loadByHash;
      if (!load) return [];
      return (await shared(byHash, loadingByHash, hash, () => load(hash))) ?? [];
    },
    stat: (key: string) => shared(stats, loadingStats, key, () => o.storage.stat(key)),
    /**
     * The bytes of the object `info` describes: kept from an earlier read of the same version, or
     * `read`. Bytes whose length is not `info.size` (the object changed since the stat) are returned
     * but not kept.
     */
    async body(key: string, info: ObjectInfo, read: () => Promise<Buffer>): Promise<Buffer> {
      const kept = bodies.get(key);
      if (kept && kept.etag === info.etag) return kept.data;
      const started = generation;
      const data = await read();
      if (data.length === info.size && started === generation) bodies.set(key, { etag: info.etag, data });
      return data;
    },
    /** The object changed under a cached stat (its bytes did not match): the next stat reads storage. */
    forgetStat(key: string): void {
      stats.delete(key);
      bodies.delete(key);
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

// What serving a page image needs, kept for a few seconds: a document's visibility and pages by id, and
// storage stats by key. Page images are requested many at a time (a reader scrolling, returning readers
// revalidating), each needing the same row and the same stat. Correctness does not rest on the TTL: every
// change to a document's status, deletion, pages or file is announced (DocumentEvents) and drops it here
// at once in the process that made it and within milliseconds elsewhere. Stats are dropped on any
// announcement too (new outputs are written before the conversion's announcement).
import type { ObjectInfo, Storage } from "@wenku/kit/storage";
import { LRUCache } from "lru-cache";
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
  /** Milliseconds (lru-cache takes a time of 0 for "never set": an injected clock starts later). */
  now?: () => number;
}

/**
 * A map bounded in entries (and optionally in weight), least recently used first out, entries
 * expiring after `ttlMs`: lru-cache, set up so. An entry heavier than the whole budget is never kept.
 */
export function ttlLru<K extends {}, V extends {}>(o: TtlLruOptions<V>): LRUCache<K, V> {
  const { weight } = o;
  return new LRUCache<K, V>({
    max: o.max,
    ttl: o.ttlMs,
    ttlResolution: 0, // read the clock on every look-up (an injected one included)
    ...(o.maxWeight !== undefined && weight
      ? { maxSize: o.maxWeight, sizeCalculation: (value: V) => Math.max(1, weight(value)) }
      : {}),
    ...(o.now ? { perf: { now: o.now } } : {}),
  });
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
  const docs = ttlLru<bigint, PageDocument>({ max, ttlMs: ttl, now: o.now });
  const byHash = ttlLru<string, PageDocument[]>({ max, ttlMs: ttl, now: o.now });
  const stats = ttlLru<string, ObjectInfo>({ max, ttlMs: ttl, now: o.now });
  // An object's bytes are only ever served under the stat (etag) they were read with.
  const bodies = ttlLru<string, { etag: string; data: Buffer }>({
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

  function shared<K extends {}, V extends {}>(
    cache: LRUCache<K, V>,
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

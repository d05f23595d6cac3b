// What visitors read on every page (banners, friend links, advertisements) and who is VIP, kept briefly
// in memory so a page view costs no database query. Writers drop the lists at once, here and, through a
// broadcast, in every other replica of the config service.
import type { Broadcaster } from "@wenku/kit";

/** Broadcast after a banner, friend link or advertisement changed: every replica drops its lists. */
export const VISITOR_LISTS_CHANGED_SUBJECT = "wenku.config.lists.changed";
/** A list is read again after this long even without a change broadcast (one that got lost). */
export const VISITOR_LISTS_TTL_MS = 60_000;

export interface TtlCache<K, V> {
  /** The value under `key`, loaded on a miss; callers arriving meanwhile share the one load. */
  get(key: K, load: () => Promise<V>): Promise<V>;
  /** Forgets every value; a load under way still answers its callers but is not kept. */
  clear(): void;
}

/** A map of loads kept `ttlMs` each, at most `max` (the oldest goes first); a failed load is not kept. */
export function createTtlCache<K, V>(opts: { ttlMs: number; max: number; now?: () => number }): TtlCache<K, V> {
  const now = opts.now ?? Date.now;
  const entries = new Map<K, { value: Promise<V>; at: number }>();
  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && now() - hit.at < opts.ttlMs) return hit.value;
      entries.delete(key);
      const value = load();
      const entry = { value, at: now() };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      if (entries.size > opts.max) entries.delete(entries.keys().next().value as K);
      return value;
    },
    clear: () => entries.clear(),
  };
}

export interface VisitorLists {
  /** A cache of one public list, dropped with the others on every change. */
  list<V>(): TtlCache<"all", V>;
  /** After a write: drops the lists here and tells the other replicas. */
  changed(): Promise<void>;
  /** Drops the lists when another replica announces a change; resolves to the unsubscribe. */
  listen(): Promise<() => void>;
}

export function createVisitorLists(bus: Broadcaster, now?: () => number): VisitorLists {
  const caches: TtlCache<"all", unknown>[] = [];
  const clearAll = () => {
    for (const c of caches) c.clear();
  };
  return {
    list<V>() {
      const cache = createTtlCache<"all", V>({ ttlMs: VISITOR_LISTS_TTL_MS, max: 1, now });
      caches.push(cache as TtlCache<"all", unknown>);
      return cache;
    },
    async changed() {
      clearAll();
      await bus.broadcast(VISITOR_LISTS_CHANGED_SUBJECT, new Uint8Array());
    },
    listen: () => bus.onBroadcast(VISITOR_LISTS_CHANGED_SUBJECT, clearAll),
  };
}

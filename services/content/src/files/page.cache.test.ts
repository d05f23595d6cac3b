import { DOCUMENTS_CHANGED_SUBJECT, type Logger } from "@wenku/kit";
import { createBus } from "@wenku/kit/bus";
import type { ObjectInfo } from "@wenku/kit/storage";
import { waitFor } from "@wenku/testkit";
import { createDocumentEvents, type DocumentEvents, localDocumentEvents } from "../documents/document.events.js";
import { createPageCache, type PageDocument, ttlLru } from "./page.cache.js";

const doc = (id: bigint, status = 2): PageDocument => ({
  id,
  userId: 1n,
  status,
  deletedAt: null,
  pages: 3,
  preview: 0,
  attachmentHash: "a".repeat(32),
});
const stat = (key: string, etag = "e1", size = 3): ObjectInfo => ({ key, size, etag, lastModified: new Date(0) });

/** A cache over a counting "database" and "storage", a settable clock and in-process events. */
function setup(opts: { max?: number; maxBodyBytes?: number } = {}) {
  let now = 1_000;
  const rows = new Map<bigint, PageDocument>([
    [1n, doc(1n)],
    [2n, doc(2n)],
    [3n, doc(3n)],
  ]);
  const loads: bigint[] = [];
  const stats: string[] = [];
  const events = localDocumentEvents();
  const cache = createPageCache({
    load: async (id) => {
      loads.push(id);
      return rows.get(id) ?? null;
    },
    storage: {
      stat: async (key) => {
        stats.push(key);
        return stat(key);
      },
    },
    events,
    ttlMs: 5_000,
    now: () => now,
    ...opts,
  });
  const tick = (ms: number) => {
    now += ms;
  };
  return { cache, rows, loads, stats, events, tick };
}

describe("page cache", () => {
  test("a hit does not read the database again; concurrent misses share one read", async () => {
    const { cache, loads } = setup();
    const [a, b] = await Promise.all([cache.document(1n), cache.document(1n)]);
    expect(a).toEqual(doc(1n));
    expect(b).toBe(a);
    expect(await cache.document(1n)).toBe(a);
    expect(loads).toEqual([1n]);
  });

  test("entries expire after the TTL", async () => {
    const { cache, rows, loads, stats, tick } = setup();
    await cache.document(1n);
    await cache.stat("k");
    rows.set(1n, doc(1n, 7));
    tick(5_000);
    expect((await cache.document(1n))?.status).toBe(2);
    tick(1); // older than the TTL
    expect((await cache.document(1n))?.status).toBe(7);
    await cache.stat("k");
    expect(loads).toEqual([1n, 1n]);
    expect(stats).toEqual(["k", "k"]);
  });

  test("a missing document is not cached (it may be created a moment later)", async () => {
    const { cache, rows, loads } = setup();
    expect(await cache.document(9n)).toBeNull();
    rows.set(9n, doc(9n));
    expect(await cache.document(9n)).toEqual(doc(9n));
    expect(loads).toEqual([9n, 9n]);
  });

  test("an announced change drops the documents named and every stat and body at once", async () => {
    const { cache, rows, loads, stats, events } = setup();
    await cache.document(1n);
    await cache.document(2n);
    await cache.stat("k");
    rows.set(1n, doc(1n, 7));
    await events.changed([1n]);
    expect((await cache.document(1n))?.status).toBe(7);
    await cache.document(2n); // not named: still cached
    await cache.stat("k");
    expect(loads).toEqual([1n, 2n, 1n]);
    expect(stats).toEqual(["k", "k"]);
  });

  test("a change announced without ids drops everything", async () => {
    const { cache, loads, events } = setup();
    await cache.document(1n);
    await cache.document(2n);
    await events.changed(null);
    await cache.document(1n);
    await cache.document(2n);
    expect(loads).toEqual([1n, 2n, 1n, 2n]);
  });

  test("a read that started before a change is answered but not kept", async () => {
    const { cache, rows, loads, events } = setup();
    const before = cache.document(1n); // in flight
    rows.set(1n, doc(1n, 7));
    await events.changed([1n]);
    const after = cache.document(1n); // a new read, not the one in flight
    expect((await before)?.status).toBe(2);
    expect((await after)?.status).toBe(7);
    expect((await cache.document(1n))?.status).toBe(7);
    expect(loads).toEqual([1n, 1n]);
  });

  test("bounded: beyond `max` the least recently used document goes", async () => {
    const { cache, loads } = setup({ max: 2 });
    await cache.document(1n);
    await cache.document(2n);
    await cache.document(1n); // 1 is now the most recently used
    await cache.document(3n); // evicts 2
    await cache.document(1n);
    await cache.document(2n);
    expect(loads).toEqual([1n, 2n, 3n, 2n]);
  });

  test("bodies are kept per version (etag) and dropped with the stats", async () => {
    const { cache, events } = setup();
    let reads = 0;
    const read = async () => {
      reads++;
      return Buffer.from("abc");
    };
    expect((await cache.body("k", stat("k"), read)).toString()).toBe("abc");
    await cache.body("k", stat("k"), read);
    expect(reads).toBe(1);
    await cache.body("k", stat("k", "e2"), read); // another version: read again
    expect(reads).toBe(2);
    await events.changed([1n]);
    await cache.body("k", stat("k", "e2"), read);
    expect(reads).toBe(3);
    // bytes that do not match the stat's size (rewritten meanwhile) are not kept
    await cache.body("m", stat("m", "e1", 99), read);
    await cache.body("m", stat("m", "e1", 99), read);
    expect(reads).toBe(5);
  });

  test("bodies are bounded in bytes", async () => {
    const { cache } = setup({ maxBodyBytes: 5 });
    let reads = 0;
    const read = async () => {
      reads++;
      return Buffer.from("abc");
    };
    await cache.body("a", stat("a"), read);
    await cache.body("b", stat("b"), read); // 6 bytes > 5: a goes
    await cache.body("b", stat("b"), read);
    expect(reads).toBe(2);
    await cache.body("a", stat("a"), read);
    expect(reads).toBe(3);
  });
});

describe("ttlLru", () => {
  test("weight is given back on delete, expiry and clear", () => {
    let now = 1_000;
    const lru = ttlLru<string, string>({
      max: 10,
      ttlMs: 10,
      maxWeight: 4,
      weight: (v) => v.length,
      now: () => now,
    });
    lru.set("a", "xx");
    lru.set("b", "xx");
    lru.delete("a");
    lru.set("c", "xx"); // 4: fits
    expect([lru.get("b"), lru.get("c")]).toEqual(["xx", "xx"]);
    now = 1_011; // older than the TTL
    expect(lru.get("b")).toBeUndefined();
    lru.set("d", "xx");
    expect(lru.get("d")).toBe("xx");
    lru.set("huge", "xxxxx"); // heavier than the whole budget: never kept, nothing evicted
    expect([lru.get("huge"), lru.get("d")]).toEqual([undefined, "xx"]);
    lru.clear();
    lru.set("e", "xxxx");
    expect(lru.size).toBe(1);
  });
});

describe("document events over the bus (another process's cache)", () => {
  const log = { error: () => {}, warn: () => {}, info: () => {}, child: () => log } as unknown as Logger;

  test("changed() runs this process's handlers at once and reaches the other process's cache", async () => {
    const bus = await createBus({ log });
    const here = await createDocumentEvents(bus, log);
    const there = await createDocumentEvents(bus, log);
    const seenHere: (readonly bigint[] | null)[] = [];
    const seenThere: (readonly bigint[] | null)[] = [];
    here.onChanged((ids) => seenHere.push(ids));
    there.onChanged((ids) => seenThere.push(ids));
    const done = here.changed([5n, 6n]);
    expect(seenHere).toEqual([[5n, 6n]]); // before the broadcast went out
    await done;
    await waitFor(() => seenThere.length > 0);
    expect(seenThere).toEqual([[5n, 6n]]);

    // a cache on the other side drops the document
    let status = 2;
    const cache = createPageCache({
      load: async (id) => doc(id, status),
      storage: { stat: async (key) => stat(key) },
      events: there as DocumentEvents,
    });
    await cache.document(5n);
    status = 7;
    await here.changed([5n]);
    await waitFor(() => seenThere.length > 1);
    expect((await cache.document(5n))?.status).toBe(7);

    // a message that does not decode, or names no ids, drops everything
    await bus.broadcast(DOCUMENTS_CHANGED_SUBJECT, Uint8Array.of(0xff, 0xff));
    await bus.broadcast(DOCUMENTS_CHANGED_SUBJECT, new Uint8Array());
    await waitFor(() => seenThere.length > 3);
    expect(seenThere.slice(2)).toEqual([null, null]);
    here.close();
    there.close();
    await bus.close();
  });
});

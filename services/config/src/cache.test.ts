import { createLogger } from "@wenku/kit";
import { createBus } from "@wenku/kit/bus";
import { createTtlCache, createVisitorLists } from "./cache.js";

const log = createLogger({ service: "test", level: "silent" });

function clock() {
  let t = 1_000;
  return {
    now: () => t,
    advance(ms: number) {
      t += ms;
    },
  };
}

test("a value is loaded once while fresh, shared by callers arriving during the load, then reloaded", async () => {
  const c = clock();
  const cache = createTtlCache<string, number>({ ttlMs: 100, max: 10, now: c.now });
  let loads = 0;
  const load = async () => ++loads;
  expect(await Promise.all([cache.get("a", load), cache.get("a", load)])).toEqual([1, 1]);
  c.advance(99);
  expect(await cache.get("a", load)).toBe(1);
  c.advance(1);
  expect(await cache.get("a", load)).toBe(2);
  cache.clear();
  expect(await cache.get("a", load)).toBe(3);
});

test("a failed load is not kept; the oldest key goes past max", async () => {
  const cache = createTtlCache<string, number>({ ttlMs: 1_000, max: 2 });
  await expect(cache.get("x", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
  expect(await cache.get("x", async () => 7)).toBe(7);
  await cache.get("y", async () => 8);
  await cache.get("z", async () => 9);
  expect(await cache.get("x", async () => 70)).toBe(70); // x was the oldest: dropped for z
  expect(await cache.get("z", async () => 90)).toBe(9);
});

test("a change drops every list here at once and, through the broadcast, in another replica", async () => {
  const bus = await createBus({ log });
  const here = createVisitorLists(bus);
  const there = createVisitorLists(bus);
  const stop = await there.listen();
  const a = here.list<number>();
  const b = there.list<number>();
  let n = 0;
  const load = async () => ++n;
  await a.get("all", load);
  await b.get("all", load);
  expect(await a.get("all", load)).toBe(1);
  await here.changed();
  expect(await a.get("all", load)).toBe(3);
  await new Promise((r) => setTimeout(r, 20)); // the broadcast is delivered asynchronously
  expect(await b.get("all", load)).toBe(4);
  stop();
  await bus.close();
});

// The sitemap follower without storage or database: a counting build, a lock that can be taken by
// "another replica", and real timers at a 30 ms debounce.
import { createLogger } from "@wenku/kit";
import { createSitemapFollower, type SitemapFollowerDeps, touchingWrites } from "./sitemap.follow.js";

const log = createLogger({ service: "test", level: "silent" });
const DEBOUNCE = 30;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until `done()` holds (a busy machine runs timers late: no fixed sleep for what must happen). */
async function until(done: () => boolean, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await sleep(5);
  }
}

function harness(over: Partial<SitemapFollowerDeps> = {}) {
  const state = { builds: 0, builtFrom: null as Date | null, lockTaken: false, buildMs: 0, building: false };
  const follower = createSitemapFollower({
    async build() {
      const from = new Date();
      state.building = true;
      if (state.buildMs) await sleep(state.buildMs);
      state.building = false;
      state.builds++;
      state.builtFrom = from;
    },
    builtFrom: async () => state.builtFrom,
    async exclusive(work) {
      if (state.lockTaken) return { ran: false };
      await work();
      return { ran: true };
    },
    debounceMs: DEBOUNCE,
    retryMs: 20,
    log,
    ...over,
  });
  return { state, follower };
}

test("a burst of changes is one build, about the debounce after the first", async () => {
  const { state, follower } = harness();
  const t0 = Date.now();
  for (let i = 0; i < 5; i++) follower.touch();
  expect(state.builds).toBe(0);
  await until(() => state.builds > 0);
  expect(Date.now() - t0).toBeGreaterThanOrEqual(DEBOUNCE - 2);
  await sleep(DEBOUNCE * 2);
  expect(state.builds).toBe(1);
  await follower.stop();
});

test("a change during a build is followed by another build", async () => {
  const { state, follower } = harness();
  state.buildMs = 40;
  follower.touch();
  await until(() => state.building);
  await sleep(2); // a change heard after the build began reading
  follower.touch();
  await until(() => state.builds === 2);
  await sleep(DEBOUNCE * 2);
  expect(state.builds).toBe(2);
  await follower.stop();
});

test("another replica holds the lock: tried again; skipped when that replica built after the change", async () => {
  const { state, follower } = harness();
  state.lockTaken = true;
  follower.touch();
  await sleep(DEBOUNCE + 30);
  expect(state.builds).toBe(0);
  state.builtFrom = new Date(Date.now() + 1); // "the other replica" began its build after our change
  state.lockTaken = false;
  await sleep(60);
  expect(state.builds).toBe(0);
  // a later change is not covered by that build: this replica builds
  follower.touch();
  await until(() => state.builds === 1);
  await follower.stop();
});

test("a build another replica began between two changes covers the first only: this replica still builds", async () => {
  const { state, follower } = harness();
  follower.touch(); // a document disabled
  await sleep(3);
  state.builtFrom = new Date(); // "another replica" began its build here: after the first change …
  await sleep(3);
  follower.touch(); // … and before the second (the document approved), inside the same debounce window
  await until(() => state.builds === 1);
  await sleep(DEBOUNCE * 2);
  expect(state.builds).toBe(1);
  await follower.stop();
});

test("a failed build is retried; after stop nothing more is built", async () => {
  let fail = true;
  let builds = 0;
  const { follower } = harness({
    async build() {
      if (fail) throw new Error("storage down");
      builds++;
    },
    builtFrom: async () => null,
  });
  follower.touch();
  await sleep(DEBOUNCE + 10);
  fail = false;
  await until(() => builds === 1);
  await follower.stop();
  follower.touch();
  await sleep(DEBOUNCE + 20);
  expect(builds).toBe(1);
});

test("touchingWrites: writes touch after they succeed; reads and failures do not", async () => {
  let touched = 0;
  const impl = touchingWrites(
    {
      async getThing() {
        return 1;
      },
      async listThings() {
        return [];
      },
      async createThing() {
        return 2;
      },
      async deleteThing(): Promise<number> {
        throw new Error("refused");
      },
    },
    () => touched++,
  );
  expect(await impl.getThing()).toBe(1);
  await impl.listThings();
  expect(touched).toBe(0);
  expect(await impl.createThing()).toBe(2);
  expect(touched).toBe(1);
  await expect(impl.deleteThing()).rejects.toThrow("refused");
  expect(touched).toBe(1);
});

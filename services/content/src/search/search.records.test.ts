// Popular searches as two replicas of the content service keep them: a keyword staff hide on one is
// gone from the other's next answer, with no wait for its cache to expire.
import { createChangeSignal } from "@wenku/kit";
import { createBus } from "@wenku/kit/bus";
import {
  createSearchRecordService,
  POPULAR_SEARCH_CHANGED_SUBJECT,
  type SearchRecordServiceDeps,
} from "./search.records.js";

const delivered = () => new Promise((r) => setImmediate(r));
const quiet = { info() {}, warn() {}, error() {} };

/** One shared table of records and hidden keywords, as two replicas see one database. */
function sharedRepo() {
  const hidden = new Set<string>();
  let queries = 0;
  const words = ["rust", "golang", "wasm"];
  return {
    get queries() {
      return queries;
    },
    repo: {
      list: async () => ({ total: 0, rows: [] }),
      deleteMany: async () => 0,
      popular: async () => {
        queries++;
        return words.filter((w) => !hidden.has(w)).map((keywords) => ({ keywords, count: 3 }));
      },
      setPopularHidden: async (normalized: string, isHidden: boolean) => {
        if (isHidden) hidden.add(normalized);
        else hidden.delete(normalized);
      },
      popularHidden: async () => [],
    } as unknown as SearchRecordServiceDeps["repo"],
  };
}

test("a keyword hidden through one replica leaves every replica's popular searches at once", async () => {
  const bus = await createBus({ log: quiet });
  const db = sharedRepo();
  const replicas = await Promise.all(
    [0, 1].map(async () => {
      const signal = await createChangeSignal(bus, POPULAR_SEARCH_CHANGED_SUBJECT, quiet);
      return {
        signal,
        records: createSearchRecordService({
          repo: db.repo,
          users: { users: async () => new Map() },
          hiddenChanges: signal,
        }),
      };
    }),
  );
  const [a, b] = replicas.map((r) => r.records);
  expect((await b!.popular(10)).map((r) => r.keywords)).toEqual(["rust", "golang", "wasm"]);
  expect((await b!.popular(10)).length).toBe(3); // kept: one query for both
  expect(db.queries).toBe(1);

  await a!.setPopularHidden("golang", true, 1n);
  await delivered(); // the broadcast reaches the other replica as over a network: a moment later, not a TTL
  expect((await b!.popular(10)).map((r) => r.keywords)).toEqual(["rust", "wasm"]);

  await a!.setPopularHidden("golang", false, 1n);
  await delivered();
  expect((await b!.popular(10)).map((r) => r.keywords)).toEqual(["rust", "golang", "wasm"]);
  for (const r of replicas) r.signal.close();
  await bus.close();
});

// The index status over the Elasticsearch backend, against @elastic/elasticsearch-mock: a cluster that
// cannot be reached or answers 503 gives a status (unreachable, the reason, the indexer's progress)
// instead of an error, so the admin dashboard's search index card shows "unreachable"; a rebuild is
// refused meanwhile; once the cluster answers, its counts come back.
import { createEsSearchIndex } from "@wenku/search";
import { aliasesInPlace, esAnswer, esUnreachable, type MockCluster, mockCluster } from "@wenku/testkit/elasticsearch";
import { createSearchService, reasonOf, type SearchServiceDeps, UNREACHABLE } from "./search.service.js";

/** The search service over `es`, its indexer's last pass as given (only the status parts are used). */
function serviceOn(es: MockCluster, progress = { running: false, total: 3, done: 3, error: "" }) {
  const index = createEsSearchIndex({ client: es.client, prefix: "wenku", log: es.log });
  const rebuilds: number[] = [];
  const indexer = {
    progress: () => progress,
    rebuild: async () => void rebuilds.push(1),
  };
  const deps = { index, indexer, log: es.log } as unknown as SearchServiceDeps;
  return { service: createSearchService(deps), rebuilds };
}

test("(elasticsearch-mock) the cluster unreachable: the status says unreachable with the reason and the indexer's progress; a rebuild is refused", async () => {
  const es = mockCluster();
  for (const method of ["PUT", "HEAD", "GET", "POST"]) es.on(method, ["/:a", "/:a/:b", "/:a/:b/:c"], esUnreachable);
  const { service, rebuilds } = serviceOn(es, { running: false, total: 3, done: 1, error: "上次索引失败" });

  const status = await service.status();
  expect(status).toEqual({
    backend: "elasticsearch",
    indexed: 0,
    articles: 0,
    running: false,
    total: 3,
    done: 1,
    unreachable: true,
    error: `${UNREACHABLE}：Elasticsearch set-up: the cluster is unreachable (ConnectionError: connect ECONNREFUSED 10.0.0.9:9200); 上次索引失败`,
  });
  await expect(service.rebuild()).rejects.toMatchObject({ kind: "unavailable" });
  expect(rebuilds).toEqual([]);
  expect(es.logged.map((l) => l.msg)).toContain("search index status: the backend did not answer");
});

test("(elasticsearch-mock) the cluster answering 503 to the counts: unreachable with what it said; answering again: the counts", async () => {
  const es = mockCluster();
  aliasesInPlace(es);
  const state = "blocked by: [SERVICE_UNAVAILABLE/1/state not recovered / initialized];";
  es.on(["GET", "POST"], "/:index/_count", () => esAnswer(503, "cluster_block_exception", state));
  const { service } = serviceOn(es);

  const down = await service.status();
  expect(down).toMatchObject({ backend: "elasticsearch", unreachable: true, indexed: 0, articles: 0, done: 3 });
  expect(down.error).toBe(`${UNREACHABLE}：Elasticsearch counting failed with 503: cluster_block_exception: ${state}`);

  es.on(["GET", "POST"], "/:index/_count", (c) => ({ count: c.path.includes("articles") ? 2 : 7 }));
  expect(await service.status()).toEqual({
    backend: "elasticsearch",
    indexed: 7,
    articles: 2,
    running: false,
    total: 3,
    done: 3,
    unreachable: false,
    error: "",
  });
});

test("the reason shown to staff leaves out a URL's credentials and is cut to 300 characters", () => {
  const cause = new Error("connect to http://elastic:secret@es.internal:9200 failed");
  expect(reasonOf(Object.assign(new Error("搜索服务暂时不可用"), { cause }))).toBe(
    "connect to http://es.internal:9200 failed",
  );
  expect(reasonOf(new Error("x".repeat(1_000)))).toHaveLength(300);
});

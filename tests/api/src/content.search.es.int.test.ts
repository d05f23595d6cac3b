// The site with ELASTICSEARCH_URL set (both transports): the content service takes Elasticsearch as its
// search index. Nothing listens at the address here (no Elasticsearch on this machine; the contract
// runs against a real one in services/search/src/elasticsearch/search.es.int.test.ts): the site
// starts and serves everything else, a search answers 503 with a message for people, never a crash.
import { createServer } from "node:net";
import { loginAdmin, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)),
  );
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const url = `http://elastic:secret@127.0.0.1:${await closedPort()}`;
  stack = await startTestStack({ env: { ELASTICSEARCH_URL: url, ELASTICSEARCH_TIMEOUT_SEC: "2" } });
});
afterAll(async () => {
  await stack?.stop();
});

test("with Elasticsearch unreachable the site serves, and a search answers 503 with a message for people", async () => {
  expect((await rest(stack.url, "GET", "/api/v1/category/list")).status).toBe(200);
  for (const path of [
    "/api/v1/document/search?wd=年度报告",
    "/api/v1/search?wd=annual%20report",
    "/api/v1/search?wd=annual%20report&type=1",
    "/api/v1/article/search?wd=关于",
  ]) {
    const r = await rest(stack.url, "GET", path);
    expect([path, r.status, r.json.message]).toEqual([path, 503, "搜索服务暂时不可用，请稍后再试"]);
    expect(r.text).not.toContain("secret");
    expect(r.text).not.toContain("127.0.0.1");
  }
  const empty = await rest(stack.url, "GET", "/api/v1/document/search?wd=");
  expect(empty.status).toBe(200); // nothing to look for: the cluster is not asked
});

test("the index status says the backend is unreachable (the admin page stays up); a rebuild is refused with 503", async () => {
  const admin = await loginAdmin(stack.url);
  const status = await rest(stack.url, "GET", "/api/v1/renew/document/index", undefined, admin);
  expect(status.status).toBe(200);
  expect(status.json).toMatchObject({ backend: "elasticsearch", unreachable: true });
  expect(status.json.error).toMatch(/^搜索后端无法连接/);
  expect(status.text).not.toContain("secret");
  const rebuild = await rest(stack.url, "PUT", "/api/v1/renew/document/index", {}, admin);
  expect([rebuild.status, rebuild.json.message]).toEqual([503, "搜索服务暂时不可用，请稍后再试"]);
});

// @wenku/testkit/elasticsearch — a cluster for tests of the Elasticsearch backend and what sits on it:
// @elastic/elasticsearch-mock answers the client's requests from routes a test registers, and every
// request is recorded so a test asserts what was sent. The search package's own tests add the routes
// that need its mapping version (services/search/test/es.cluster.ts).
import { createRequire } from "node:module";
import { Client } from "@elastic/elasticsearch";
import type MockType from "@elastic/elasticsearch-mock";
import type { Logger } from "@wenku/kit";

// CommonJS packages: the mock, and the copy of the client it requires (whose error classes it recognizes).
const require = createRequire(import.meta.url);
const Mock = require("@elastic/elasticsearch-mock") as typeof MockType.default;
const cjs = require("@elastic/elasticsearch") as typeof import("@elastic/elasticsearch");

export interface EsCall {
  method: string;
  path: string;
  querystring: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: request bodies are asserted field by field
  body: any;
}

/** An error answer of the cluster (status and body as Elasticsearch sends them). */
export function esAnswer(statusCode: number, type: string, reason = type) {
  return new cjs.errors.ResponseError({
    body: { error: { type, reason }, status: statusCode },
    statusCode,
    headers: {},
    warnings: null,
    meta: {} as never,
  });
}

/** The cluster did not answer at all. */
export const esUnreachable = () => new cjs.errors.ConnectionError("connect ECONNREFUSED 10.0.0.9:9200");

export function mockCluster() {
  const mock = new Mock();
  const calls: EsCall[] = [];
  // the mock's connection class is the CommonJS copy's: the same class at run time, another type
  const Connection = mock.getConnection() as unknown as ConstructorParameters<typeof Client>[0]["Connection"];
  const client = new Client({ node: "http://es.test:9200", Connection, maxRetries: 0 });
  const logged: Array<{ level: string; msg: string; fields: unknown }> = [];
  const at =
    (level: string) =>
    (fields: unknown, msg = "") =>
      void logged.push({ level, msg, fields });
  const log = { info: at("info"), warn: at("warn"), error: at("error"), debug() {} } as unknown as Logger;
  (log as unknown as { child: () => Logger }).child = () => log;
  return {
    client,
    calls,
    /** What was logged at info and above. */
    logged,
    log,
    /** Answers `method path` (find-my-way patterns: /:index/_search) with what `reply` returns. */
    on(method: string | string[], path: string | string[], reply: (call: EsCall) => unknown) {
      mock.clear({ method, path });
      mock.add({ method, path }, (params: unknown) => {
        const call = params as unknown as EsCall;
        calls.push(call);
        return reply(call) as Record<string, unknown>;
      });
    },
    /** The recorded calls of one method whose path starts with `prefix`. */
    sent: (method: string, prefix = "") => calls.filter((c) => c.method === method && c.path.startsWith(prefix)),
  };
}
export type MockCluster = ReturnType<typeof mockCluster>;

/**
 * Set-up finds both aliases in place (documents and articles, each on its own index), their mappings
 * of the version of the template the backend put just before: set-up always puts it first, and the
 * mapping version is the search package's to know, not its users'.
 */
export function aliasesInPlace(es: MockCluster) {
  const name = (path: string) => path.split("/").filter(Boolean).at(-1) as string;
  const templated = () => es.sent("PUT", "/_index_template/").at(-1)?.body?._meta?.mapping_version;
  es.on("PUT", "/_index_template/:name", () => ({ acknowledged: true }));
  es.on("HEAD", "/_alias/:name", () => "");
  es.on("GET", "/:index/_mapping", (c) => ({
    [`${name(c.path.replace("/_mapping", ""))}-initial`]: { mappings: { _meta: { mapping_version: templated() } } },
  }));
}

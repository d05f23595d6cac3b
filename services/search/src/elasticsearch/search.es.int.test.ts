// The search contract on a real Elasticsearch (9.x): runs when ELASTICSEARCH_URL is set, e.g.
//   docker run -d --name es -p 9200:9200 -e discovery.type=single-node -e xpack.security.enabled=false \
//     docker.elastic.co/elasticsearch/elasticsearch:9.1.0
//   ELASTICSEARCH_URL=http://127.0.0.1:9200 npx jest --ci search.es.int
// Each run works under its own index prefix and deletes what it created.
import { type Client, errors } from "@elastic/elasticsearch";
import type { Logger } from "@wenku/kit";
import { articleIndexContract } from "../../test/search.articles.contract.js";
import { indexedDocument, searchIndexContract } from "../../test/search.contract.js";
import { createEsClient, createEsSearchIndex, withoutCredentials } from "./search.es.js";
import { esNames } from "./search.es.mapping.js";
import type { EsSearchIndex } from "./search.es.types.js";

const url = process.env.ELASTICSEARCH_URL;
const log = { info() {}, warn() {}, error() {}, debug() {}, child: () => log } as unknown as Logger;
const prefix = `wenku-test-${process.pid}-${Date.now().toString(36)}`;

const suite = url ? describe : describe.skip;
const title = url
  ? `Elasticsearch search index at ${withoutCredentials(url)}`
  : "Elasticsearch search index: skipped, ELASTICSEARCH_URL is not set (no Elasticsearch server here)";

suite(title, () => {
  let client: Client;
  let index: EsSearchIndex;

  beforeAll(async () => {
    client = createEsClient({ url: url as string, apiKey: process.env.ELASTICSEARCH_API_KEY, timeoutMs: 30_000 });
    index = createEsSearchIndex({ client, prefix, log });
    await index.ready();
  });
  afterAll(async () => {
    for (const kind of ["documents", "articles"] as const) {
      const { pattern, template } = esNames(prefix, kind);
      await client.indices.delete({ index: pattern, ignore_unavailable: true, allow_no_indices: true });
      await client.indices.deleteIndexTemplate({ name: template }).catch((err: unknown) => {
        if (!(err instanceof errors.ResponseError && err.statusCode === 404)) throw err;
      });
    }
    await index.close();
  });

  searchIndexContract(async () => {
    await index.clear();
    return index;
  });

  articleIndexContract(async () => {
    await index.articles.clear();
    return index.articles;
  });

  test("a rebuild fills a new index while the old one answers, then the alias moves and the old index is gone", async () => {
    await index.clear();
    const { alias } = esNames(prefix);
    const old = indexedDocument({ title: "before the rebuild" });
    await index.upsert([old]);
    const [before] = Object.keys(await client.indices.getAlias({ name: alias }));
    const build = await index.startRebuild();
    const fresh = indexedDocument({ title: "after the rebuild" });
    await build.target.upsert([fresh]);
    const ids = async (text: string) =>
      (await index.search({ text, sort: "relevance", offset: 0, limit: 10 })).hits.map((h) => h.id);
    expect(await ids("rebuild")).toEqual([old.id]); // the live index until the commit
    await build.commit();
    expect(await ids("rebuild")).toEqual([fresh.id]);
    const after = Object.keys(await client.indices.getAlias({ name: alias }));
    expect(after).toHaveLength(1);
    expect(after).not.toContain(before);
    expect(await client.indices.exists({ index: before as string })).toBe(false);

    const failed = await index.startRebuild();
    await failed.target.upsert([indexedDocument({ title: "never live" })]);
    await failed.abort();
    expect(await ids("never")).toEqual([]);
    expect(Object.keys(await client.indices.getAlias({ name: alias }))).toEqual(after);
  });
});

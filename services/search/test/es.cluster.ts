// The routes the search package's own Elasticsearch tests share, on @wenku/testkit's cluster: they
// need the mapping version, which no other package is given.
import type { MockCluster } from "@wenku/testkit/elasticsearch";
import { MAPPING_VERSION } from "../src/elasticsearch/search.es.mapping.js";

/** The routes of a cluster that already holds the alias on `index` (set-up finds everything in place). */
export function existingIndex(es: MockCluster, alias = "wenku-documents", index = `${alias}-initial`) {
  es.on("PUT", "/_index_template/:name", () => ({ acknowledged: true }));
  es.on("HEAD", "/_alias/:name", () => "");
  es.on("GET", "/:index/_mapping", () => ({ [index]: { mappings: { _meta: { mapping_version: MAPPING_VERSION } } } }));
  es.on("GET", "/_alias/:name", () => ({ [index]: { aliases: { [alias]: {} } } }));
}

// The Elasticsearch search index (ELASTICSEARCH_URL set): the same contract as PostgreSQL's
// (test/search.contract.ts), the same tokens (search.es.mapping.ts), the same query semantics
// (search.es.query.ts).
//
// Searches and writes go through an alias, `<ELASTICSEARCH_INDEX>-documents`, in front of one concrete
// index `<alias>-<time>` whose settings and mappings come from an index template put at start. A
// rebuild fills a new concrete index beside the live one (no refreshes while it fills), then one
// _aliases call points the alias at it and deletes the old index, so searches never see it half built.
// A document's index version is its search_version (external_gte): a write never replaces a newer
// version, an equal one is written again. Writes wait for the refresh that makes them searchable.
import { Client } from "@elastic/elasticsearch";
import type { Logger } from "@wenku/kit";
import { MAX_QUERY_TOKENS, prepareDocument, type SearchIndexBuild, type SearchIndexTarget } from "../search.index.js";
import { tokenText } from "../tokens.js";
import { esArticleIndex } from "./search.es.articles.js";
import { type BulkAction, bulkWrite, esError } from "./search.es.bulk.js";
import { type EsIndexKind, esDocument, esNames, indexTemplate, MAPPING_VERSION } from "./search.es.mapping.js";
import { searchRequest, searchResult } from "./search.es.query.js";
import type { EsDocumentIndex, EsSearchIndex } from "./search.es.types.js";

/** Ids and versions read per request by versions(). */
const VERSIONS_PAGE = 5_000;
/** A concrete index holding no alias and older than this is a rebuild that died half way: dropped. */
export const LEFTOVER_AGE_MS = 24 * 3600_000;
/** Search failures are logged at most this often (a cluster down fails every search). */
const WARN_EVERY_MS = 30_000;

export interface EsConnection {
  /** ELASTICSEARCH_URL, credentials in it if any (https://user:password@host:9200). */
  url: string;
  apiKey?: string | undefined;
  timeoutMs: number;
}

export function createEsClient(c: EsConnection): Client {
  return new Client({
    node: c.url,
    ...(c.apiKey ? { auth: { apiKey: c.apiKey } } : {}),
    requestTimeout: c.timeoutMs,
    maxRetries: 1, // one more try (after ~1 s): a visitor does not wait long for a cluster that is down
  });
}

/** The URL without its credentials, for logs. */
export function withoutCredentials(url: string): string {
  const u = new URL(url);
  u.username = "";
  u.password = "";
  return u.toString();
}

export interface EsSearchIndexDeps {
  client: Client;
  /**
   * ELASTICSEARCH_INDEX: names the aliases (`<prefix>-documents`, `<prefix>-articles`), the templates
   * and the indexes.
   */
  prefix: string;
  log: Logger;
  now?: () => number;
}

/** The documents' index with the articles' beside it (its own alias, template and rebuilds). */
export function createEsSearchIndex(deps: EsSearchIndexDeps): EsSearchIndex {
  const documents = createEsDocumentIndex(deps, "documents");
  return {
    ...documents,
    articles: esArticleIndex(createEsDocumentIndex(deps, "articles")),
    close: () => deps.client.close(),
  };
}

/** An error the cluster answered, by its status or error type (by name: see esError). */
const answered = (err: unknown) =>
  err instanceof Error && err.name === "ResponseError"
    ? (err as Error & { statusCode?: number; body?: { error?: { type?: string } } })
    : undefined;
const isType = (err: unknown, type: string) => answered(err)?.body?.error?.type === type;

export function createEsDocumentIndex(deps: EsSearchIndexDeps, kind: EsIndexKind): EsDocumentIndex {
  const { client, prefix, log } = deps;
  const now = deps.now ?? Date.now;
  const { alias, pattern } = esNames(prefix, kind);
  let readying: Promise<void> | null = null;
  let warned = Number.NEGATIVE_INFINITY;

  /** Runs one step; a failure becomes an error that says what failed (search.es.bulk.ts). */
  async function step<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (isType(err, "index_not_found_exception")) readying = null; // deleted behind our back: set up again
      throw esError(err, what);
    }
  }

  const stamp = () =>
    `${alias}-${new Date(now()).toISOString().replace(/[-:.]/g, "").toLowerCase()}-${Math.random().toString(36).slice(2, 6)}`;

  async function setUp(): Promise<void> {
    await client.indices.putIndexTemplate(indexTemplate(prefix, kind));
    if (await client.indices.existsAlias({ name: alias })) {
      const mappings = await client.indices.getMapping({ index: alias });
      const old = Object.entries(mappings)
        .filter(([, m]) => m.mappings._meta?.mapping_version !== MAPPING_VERSION)
        .map(([name]) => name);
      if (old.length)
        log.warn(
          { indexes: old, mappingVersion: MAPPING_VERSION },
          "the Elasticsearch search index has older mappings: rebuild it (PUT /api/v1/renew/document/index)",
        );
      return;
    }
    // a fixed first name: replicas starting together create one index, not one each
    const first = `${alias}-initial`;
    await client.indices.create({ index: first }).catch((err: unknown) => {
      if (!isType(err, "resource_already_exists_exception")) throw err;
    });
    await client.indices.putAlias({ index: first, name: alias });
    log.info({ alias, index: first }, "Elasticsearch search index created");
  }

  function ready(): Promise<void> {
    readying ??= setUp().catch((err: unknown) => {
      readying = null; // the next call tries again
      throw esError(err, "set-up");
    });
    return readying;
  }

  /** The concrete indexes the alias points at (none when it is missing). */
  async function aliased(): Promise<string[]> {
    try {
      return Object.keys(await client.indices.getAlias({ name: alias }));
    } catch (err) {
      if (answered(err)?.statusCode === 404) return [];
      throw err;
    }
  }

  /** Drops concrete indexes of ours that no alias points at and that no rebuild has touched for a day. */
  async function dropLeftovers(): Promise<void> {
    const live = new Set(await aliased());
    const settings = await client.indices.getSettings({
      index: pattern,
      name: "index.creation_date",
      flat_settings: true,
    });
    for (const [index, s] of Object.entries(settings)) {
      const created = Number((s.settings as Record<string, unknown> | undefined)?.["index.creation_date"]);
      if (live.has(index) || !(now() - created > LEFTOVER_AGE_MS)) continue;
      await client.indices.delete({ index, ignore_unavailable: true });
      log.info({ index }, "dropped an Elasticsearch index a failed rebuild left behind");
    }
  }

  function target(index: string, refresh: false | "wait_for"): SearchIndexTarget {
    return {
      async upsert(docs) {
        if (!docs.length) return;
        await ready();
        const actions: BulkAction[] = [];
        for (const d of docs) {
          const version = Number(d.version);
          if (!Number.isSafeInteger(version) || version < 0)
            throw new Error(`document ${d.id}: version ${d.version} out of range`);
          const meta = { index: { _index: index, _id: d.id.toString(), version, version_type: "external_gte" } };
          actions.push({
            id: d.id,
            lines: [JSON.stringify(meta), JSON.stringify(esDocument(d, await prepareDocument(d)))],
          });
        }
        await step("indexing", () => bulkWrite(client, actions, refresh));
      },

      async remove(ids) {
        if (!ids.length) return;
        await ready();
        const actions = ids.map((id) => ({
          id,
          lines: [JSON.stringify({ delete: { _index: index, _id: id.toString() } })],
        }));
        await step("removing", () => bulkWrite(client, actions, refresh));
      },

      async versions() {
        await ready();
        const out = new Map<bigint, bigint>();
        let after: Array<string | number | boolean | null> | undefined;
        for (;;) {
          const r = await step("reading versions", () =>
            client.search({
              index,
              size: VERSIONS_PAGE,
              _source: false,
              version: true,
              track_total_hits: false,
              sort: [{ id: "asc" }],
              ...(after ? { search_after: after } : {}),
            }),
          );
          for (const h of r.hits.hits)
            if (h._id && h._version !== undefined) out.set(BigInt(h._id), BigInt(h._version));
          const last = r.hits.hits[r.hits.hits.length - 1];
          if (r.hits.hits.length < VERSIONS_PAGE || !last?.sort) return out;
          after = last.sort as Array<string | number | boolean | null>;
        }
      },
    };
  }

  async function startRebuild(): Promise<SearchIndexBuild> {
    await ready();
    const index = stamp();
    await step("starting a rebuild", async () => {
      await dropLeftovers();
      // no refreshes while it fills: nobody searches it yet
      await client.indices.create({ index, settings: { "index.refresh_interval": "-1" } });
    });
    return {
      target: target(index, false),
      commit: () =>
        step("switching to the rebuilt index", async () => {
          await client.indices.putSettings({ index, settings: { "index.refresh_interval": null } });
          await client.indices.refresh({ index });
          const old = (await aliased()).filter((name) => name !== index);
          // one call: the alias moves and the old indexes go together, or nothing happens
          await client.indices.updateAliases({
            actions: [{ add: { index, alias } }, ...old.map((name) => ({ remove_index: { index: name } }))],
          });
          log.info({ alias, index, dropped: old }, "Elasticsearch search index rebuilt");
        }),
      abort: () =>
        step(
          "dropping a failed rebuild",
          async () => void (await client.indices.delete({ index, ignore_unavailable: true })),
        ),
    };
  }

  const live = target(alias, "wait_for");
  return {
    backend: "elasticsearch",
    alias,
    ready,
    ...live,

    async count() {
      await ready();
      return (await step("counting", () => client.count({ index: alias }))).count;
    },

    async search(q) {
      const tokens = tokenText(q.text, MAX_QUERY_TOKENS);
      if (!tokens) return { total: 0, hits: [] };
      try {
        await ready();
        return searchResult(await step("search", () => client.search(searchRequest(alias, q, tokens))));
      } catch (err) {
        if (now() - warned >= WARN_EVERY_MS) {
          warned = now();
          log.warn({ err: (err as Error).cause ?? err }, "Elasticsearch search failed");
        }
        throw err;
      }
    },

    /** A new empty index put in place of the live one (no deleted-document tombstones left behind). */
    async clear() {
      await (await startRebuild()).commit();
    },

    startRebuild,

    /** Partial updates of the counts the sorts read: the text is not written again. */
    async updateCounts(counts) {
      if (!counts.length) return;
      await ready();
      const actions: BulkAction[] = counts.map((c) => ({
        id: c.id,
        lines: [
          JSON.stringify({ update: { _index: alias, _id: c.id.toString(), retry_on_conflict: 3 } }),
          JSON.stringify({
            doc: { view_count: c.viewCount, download_count: c.downloadCount, score: c.score },
          }),
        ],
      }));
      await step("updating counts", () => bulkWrite(client, actions, "wait_for"));
    },
  };
}

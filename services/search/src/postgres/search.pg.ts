// The PostgreSQL search index (the default backend): tsvectors of searchTokens() output in
// search_pages with a GIN index, filters and sorts on search_documents. The tables are in the content
// service's schema (its migration 0008), reached through the SearchDb it hands in. No extension is
// needed (embedded PostgreSQL has none). The text search configuration is wenku_search (migration
// 0010): English stemming that keeps stop words.
//
// A document is rows in search_pages: page 0 holds its fields; page n its fields (but the description)
// and page n's text, the only lexemes of weight D (ts_filter(terms, '{d}') is the page's text alone:
// which pages hold the hit). A document matches when one of its rows holds every query token; its rank is its
// ts_rank_cd (title A 1.0, keywords B 0.4, description/categories/uploader C 0.2, text D 0.1; the
// proximity of the terms counts, and a page holding them as the exact phrase gets 0.1 more): its field
// row's when the fields hold the query, else its best page row's (for at most RANK_CAP such documents:
// see search()).
import { empty, join, type Sql, sqltag as sql } from "@prisma/client/runtime/client";
import type { LiveCounts, SearchDb, SqlRunner } from "../ports.js";
import {
  type IndexedDocument,
  MAX_PAGE_HITS,
  MAX_QUERY_TOKENS,
  type PageExcerpt,
  type PreparedDocument,
  prepareDocument,
  type SearchIndex,
  type SearchQuery,
  type SearchResult,
  type SearchSort,
} from "../search.index.js";
import { onlyStopWords, tokenText } from "../tokens.js";
import { createPgArticleIndex } from "./search.pg.articles.js";

const ORDER: Record<SearchSort, Sql> = {
  relevance: sql`f.rank DESC, f.view_count DESC, f.created_at DESC, f.document_id DESC`,
  latest: sql`f.created_at DESC, f.document_id DESC`,
  views: sql`f.view_count DESC, f.rank DESC, f.document_id DESC`,
  downloads: sql`f.download_count DESC, f.rank DESC, f.document_id DESC`,
  pages: sql`f.pages DESC, f.rank DESC, f.document_id DESC`,
  score: sql`f.score DESC, f.rank DESC, f.document_id DESC`,
};

function filters(q: SearchQuery): Sql {
  const and: Sql[] = [];
  if (q.categoryIds?.length) and.push(sql`d.category_ids && ${[...q.categoryIds]}::bigint[]`);
  if (q.kinds)
    and.push(sql`(d.type = ANY(${[...q.kinds.types]}::text[]) OR d.ext = ANY(${[...q.kinds.exts]}::text[]))`);
  if (q.languageIds?.length) and.push(sql`d.language_id = ANY(${[...q.languageIds]}::bigint[])`);
  if (q.userId !== undefined) and.push(sql`d.user_id = ${q.userId}`);
  if (q.createdFrom) and.push(sql`d.created_at >= ${q.createdFrom}`);
  if (q.createdTo) and.push(sql`d.created_at <= ${q.createdTo}`);
  return and.length ? sql`WHERE ${join(and, " AND ")}` : empty;
}

/**
 * Text-only matches whose page rows are ranked (reading their tsvectors): those whose pages match the
 * most, as a share of their pages (a document about the words, not merely a long one).
 */
export const RANK_CAP = 200;
/**
 * Matching rows a relevance search reads (in the GIN index's order) before it calls the query common: a word
 * that matches more rows than this (a title word is in every page row of its documents) ranks and
 * counts only the documents of these rows and FIELD_CAP field matches, and its total is a lower bound
 * (SearchResult.more), as Elasticsearch's is past 10,000 hits. Below it everything is read.
 */
export const ROW_CAP = 5_000;
/** Field matches (page 0) a common query reads, ranks and counts beside its ROW_CAP rows. */
export const FIELD_CAP = 2_000;
/** What a page holding the query as the exact phrase adds to its rank (weight D's: one more match). */
const PHRASE_BONUS = 0.1;
/** No live counts (LiveCounts absent): the indexed copies serve. */
const NO_LIVE_COUNTS = sql`(SELECT NULL::bigint AS id, 0 AS view_count, 0 AS download_count, 0 AS score WHERE false)`;

export function createPgSearchIndex(
  db: SearchDb,
  opts: { rankCap?: number; rowCap?: number; fieldCap?: number; liveCounts?: LiveCounts } = {},
): SearchIndex {
  const live = opts.liveCounts?.documents ?? NO_LIVE_COUNTS;
  const rankCap = opts.rankCap ?? RANK_CAP;
  const rowCap = opts.rowCap ?? ROW_CAP;
  const fieldCap = opts.fieldCap ?? FIELD_CAP;
  async function upsertOne(tx: SqlRunner, d: IndexedDocument, prepared: PreparedDocument) {
    // The index is derived data: a crash that loses the last moments of its writes leaves those
    // documents at an older version, which the indexer's catch-up rewrites at the next start. So
    // its commits need not wait for the WAL to reach the disk (one flush a document was most of
    // the cost of indexing).
    await tx.$executeRaw`SET LOCAL synchronous_commit = off`;
    const { title, keywords, others, description, pages: texts } = prepared;
    const pages = texts.map((p) => p.page);
    const excerpts = texts.map((p) => p.excerpt);
    const written = await tx.$executeRaw`
      INSERT INTO search_documents (document_id, version, user_id, category_ids, language_id, ext, type, pages,
                                    view_count, download_count, score, created_at, indexed_at)
      VALUES (${d.id}, ${d.version}, ${d.userId}, ${[...d.categoryIds]}::bigint[], ${d.languageId}, ${d.ext},
              ${d.type}, ${d.pages}, ${d.viewCount}, ${d.downloadCount}, ${d.score}, ${d.createdAt}, now())
      ON CONFLICT (document_id) DO UPDATE SET
        version = EXCLUDED.version, user_id = EXCLUDED.user_id, category_ids = EXCLUDED.category_ids,
        language_id = EXCLUDED.language_id, ext = EXCLUDED.ext, type = EXCLUDED.type, pages = EXCLUDED.pages,
        view_count = EXCLUDED.view_count, download_count = EXCLUDED.download_count, score = EXCLUDED.score,
        created_at = EXCLUDED.created_at, indexed_at = now()
      WHERE search_documents.version <= EXCLUDED.version`;
    if (written === 0) return; // a newer version is indexed already (another replica got there first)
    await tx.$executeRaw`DELETE FROM search_pages WHERE document_id = ${d.id}`;
    await tx.$executeRaw`
      WITH f AS (
        SELECT setweight(to_tsvector('wenku_search', ${title}), 'A')
            || setweight(to_tsvector('wenku_search', ${keywords}), 'B')
            || setweight(to_tsvector('wenku_search', ${others}), 'C') AS fields,
               setweight(to_tsvector('wenku_search', ${description}), 'C') AS description
      )
      INSERT INTO search_pages (document_id, page, terms, excerpt)
      SELECT ${d.id}::bigint, 0, f.fields || f.description, '' FROM f
      UNION ALL
      SELECT ${d.id}::bigint, t.page, f.fields || setweight(to_tsvector('wenku_search', t.text), 'D'), t.excerpt
        FROM f, unnest(${pages}::int[], ${texts.map((p) => p.text)}::text[], ${excerpts}::text[]) AS t(page, text, excerpt)`;
  }

  const index: SearchIndex = {
    backend: "postgres",
    articles: createPgArticleIndex(db, opts.liveCounts?.articles),

    async upsert(docs) {
      for (const d of docs) {
        const prepared = await prepareDocument(d);
        // one transaction a document: a reader never sees it half written, and a big one holds no others
        await db.$transaction((tx) => upsertOne(tx, d, prepared), { timeout: 120_000, maxWait: 30_000 });
      }
    },

    async remove(ids) {
      if (ids.length) await db.$executeRaw`DELETE FROM search_documents WHERE document_id = ANY(${[...ids]}::bigint[])`;
    },

    async count() {
      const [row] = await db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM search_documents`;
      return Number(row?.n ?? 0);
    },

    async versions() {
      const rows = await db.$queryRaw<Array<{ document_id: bigint; version: bigint }>>`
        SELECT document_id, version FROM search_documents`;
      return new Map(rows.map((r) => [r.document_id, r.version]));
    },

    async search(q): Promise<SearchResult> {
      const tokens = tokenText(q.text, MAX_QUERY_TOKENS);
      if (!tokens) return { total: 0, hits: [] };
      // Stop words alone ("These", "the who") are looked for in the fields only (page 0, its own
      // index, migration 0011): nearly every English page holds them.
      const fieldsOnly = onlyStopWords(tokens);
      // The other sorts (newest, most read…) need every match to be right: the row cap is relevance's.
      const cap = q.sort === "relevance" ? rowCap : Number.MAX_SAFE_INTEGER;
      // One round trip: the page of hits and the count (a row with a null id when the page is empty).
      // Reads, downloads and ratings change all the time without re-indexing a document (its
      // search_version ignores them): the sorts take them live from LiveCounts beside the index (the
      // indexed copies serve where it has no such row, as in the contract's tests).
      // c: every matching document from the GIN index and the rows' ids alone (no tsvector is read
      // back: the cost of a common word is one heap fetch a matching row), up to ROW_CAP rows (m):
      // past them the query is common, and c is the documents of those rows and FIELD_CAP field
      // matches (page 0, its own index: a title word is in every page row of its documents, so
      // field matches past the rows read still rank first); the total counts them (more). Ranking reads the
      // tsvectors: all matching field rows (page 0: small), and the page rows of the RANK_CAP
      // text-only matches whose pages match the most as a share of their pages (then the most
      // matching pages, the most read): choosing by the number of matching pages alone favoured long
      // documents; their matching page rows are those m read, fetched by primary key (not by a
      // second scan of every match). A ranked page holding the words as the exact phrase gets PHRASE_BONUS (its
      // tsvector read once for both: the || copy). Text-only matches past those rank 0, after the
      // ranked ones. Below RANK_CAP text-only matches, all are ranked.
      const rows = await db.$queryRaw<
        Array<{ document_id: bigint | null; rank: number | null; total: bigint; more: boolean }>
      >`
        WITH q AS (SELECT plainto_tsquery('wenku_search', ${tokens}) AS q,
                          phraseto_tsquery('wenku_search', ${tokens}) AS phrase),
        m AS MATERIALIZED (
          SELECT p.document_id, p.page
            FROM search_pages p, q
           WHERE p.terms @@ q.q ${fieldsOnly ? sql`AND p.page = 0` : empty}
           LIMIT ${cap + 1}
        ),
        common AS (SELECT count(*) > ${cap} AS yes FROM m),
        c AS (
          SELECT x.document_id, bool_or(x.page = 0) AS in_fields, count(*) FILTER (WHERE x.page > 0) AS in_pages
            FROM (
              SELECT document_id, page FROM m
              UNION ALL
              (SELECT p.document_id, p.page
                 FROM search_pages p, q
                WHERE (SELECT yes FROM common) AND p.page = 0 AND p.terms @@ q.q
                LIMIT ${fieldCap})
            ) x
           GROUP BY x.document_id
        ),
        f0 AS (
          SELECT d.document_id, d.created_at, coalesce(live.view_count, d.view_count) AS view_count,
                 coalesce(live.download_count, d.download_count) AS download_count, d.pages,
                 coalesce(live.score, d.score) AS score, c.in_fields, c.in_pages
            FROM c JOIN search_documents d USING (document_id)
            LEFT JOIN ${live} live ON live.id = d.document_id
          ${filters(q)}
        ),
        r AS (
          SELECT p.document_id, ts_rank_cd(p.terms, q.q) AS rank
            FROM q, search_pages p
           WHERE p.page = 0 AND p.document_id IN (SELECT document_id FROM f0 WHERE in_fields)
          UNION ALL
          SELECT t.document_id, max(ts_rank_cd(t.terms, q.q) + CASE WHEN t.terms @@ q.phrase THEN ${PHRASE_BONUS}::float4 ELSE 0 END)
            FROM q, (
              SELECT p.document_id, p.terms || ''::tsvector AS terms
                FROM m JOIN search_pages p USING (document_id, page)
               WHERE m.page > 0
                 AND m.document_id IN (SELECT document_id FROM f0 WHERE NOT in_fields
                                        ORDER BY in_pages::float8 / greatest(pages, 1) DESC, in_pages DESC,
                                                 view_count DESC, document_id DESC
                                        LIMIT ${rankCap})
              OFFSET 0
            ) t
           GROUP BY t.document_id
        ),
        f AS (SELECT f0.*, coalesce(r.rank, 0) AS rank FROM f0 LEFT JOIN r USING (document_id)),
        hits AS (
          SELECT f.document_id, f.rank, row_number() OVER (ORDER BY ${ORDER[q.sort]}) AS n
            FROM f
           ORDER BY ${ORDER[q.sort]}
           LIMIT ${q.limit} OFFSET ${q.offset}
        )
        SELECT (SELECT count(*) FROM f) AS total, (SELECT yes FROM common) AS more, hits.document_id,
               hits.rank::float8 AS rank
          FROM (SELECT 1) AS one LEFT JOIN hits ON true
         ORDER BY hits.n`;
      const total = Number(rows[0]?.total ?? 0);
      const more = rows[0]?.more ? { more: true } : {};
      const found = rows.filter(
        (r): r is { document_id: bigint; rank: number; total: bigint; more: boolean } => r.document_id !== null,
      );
      if (found.length === 0) return { total, ...more, hits: [] };
      if (fieldsOnly)
        return {
          total,
          ...more,
          hits: found.map((r) => ({ id: r.document_id, rank: r.rank, pages: [], excerpts: [] })),
        };
      const ids = found.map((r) => r.document_id);
      const pageRows = await db.$queryRaw<Array<{ document_id: bigint; page: number; excerpt: string }>>`
        WITH q AS (SELECT plainto_tsquery('wenku_search', ${tokens}) AS q)
        SELECT document_id, page, excerpt FROM (
          SELECT p.document_id, p.page, p.excerpt,
                 row_number() OVER (PARTITION BY p.document_id ORDER BY ts_rank_cd(ts_filter(p.terms, '{d}'), q.q) DESC, p.page) AS n
            FROM search_pages p, q
           WHERE p.document_id = ANY(${ids}::bigint[]) AND p.page > 0 AND ts_filter(p.terms, '{d}') @@ q.q
        ) x
        WHERE n <= ${MAX_PAGE_HITS}
        ORDER BY document_id, n`;
      const pagesOf = new Map<bigint, { pages: number[]; excerpts: PageExcerpt[] }>();
      for (const r of pageRows) {
        const hit = pagesOf.get(r.document_id) ?? { pages: [], excerpts: [] };
        hit.pages.push(r.page);
        if (r.excerpt) hit.excerpts.push({ page: r.page, text: r.excerpt });
        pagesOf.set(r.document_id, hit);
      }
      return {
        total,
        ...more,
        hits: found.map((r) => ({
          id: r.document_id,
          rank: r.rank,
          ...(pagesOf.get(r.document_id) ?? { pages: [], excerpts: [] }),
        })),
      };
    },

    async clear() {
      await db.$executeRaw`TRUNCATE search_pages, search_documents`;
    },

    async startRebuild() {
      // rows are rewritten in place, each document in its own transaction: searches keep answering
      return { target: index, commit: async () => {}, abort: async () => {} };
    },
  };
  return index;
}

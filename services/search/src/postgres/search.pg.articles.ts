// The PostgreSQL index of the articles (migration 0014): one row an article in search_articles, its
// tsvectors made of the same searchTokens() output and text search configuration as the documents'
// (search.pg.ts): title A, keywords B, description, category names and author C, the article's text D.
// An article matches when its row holds every query token; its rank is ts_rank_cd, and a text holding
// the query as the exact phrase gets 0.1 more. Stop words alone search the fields only, as for
// documents. Reads sort by the live count beside the index (LiveCounts.articles' view_count).
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { empty, type Sql, sqltag as sql } from "@prisma/client/runtime/client";
import type { LiveCounts, SearchDb } from "../ports.js";
import {
  type ArticleIndex,
  type ArticleSort,
  type IndexedArticle,
  MAX_FIELD_TOKENS,
  MAX_PAGE_TOKENS,
  MAX_QUERY_TOKENS,
} from "../search.index.js";
import { onlyStopWords, tokenText } from "../tokens.js";

const ORDER: Record<ArticleSort, Sql> = {
  relevance: sql`f.rank DESC, f.view_count DESC, f.created_at DESC, f.article_id DESC`,
  latest: sql`f.created_at DESC, f.article_id DESC`,
  views: sql`f.view_count DESC, f.rank DESC, f.article_id DESC`,
};

/** What a text holding the query as the exact phrase adds to its rank (as for documents). */
const PHRASE_BONUS = 0.1;
/** No live counts: the indexed copies serve. */
const NO_LIVE_COUNTS = sql`(SELECT NULL::bigint AS id, 0 AS view_count WHERE false)`;

/** The tokens of an article's fields and text, as each backend indexes them. */
export async function articleTokens(a: IndexedArticle) {
  const fields = {
    title: tokenText(a.title, MAX_FIELD_TOKENS),
    keywords: tokenText(a.keywords, MAX_FIELD_TOKENS),
    others: tokenText([...a.categoryNames, a.author].join(" "), MAX_FIELD_TOKENS),
    description: tokenText(a.description, MAX_FIELD_TOKENS),
  };
  await yieldToLoop(); // a long article's text is the bigger part: the loop breathes between the two
  return { ...fields, text: tokenText(a.text, MAX_PAGE_TOKENS) };
}

export function createPgArticleIndex(db: SearchDb, live: LiveCounts["articles"] = NO_LIVE_COUNTS): ArticleIndex {
  const index: ArticleIndex = {
    async upsert(articles) {
      for (const a of articles) {
        const t = await articleTokens(a);
        // derived data, as for documents: a lost last write is caught up at the next start
        await db.$transaction(async (tx) => {
          await tx.$executeRaw`SET LOCAL synchronous_commit = off`;
          await tx.$executeRaw`
            WITH f AS (
              SELECT setweight(to_tsvector('wenku_search', ${t.title}), 'A')
                  || setweight(to_tsvector('wenku_search', ${t.keywords}), 'B')
                  || setweight(to_tsvector('wenku_search', ${t.others}), 'C')
                  || setweight(to_tsvector('wenku_search', ${t.description}), 'C') AS fields
            )
            INSERT INTO search_articles (article_id, version, user_id, category_ids, view_count, created_at,
                                         fields, terms, indexed_at)
            SELECT ${a.id}, ${a.version}, ${a.userId}, ${[...a.categoryIds]}::bigint[], ${a.viewCount}, ${a.createdAt},
                   f.fields, f.fields || setweight(to_tsvector('wenku_search', ${t.text}), 'D'), now()
              FROM f
            ON CONFLICT (article_id) DO UPDATE SET
              version = EXCLUDED.version, user_id = EXCLUDED.user_id, category_ids = EXCLUDED.category_ids,
              view_count = EXCLUDED.view_count, created_at = EXCLUDED.created_at, fields = EXCLUDED.fields,
              terms = EXCLUDED.terms, indexed_at = now()
            WHERE search_articles.version <= EXCLUDED.version`;
        });
      }
    },

    async remove(ids) {
      if (ids.length) await db.$executeRaw`DELETE FROM search_articles WHERE article_id = ANY(${[...ids]}::bigint[])`;
    },

    async count() {
      const [row] = await db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM search_articles`;
      return Number(row?.n ?? 0);
    },

    async versions() {
      const rows = await db.$queryRaw<Array<{ article_id: bigint; version: bigint }>>`
        SELECT article_id, version FROM search_articles`;
      return new Map(rows.map((r) => [r.article_id, r.version]));
    },

    async search(q) {
      const tokens = tokenText(q.text, MAX_QUERY_TOKENS);
      if (!tokens) return { total: 0, hits: [] };
      const column = onlyStopWords(tokens) ? sql`a.fields` : sql`a.terms`;
      const categories = q.categoryIds?.length ? sql`AND a.category_ids && ${[...q.categoryIds]}::bigint[]` : empty;
      const rows = await db.$queryRaw<Array<{ article_id: bigint | null; rank: number | null; total: bigint }>>`
        WITH q AS (SELECT plainto_tsquery('wenku_search', ${tokens}) AS q,
                          phraseto_tsquery('wenku_search', ${tokens}) AS phrase),
        f AS (
          SELECT a.article_id, a.created_at, coalesce(live.view_count, a.view_count) AS view_count,
                 ts_rank_cd(${column}, q.q) + CASE WHEN ${column} @@ q.phrase THEN ${PHRASE_BONUS}::float4 ELSE 0 END AS rank
            FROM q, search_articles a
            LEFT JOIN ${live} live ON live.id = a.article_id
           WHERE ${column} @@ q.q ${categories}
        ),
        hits AS (
          SELECT f.article_id, f.rank, row_number() OVER (ORDER BY ${ORDER[q.sort]}) AS n
            FROM f ORDER BY ${ORDER[q.sort]} LIMIT ${q.limit} OFFSET ${q.offset}
        )
        SELECT (SELECT count(*) FROM f) AS total, hits.article_id, hits.rank::float8 AS rank
          FROM (SELECT 1) AS one LEFT JOIN hits ON true
         ORDER BY hits.n`;
      return {
        total: Number(rows[0]?.total ?? 0),
        hits: rows.flatMap((r) => (r.article_id === null ? [] : [{ id: r.article_id, rank: r.rank ?? 0 }])),
      };
    },

    async clear() {
      await db.$executeRaw`TRUNCATE search_articles`;
    },

    async startRebuild() {
      // rows are rewritten in place, as the documents' are
      return { target: index, commit: async () => {}, abort: async () => {} };
    },
  };
  return index;
}

// A SearchQuery as an Elasticsearch search, and its answer as a SearchResult, with PostgreSQL's
// semantics (search.pg.ts):
// - a document matches when one of its "rows" holds every query token: its fields with the
//   description, or one page's text with the fields but the description (the nested page's head);
// - rank: title 10, keywords 4, description, category names and uploader 2, the best page's text 1
//   (PostgreSQL's weights A 1.0, B 0.4, C 0.2, D 0.1), terms close together (a phrase) count more;
// - the pages of a hit are those whose own text holds every token, best first, MAX_PAGE_HITS of them,
//   with the excerpts stored for pages inside the preview limit;
// - a query of English stop words alone searches the fields only (no page, no page named).
import type { estypes } from "@elastic/elasticsearch";
import {
  MAX_PAGE_HITS,
  type PageExcerpt,
  type SearchHit,
  type SearchQuery,
  type SearchResult,
  type SearchSort,
} from "../search.index.js";
import { onlyStopWords } from "../tokens.js";

/** Hits past this one are not served (Elasticsearch's index.max_result_window default): total only. */
export const MAX_WINDOW = 10_000;
/** Positions terms may be apart and still count as a phrase. */
const PHRASE_SLOP = 2;

type Query = estypes.QueryDslQueryContainer;

const desc = (...fields: string[]): estypes.SortCombinations[] => fields.map((f) => ({ [f]: { order: "desc" } }));
const SORTS: Record<SearchSort, estypes.SortCombinations[]> = {
  relevance: desc("_score", "view_count", "created_at", "id"),
  latest: desc("created_at", "id"),
  views: desc("view_count", "_score", "id"),
  downloads: desc("download_count", "_score", "id"),
  pages: desc("page_count", "_score", "id"),
  score: desc("score", "_score", "id"),
};

/** The filters, as search.pg.ts applies them (kinds: of any of the types OR any of the extensions). */
export function filtersOf(q: SearchQuery): Query[] {
  const and: Query[] = [];
  if (q.categoryIds?.length) and.push({ terms: { category_ids: q.categoryIds.map(String) } });
  if (q.kinds)
    and.push({
      bool: {
        should: [{ terms: { type: [...q.kinds.types] } }, { terms: { ext: [...q.kinds.exts] } }],
        minimum_should_match: 1,
      },
    });
  if (q.languageIds?.length) and.push({ terms: { language_id: q.languageIds.map(String) } });
  if (q.userId !== undefined) and.push({ term: { user_id: q.userId.toString() } });
  if (q.createdFrom || q.createdTo) {
    const range: estypes.QueryDslDateRangeQuery = {};
    if (q.createdFrom) range.gte = q.createdFrom.toISOString();
    if (q.createdTo) range.lte = q.createdTo.toISOString();
    and.push({ range: { created_at: range } });
  }
  return and;
}

/** One of the document's rows holds every token (its fields alone when `fieldsOnly`). */
function matches(tokens: string, fieldsOnly: boolean): Query {
  const fields: Query = {
    combined_fields: { query: tokens, fields: ["title", "keywords", "others", "description"], operator: "and" },
  };
  if (fieldsOnly) return fields;
  return {
    bool: {
      should: [
        fields,
        {
          nested: {
            path: "pages",
            query: { combined_fields: { query: tokens, fields: ["pages.head", "pages.text"], operator: "and" } },
          },
        },
      ],
      minimum_should_match: 1,
    },
  };
}

/** What ranks a match; the nested clause also names the pages whose own text holds every token. */
function ranking(tokens: string, fieldsOnly: boolean): Query[] {
  const field = (name: string, boost: number): Query => ({ match: { [name]: { query: tokens, boost } } });
  const fields = [
    field("title", 10),
    { match_phrase: { title: { query: tokens, slop: PHRASE_SLOP, boost: 10 } } },
    field("keywords", 4),
    field("others", 2),
    field("description", 2),
  ];
  if (fieldsOnly) return fields;
  return [
    ...fields,
    {
      nested: {
        path: "pages",
        score_mode: "max",
        query: {
          bool: {
            must: [{ match: { "pages.text": { query: tokens, operator: "and" } } }],
            should: [{ match_phrase: { "pages.text": { query: tokens, slop: PHRASE_SLOP } } }],
          },
        },
        inner_hits: {
          name: "pages",
          size: MAX_PAGE_HITS,
          sort: [{ _score: { order: "desc" } }, { "pages.page": { order: "asc" } }],
          _source: true,
        },
      },
    },
  ];
}

/** The search request for `q`, whose text is `tokens` (tokenText of the query, never empty). */
export function searchRequest(index: string, q: SearchQuery, tokens: string): estypes.SearchRequest {
  const from = Math.min(q.offset, MAX_WINDOW);
  const fieldsOnly = onlyStopWords(tokens);
  return {
    index,
    from,
    size: Math.max(0, Math.min(q.limit, MAX_WINDOW - from)),
    track_total_hits: true,
    track_scores: true,
    _source: false,
    query: {
      bool: { filter: [...filtersOf(q), matches(tokens, fieldsOnly)], should: ranking(tokens, fieldsOnly) },
    },
    sort: SORTS[q.sort],
  };
}

interface PageSource {
  page?: number;
  excerpt?: string;
}

export function searchResult(r: estypes.SearchResponse): SearchResult {
  const total = typeof r.hits.total === "number" ? r.hits.total : (r.hits.total?.value ?? 0);
  const hits: SearchHit[] = [];
  for (const h of r.hits.hits) {
    if (h._id === undefined) continue;
    const pages: number[] = [];
    const excerpts: PageExcerpt[] = [];
    for (const inner of h.inner_hits?.pages?.hits.hits ?? []) {
      const source = inner._source as PageSource | undefined;
      if (typeof source?.page !== "number") continue;
      pages.push(source.page);
      if (source.excerpt) excerpts.push({ page: source.page, text: source.excerpt });
    }
    hits.push({ id: BigInt(h._id), rank: h._score ?? 0, pages, excerpts });
  }
  return { total, hits };
}

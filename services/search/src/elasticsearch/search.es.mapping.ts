// The Elasticsearch index's shape: an index template every concrete index of the search takes its
// settings and mappings from, and how one document is written into it.
//
// Text arrives pre-tokenized (tokens.ts, the same tokens PostgreSQL indexes): the analyzer only splits
// on the spaces between them and stems with Snowball's English stemmer (porter2, the one PostgreSQL's
// wenku_search configuration uses), keeping stop words as PostgreSQL does (migration 0010: "These" and
// a title "IT" are searchable), so a two-character Chinese substring and a mixed query behave as on
// PostgreSQL. Fields are token text, never shown: _source
// keeps only what a search answers with (ids, numbers, page numbers and excerpts).
import type { estypes } from "@elastic/elasticsearch";
import type { IndexedDocument, PreparedDocument } from "../search.index.js";

/**
 * Raised when the mappings change: an index of an older version is reported and needs a rebuild.
 * 2: stop words kept (version 1 dropped PostgreSQL's English stop words).
 */
export const MAPPING_VERSION = 2;
export const ANALYZER = "wenku_terms";
/** Pages (nested documents) one document may have; Elasticsearch's default is 10,000. */
export const MAX_NESTED_PAGES = 100_000;
/**
 * Distinct field tokens copied into each page (what lets a title word and a page word match together).
 * PostgreSQL copies all of them (up to MAX_FIELD_TOKENS a field); titles, keywords and category names
 * are far shorter than this in practice.
 */
const MAX_HEAD_TOKENS = 256;

/** What an index holds: documents, or articles (written as documents of one page, search.es.articles.ts). */
export type EsIndexKind = "documents" | "articles";

/** The alias searches and writes go through, and the pattern of the concrete indexes behind it. */
export function esNames(prefix: string, kind: EsIndexKind = "documents") {
  const alias = `${prefix}-${kind}`;
  return { alias, template: alias, pattern: `${alias}-*` };
}

const terms = { type: "text", analyzer: ANALYZER } as const;

export function indexTemplate(prefix: string, kind: EsIndexKind = "documents"): estypes.IndicesPutIndexTemplateRequest {
  const { template, pattern } = esNames(prefix, kind);
  return {
    name: template,
    index_patterns: [pattern],
    // above the built-in templates (100), so a catch-all pattern of theirs never shadows this one
    priority: 200,
    _meta: { managed_by: "wenku", mapping_version: MAPPING_VERSION },
    template: {
      settings: {
        "index.mapping.nested_objects.limit": MAX_NESTED_PAGES,
        analysis: {
          filter: {
            wenku_stem: { type: "stemmer", language: "porter2" },
          },
          analyzer: {
            [ANALYZER]: { type: "custom", tokenizer: "whitespace", filter: ["lowercase", "wenku_stem"] },
          },
        },
      },
      mappings: {
        dynamic: "strict",
        _meta: { mapping_version: MAPPING_VERSION },
        _source: { excludes: ["title", "keywords", "others", "description", "pages.head", "pages.text"] },
        properties: {
          id: { type: "long" },
          title: terms,
          keywords: terms,
          others: terms,
          description: terms,
          category_ids: { type: "long" },
          language_id: { type: "long" },
          user_id: { type: "long" },
          ext: { type: "keyword" },
          type: { type: "keyword" },
          page_count: { type: "integer" },
          view_count: { type: "long" },
          download_count: { type: "long" },
          score: { type: "double" },
          created_at: { type: "date" },
          /** Pages with text; each holds the fields but the description (as PostgreSQL's page rows do). */
          pages: {
            type: "nested",
            properties: {
              page: { type: "integer" },
              head: terms,
              text: terms,
              excerpt: { type: "keyword", index: false, doc_values: false },
            },
          },
        },
      },
    },
  };
}

/** The distinct tokens of the fields a page row holds, bounded. */
function headOf(p: PreparedDocument): string {
  const seen = new Set<string>();
  for (const field of [p.title, p.keywords, p.others]) {
    for (const t of field.split(" ")) {
      if (t) seen.add(t);
      if (seen.size >= MAX_HEAD_TOKENS) return [...seen].join(" ");
    }
  }
  return [...seen].join(" ");
}

/** One document's source (bigints as strings: JSON has no 64-bit integers; long fields take them). */
export function esDocument(d: IndexedDocument, p: PreparedDocument): Record<string, unknown> {
  const head = headOf(p);
  return {
    id: d.id.toString(),
    title: p.title,
    keywords: p.keywords,
    others: p.others,
    description: p.description,
    category_ids: d.categoryIds.map(String),
    language_id: d.languageId === null ? null : d.languageId.toString(),
    user_id: d.userId.toString(),
    ext: d.ext,
    type: d.type,
    page_count: d.pages,
    view_count: d.viewCount,
    download_count: d.downloadCount,
    score: d.score,
    created_at: d.createdAt.toISOString(),
    pages: p.pages.map((x) =>
      x.excerpt ? { page: x.page, head, text: x.text, excerpt: x.excerpt } : { page: x.page, head, text: x.text },
    ),
  };
}

import type { SearchType } from "../../router/paths.js";

/** SearchRequest.ext values the type filter offers (the server maps each to its extensions). */
export const SEARCH_EXTS = ["pdf", "word", "ppt", "excel", "text", "other"] as const;
export type SearchExt = (typeof SEARCH_EXTS)[number];

/** SearchRequest.sort values; "" is relevance. */
export const SEARCH_SORTS = ["", "latest", "views", "downloads", "pages"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** The sorts of an article search (articles have no downloads or pages). */
export const ARTICLE_SORTS = ["", "latest", "views"] as const satisfies readonly SearchSort[];

/** The sorts a search of this type offers. */
export const sortsOf = (type: SearchType): readonly SearchSort[] => (type === 1 ? ARTICLE_SORTS : SEARCH_SORTS);

/** What /search?wd=…&type=…&page=…&sort=…&ext=…&category=… asks for. */
export interface SearchFilters {
  wd: string;
  type: SearchType;
  page: number;
  sort: SearchSort;
  ext: SearchExt | null;
  /** A top-level category (of documents or articles, by type), or null for all. */
  category: bigint | null;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

const positive = (raw: string | null): number | null => {
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
};

/** The search from the page's query; unknown or malformed values fall back to their defaults. */
export function readSearch(params: URLSearchParams): SearchFilters {
  const sort = params.get("sort");
  const ext = params.get("ext");
  const category = positive(params.get("category"));
  const type: SearchType = params.get("type") === "1" ? 1 : 0;
  return {
    wd: (params.get("wd") ?? "").trim(),
    type,
    page: positive(params.get("page")) ?? 1,
    sort: oneOf(sortsOf(type), sort) ? sort : "",
    // articles have no file type
    ext: type === 0 && oneOf(SEARCH_EXTS, ext) ? ext : null,
    category: category === null ? null : BigInt(category),
  };
}

/** The query for a search: wd and type always (as the header writes them), the rest when not default. */
export function writeSearch(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams({ wd: filters.wd, type: String(filters.type) });
  if (filters.page > 1) params.set("page", String(filters.page));
  if (filters.sort) params.set("sort", filters.sort);
  if (filters.ext) params.set("ext", filters.ext);
  if (filters.category !== null) params.set("category", String(filters.category));
  return params;
}

/** Whether any narrowing filter (type or category) is set: an empty result may be their doing. */
export const isNarrowed = (filters: SearchFilters): boolean => filters.ext !== null || filters.category !== null;

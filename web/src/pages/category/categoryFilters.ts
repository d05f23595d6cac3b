/** Spec §3 document types on the category page, each with the extensions it covers. */
export const TYPE_FILTERS = {
  pdf: [".pdf"],
  word: [".doc", ".docx", ".rtf", ".wps", ".odt", ".dot"],
  ppt: [".ppt", ".pptx", ".pps", ".ppsx", ".dps", ".odp", ".pot"],
  excel: [".xls", ".xlsx", ".et", ".ods", ".csv", ".tsv"],
  txt: [".txt"],
  other: [".epub", ".mobi", ".chm", ".umd", ".azw", ".azw3", ".azw4"],
} as const;
export type TypeFilter = keyof typeof TYPE_FILTERS;

/** Orders the document list can take (ListDocumentRequest.order, moredoc's column + direction). */
export const SORT_ORDERS = {
  default: "",
  latest: "id desc",
  views: "view_count desc",
  downloads: "download_count desc",
  favorites: "favorite_count desc",
  pages: "pages desc",
} as const;
export type SortOrder = keyof typeof SORT_ORDERS;

export interface CategoryFilters {
  type: TypeFilter | null;
  sort: SortOrder;
  page: number;
}

const isType = (value: string | null): value is TypeFilter => value !== null && Object.hasOwn(TYPE_FILTERS, value);
const isSort = (value: string | null): value is SortOrder => value !== null && Object.hasOwn(SORT_ORDERS, value);

/** The filters from the page's query (?type=pdf&sort=latest&page=2); unknown values fall back. */
export function readFilters(params: URLSearchParams): CategoryFilters {
  const type = params.get("type");
  const sort = params.get("sort");
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    type: isType(type) ? type : null,
    sort: isSort(sort) ? sort : "default",
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The query for a set of filters, leaving defaults out so URLs stay short. */
export function writeFilters(filters: CategoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.type) params.set("type", filters.type);
  if (filters.sort !== "default") params.set("sort", filters.sort);
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

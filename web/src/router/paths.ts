/** Search content kinds (spec §2 /search?type=): 0 documents, 1 articles. */
export type SearchType = 0 | 1;

/** The search URL for a keyword, or null when the keyword is blank (spec §5: search only non-empty). */
export function searchPath(keyword: string, type: SearchType): string | null {
  const wd = keyword.trim();
  if (wd === "") return null;
  return `/search?${new URLSearchParams({ wd, type: String(type) }).toString()}`;
}

/** The search type implied by the current page: articles under /article, documents elsewhere. */
export function searchTypeFor(pathname: string): SearchType {
  return /^\/article(\/|$)/.test(pathname) ? 1 : 0;
}

/** The login URL remembering where to come back to (spec §2: redirect query). */
export function loginPath(redirect: string): string {
  return redirect === "/" || redirect === "" ? "/login" : `/login?${new URLSearchParams({ redirect }).toString()}`;
}

/** What the footer's "由 Wenku 强力驱动" opens: the software, its license and its source (AboutWenkuPage). */
export const ABOUT_WENKU = "/about-wenku";

// The reader's text layer: where a page's text is (/view/page/{id}/{page}.text.json, the page
// image's sibling), how it is read (204: a page converted before text layers, no layer), and where a
// searched word sits in a line.
import { type PageText, parsePageText } from "@wenku/proto/page-text";

export const pageTextUrl = (doc: { id: bigint }, page: number): string => `/view/page/${doc.id}/${page}.text.json`;

/**
 * The page's text, or null when it has none (204, or a file the reader cannot lay out). Any other
 * failure throws: the query retries it, and the page image is shown without a layer meanwhile.
 */
export async function fetchPageText(
  url: string,
  token: string | undefined,
  signal: AbortSignal,
): Promise<PageText | null> {
  const res = await fetch(url, { signal, ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}) });
  if (res.status === 204) return null;
  if (!res.ok) throw new Error(`page text: HTTP ${res.status}`);
  const parsed = parsePageText(await res.text());
  return typeof parsed === "string" ? null : parsed;
}

/** [start, end) of each occurrence of any of `words` in `text`, ignoring case, in order, not overlapping. */
export function matchRanges(text: string, words: readonly string[]): Array<[number, number]> {
  const hay = text.toLocaleLowerCase();
  // Lower-casing keeps the length for the scripts a reader searches in; where it does not, no mark.
  if (hay.length !== text.length) return [];
  const found: Array<[number, number]> = [];
  for (const word of words) {
    const needle = word.toLocaleLowerCase();
    if (!needle) continue;
    for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + needle.length)) {
      found.push([i, i + needle.length]);
    }
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: Array<[number, number]> = [];
  for (const r of found) if (r[0] >= (out.at(-1)?.[1] ?? 0)) out.push(r);
  return out;
}

/**
 * What to mark for a search: the reader's own search as typed (it finds "page 3" as written), the
 * site search that led here (?wd=) word by word (it matches the words apart).
 */
export function searchedWords(readerSearch: string, siteSearch: string | null): string[] {
  const phrase = readerSearch.trim();
  if (phrase) return [phrase];
  return (siteSearch ?? "").trim().split(/\s+/).filter(Boolean);
}

/** Splits `text` into runs, each marked when it is an occurrence of one of `words`. */
export function markedRuns(text: string, words: readonly string[]): Array<{ text: string; mark: boolean }> {
  const runs: Array<{ text: string; mark: boolean }> = [];
  let at = 0;
  for (const [start, end] of matchRanges(text, words)) {
    if (start > at) runs.push({ text: text.slice(at, start), mark: false });
    runs.push({ text: text.slice(start, end), mark: true });
    at = end;
  }
  if (at < text.length || runs.length === 0) runs.push({ text: text.slice(at), mark: false });
  return runs;
}

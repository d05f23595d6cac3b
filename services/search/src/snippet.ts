// A search result's snippet: a window of a readable page's text around the first place the query's
// terms occur, with where they occur. Plain text and offsets, never markup: a client renders the marks
// itself, so no document text is ever interpreted as HTML.
import { wordEndAt, wordStartAt } from "@wenku/kit";
import type { PageExcerpt } from "./search.index.js";
import { searchTokens } from "./tokens.js";

export interface Snippet {
  page: number;
  text: string;
  /** [start, end) pairs of UTF-16 code unit offsets into text, ascending, not overlapping. */
  highlights: number[];
}

/** Characters of a snippet (a few more when a window edge would split a character). */
export const SNIPPET_CHARS = 120;
/** Characters kept before the first match. */
const LEAD = 30;
const ELLIPSIS = "…";

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * What to look for in the raw text. A word is matched by its start and marked to its end (the backend
 * stems words, so "experiment" also found "experiments"); a Chinese or Japanese bigram is looked for
 * as it is.
 */
function pattern(query: string): RegExp | null {
  const terms = [...new Set(searchTokens(query, 32))].map((t) => {
    if (!/^[\p{L}\p{N}\p{M}]+$/u.test(t) || /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(t))
      return escapeRegExp(t);
    const chars = Array.from(t);
    const keep = Math.max(Math.min(chars.length, 4), chars.length - 3);
    return `${escapeRegExp(chars.slice(0, keep).join(""))}[\\p{L}\\p{N}\\p{M}]*`; // to the end of the word
  });
  if (!terms.length) return null;
  terms.sort((a, b) => b.length - a.length); // the longest alternative wins at one position
  return new RegExp(terms.join("|"), "giu");
}

export function snippetOf(excerpt: PageExcerpt, query: string, width = SNIPPET_CHARS): Snippet {
  const re = pattern(query);
  return snippetAround(excerpt, re ? matchesOf(excerpt.text, re) : [], width);
}

/** Where a global regular expression matches in `text`: [start, end) pairs, touching or overlapping ones merged. */
export function matchesOf(text: string, re: RegExp): Array<[number, number]> {
  const matches: Array<[number, number]> = [];
  for (const m of text.matchAll(re)) {
    if (m[0].length === 0) continue;
    const at = m.index ?? 0;
    const last = matches[matches.length - 1];
    if (last && at <= last[1]) last[1] = Math.max(last[1], at + m[0].length);
    else matches.push([at, at + m[0].length]);
  }
  return matches;
}

/**
 * A window of the page's text around the first of `matches` (ascending [start, end) pairs), those inside it
 * marked. Its edges are word boundaries (Intl.Segmenter words, so Chinese is cut between words too), never
 * inside a character: the start moves back to the start of its word, the end back to the end of one, but
 * never so far that the first match would be left out.
 */
export function snippetAround(
  excerpt: PageExcerpt,
  matches: ReadonlyArray<readonly [number, number]>,
  width = SNIPPET_CHARS,
): Snippet {
  const { text, page } = excerpt;
  const first = matches[0]?.[0] ?? 0;
  const start = Math.min(wordStartAt(text, Math.max(0, Math.min(first - LEAD, text.length - width))), first);
  const end = Math.max(wordEndAt(text, Math.min(text.length, start + width)), matches[0]?.[1] ?? 0);
  const lead = start > 0 ? ELLIPSIS : "";
  const tail = end < text.length ? ELLIPSIS : "";
  const highlights: number[] = [];
  for (const [a, b] of matches) {
    if (b <= start || a >= end) continue;
    highlights.push(Math.max(a, start) - start + lead.length, Math.min(b, end) - start + lead.length);
  }
  return { page, text: lead + text.slice(start, end) + tail, highlights };
}

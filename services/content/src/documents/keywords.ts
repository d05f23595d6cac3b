// Document keywords: stored as one comma-separated string (moredoc's format), derived from the title
// when the uploader gives none.

/** Stored keywords never exceed the column (varchar 255). */
export const KEYWORDS_MAX_CHARS = 255;
/** Derived keywords: at most this many words. */
export const DERIVED_KEYWORDS_MAX = 8;

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });
const HAN = /\p{Script=Han}/u;
const LATIN = /^[\p{Script=Latin}][\p{Script=Latin}\d_.+#-]*$/u;
const STOP = new Set([
  "the",
  "and",
  "for",
  "with",
  "from",
  "this",
  "that",
  "我们",
  "你们",
  "他们",
  "以及",
  "一个",
  "这个",
  "那个",
]);

const chars = (s: string) => [...s].length;

/** Adds words while the comma-joined string stays within the column. */
function join(words: readonly string[]): string {
  let out = "";
  for (const w of words) {
    const next = out ? `${out},${w}` : w;
    if (chars(next) > KEYWORDS_MAX_CHARS) break;
    out = next;
  }
  return out;
}

function dedupe(words: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const w of words) {
    const key = w.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(w);
  }
  return out;
}

/**
 * Keywords from a title: word-like segments (Chinese words of two or more characters, Latin words
 * of three or more letters; no bare numbers, no stop words), first occurrence first, deduplicated
 * case-insensitively, at most DERIVED_KEYWORDS_MAX, joined with ",".
 */
export function deriveKeywords(title: string): string {
  const words: string[] = [];
  for (const s of segmenter.segment(title.normalize("NFKC"))) {
    if (!s.isWordLike) continue;
    const w = s.segment.trim();
    if (STOP.has(w.toLowerCase())) continue;
    if (HAN.test(w) ? chars(w) >= 2 : LATIN.test(w) && chars(w) >= 3) words.push(w);
  }
  return join(dedupe(words).slice(0, DERIVED_KEYWORDS_MAX));
}

/**
 * Keywords as the uploader typed them: any of , ， 、 ; ； or whitespace separates them; blanks and
 * duplicates dropped; joined with ",". Returns null when they do not fit the column.
 */
export function normalizeKeywords(raw: string): string | null {
  const words = dedupe(
    raw
      .split(/[,，、;；\s]+/u)
      .map((w) => w.trim())
      .filter(Boolean),
  );
  const joined = words.join(",");
  return chars(joined) > KEYWORDS_MAX_CHARS ? null : joined;
}

/** The keywords as a set of lower-case words, to compare documents. */
export function keywordSet(keywords: string): Set<string> {
  return new Set(
    keywords
      .split(",")
      .map((w) => w.trim().toLowerCase())
      .filter(Boolean),
  );
}

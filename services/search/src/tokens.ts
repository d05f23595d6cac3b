// Search tokens: one function for what is indexed and what is asked, whatever the backend, so a query
// always meets the document's terms in the same form.
//
// - Han, Hiragana and Katakana runs (Chinese and Japanese have no spaces) become overlapping character
//   bigrams: "文库转换" → 文库 库转 转换. Every two-character substring of the text is then a token, so a
//   two-character Chinese query and any longer one (all its bigrams, ANDed) find the document, and
//   ranking by term proximity puts the exact phrase first. A lone character stays a token of its own.
// - Every other run of letters, digits and marks (Latin, Cyrillic, Hangul, Greek…) is a word, lowercased;
//   the backend stems it and keeps stop words (PostgreSQL's `wenku_search` configuration, migration 0010;
//   Elasticsearch's porter2 stemmer).
//
// Why not a dictionary segmenter (Intl.Segmenter, jieba): bigrams need no dictionary and find any
// substring; and V8's Intl.Segmenter was measured here to take 119 ms on 34,000 characters but 23.7 s on
// 68,000 (something in it is quadratic past ~64K). This is one linear pass that stops at `max` tokens,
// so the caller bounds the work of each piece of text.

/** A run of Chinese or Japanese characters (the prolonged sound mark ー belongs to Katakana words). */
const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆`;
const TOKEN_RUNS = new RegExp(`[${CJK}]+|(?:(?![${CJK}])[\\p{L}\\p{N}\\p{M}])+`, "gu");

/** Longer words are noise (hashes, base64); PostgreSQL refuses lexemes over 2 KB anyway. */
export const MAX_WORD_LENGTH = 40;

/**
 * The tokens of `text` in order, at most `max` of them (the rest of the text is not read).
 * Same input, same tokens: documents and queries go through here.
 */
export function searchTokens(text: string, max = Number.POSITIVE_INFINITY): string[] {
  const out: string[] = [];
  if (max <= 0) return out;
  for (const m of text.matchAll(TOKEN_RUNS)) {
    const run = m[0];
    if (isCjk(run)) {
      const chars = Array.from(run);
      if (chars.length === 1) out.push(run);
      for (let i = 0; i + 1 < chars.length; i++) {
        out.push(`${chars[i]}${chars[i + 1]}`);
        if (out.length >= max) return out;
      }
    } else if (run.length <= MAX_WORD_LENGTH) {
      out.push(run.toLowerCase());
    }
    if (out.length >= max) return out;
  }
  return out;
}

const CJK_START = new RegExp(`^[${CJK}]`, "u");
const isCjk = (run: string) => CJK_START.test(run);

/** The tokens as one space-separated string, the form the backends' analyzers take. */
export const tokenText = (text: string, max?: number): string => searchTokens(text, max).join(" ");

/**
 * PostgreSQL's english.stop (Snowball's English stop words). Both backends index them (migration 0010),
 * but a query made of nothing else searches the documents' fields only: nearly every English page
 * holds them, so a match in the text says nothing and would read every English page.
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself " +
    "it its itself they them their theirs themselves what which who whom this that these those am is are was were be " +
    "been being have has had having do does did doing a an the and but if or because as until while of at by for with " +
    "about against between into through during before after above below to from up down in out on off over under " +
    "again further then once here there when where why how all any both each few more most other some such no nor not " +
    "only own same so than too very s t can will just don should now"
  ).split(" "),
);

/** Whether every token of `tokens` (tokenText output, non-empty) is an English stop word. */
export const onlyStopWords = (tokens: string): boolean =>
  tokens !== "" && tokens.split(" ").every((t) => ENGLISH_STOP_WORDS.has(t));

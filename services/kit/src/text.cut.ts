// Cutting text where a reader expects it to stop or start: a description ends at a sentence (or at
// least a word), a snippet starts at a word. Words come from Intl.Segmenter (ICU: dictionary words
// for Chinese and Japanese, the Unicode rules elsewhere), run only over a short stretch around the
// cut, so the length of the text does not matter.

const words = new Intl.Segmenter("zh", { granularity: "word" });

/** Where a sentence ends: Chinese full-width marks (and the ellipsis) anywhere, Latin ones before a space. */
const SENTENCE_END = /[。！？；…]+[”’」』）)]*|[.!?;]+["'”’)]*(?=\s|$)/gu;

/** How far around a cut words are looked for, in UTF-16 code units. */
const REACH = 48;

/** Moves an offset off the second half of a surrogate pair. */
const onCharacter = (text: string, i: number) => {
  const c = text.charCodeAt(i);
  return c >= 0xdc00 && c <= 0xdfff ? i + 1 : i;
};

/** Word boundaries (offsets where a segment starts) in text[from, to), ascending, `from` excluded. */
function boundariesIn(text: string, from: number, to: number): number[] {
  const out: number[] = [];
  for (const s of words.segment(text.slice(from, to))) if (s.index > 0) out.push(from + s.index);
  return out;
}

/**
 * The word boundary at or before `i` (UTF-16 offset), or the first one after it when the word holding
 * `i` began more than REACH code units earlier (a long run without breaks: a URL, a hash).
 */
export function wordStartAt(text: string, i: number): number {
  if (i <= 0) return 0;
  if (i >= text.length) return text.length;
  const from = Math.max(0, i - REACH);
  const around = boundariesIn(text, from, Math.min(text.length, i + REACH));
  let before = from === 0 ? 0 : -1;
  for (const b of around) if (b <= i) before = b;
  if (before >= 0) return before;
  return around.find((b) => b > i) ?? onCharacter(text, i);
}

/** The last word boundary at or before `i` (where text before `i` may stop); `i` when none is within REACH. */
export function wordEndAt(text: string, i: number): number {
  if (i >= text.length) return text.length;
  if (i <= 0) return 0;
  const from = Math.max(0, i - REACH);
  const found = boundariesIn(text, from, Math.min(text.length, i + REACH)).filter((b) => b <= i);
  return found.at(-1) ?? onCharacter(text, i);
}

export interface Clipped {
  text: string;
  /** Shorter than the input: cut at a sentence (or, failing that, a word) boundary. */
  cut: boolean;
}

/**
 * At most `max` characters (code points) of `text`: all of it when it fits, else up to the last
 * sentence end within the limit when that keeps at least half of it, else up to the last word
 * boundary with an ellipsis ("…", counted in `max`).
 */
export function clipText(text: string, max: number): Clipped {
  const chars = Array.from(text);
  if (chars.length <= max) return { text, cut: false };
  const limit = chars.slice(0, max).join("");
  let sentence = 0;
  for (const m of limit.matchAll(SENTENCE_END)) sentence = (m.index ?? 0) + m[0].length;
  if (sentence > 0 && Array.from(limit.slice(0, sentence)).length >= max / 2) {
    return { text: limit.slice(0, sentence).trimEnd(), cut: true };
  }
  const room = chars.slice(0, Math.max(0, max - 1)).join(""); // one character for the ellipsis
  const end = wordEndAt(text, room.length);
  const head = text.slice(0, end > 0 ? end : room.length).trimEnd();
  return { text: `${head.replace(/[\s,，、:：\-—–]+$/u, "")}…`, cut: true };
}

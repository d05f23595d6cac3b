// Text as stored: what a person typed, without the characters that change how the rest is shown while
// showing nothing themselves. "evil\u202Egpj.exe" shows as "evilexe.jpg" wherever it is printed (a download's
// file name, a title, a username), so every name and title is cleaned once, on the way in, by these two
// functions; the same cleaning guards what goes out (the download's Content-Disposition) for older rows.

/** Line breaks in free text, mapped to "\n"; in a name they become a space. */
const BREAK = /\r\n?|[\u0085\u2028\u2029]/g;

/**
 * Dropped: C0/C1 controls and DEL (Cc), format characters (Cf: bidi embeddings, overrides, isolates and
 * marks, zero-width space, soft hyphen, BOM, invisible operators, Arabic letter mark, tags …) and the other
 * default-ignorable code points (Hangul fillers, combining grapheme joiner …): none shows anything.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

/** Variation selectors (text/emoji presentation, Mongolian forms, ideographic variants): kept, they show. */
const VARIATION = /[\u180B-\u180D\u180F\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;

/** What may come right before the ZWJ of an emoji ZWJ sequence (woman + ZWJ + laptop, a skin tone + ZWJ …). */
const EMOJI_BEFORE = /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F|\u20E3)$/u;
const EMOJI_AFTER = /\p{Extended_Pictographic}/u;

/**
 * Scripts that need ZWJ/ZWNJ to spell words (Persian and Arabic joining, Indic half-forms and conjuncts,
 * Sinhala, Myanmar, Khmer, Mongolian, Syriac, N'Ko): between two of their letters or marks the joiners
 * are kept.
 */
const JOINING =
  /[\p{sc=Arabic}\p{sc=Syriac}\p{sc=Nko}\p{sc=Mongolian}\p{sc=Devanagari}\p{sc=Bengali}\p{sc=Gurmukhi}\p{sc=Gujarati}\p{sc=Oriya}\p{sc=Tamil}\p{sc=Telugu}\p{sc=Kannada}\p{sc=Malayalam}\p{sc=Sinhala}\p{sc=Myanmar}\p{sc=Khmer}\p{sc=Tibetan}]/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;

/** A surrogate without its pair (JavaScript strings may hold one; UTF-8 and PostgreSQL cannot). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ZWNJ = "\u200C";
const ZWJ = "\u200D";
const BLACK_FLAG = "\u{1F3F4}";
const isTag = (c: string) => c >= "\u{E0020}" && c <= "\u{E007F}";

/** Whether the invisible character `c` at `i` is part of what is shown (an emoji sequence or a joined word). */
function needed(c: string, i: number, chars: readonly string[], kept: readonly string[]): boolean {
  if (VARIATION.test(c)) return true;
  const before = kept.at(-1) ?? "";
  const after = chars[i + 1] ?? "";
  if (c === ZWJ && EMOJI_BEFORE.test(before) && EMOJI_AFTER.test(after)) return true;
  if ((c === ZWJ || c === ZWNJ) && LETTER_OR_MARK.test(before) && JOINING.test(before) && JOINING.test(after))
    return true;
  // Subdivision flags (🏴 + tag letters + cancel tag: England, Scotland, Wales).
  if (isTag(c) && (before === BLACK_FLAG || isTag(before))) return true;
  return false;
}

function strip(text: string, lineBreak: string): string {
  const chars = [...text.replace(LONE_SURROGATE, "").replace(BREAK, lineBreak)];
  const kept: string[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    if (c === "\t" || c === "\n") kept.push(lineBreak === "\n" ? c : " ");
    else if (!INVISIBLE.test(c) || needed(c, i, chars, kept)) kept.push(c);
  }
  return kept.join("").normalize("NFC");
}

/**
 * A name or title as stored: NFC, on one line (tabs and line breaks become spaces), without controls,
 * bidi controls or other invisible format characters (emoji ZWJ and tag sequences and the joiners of
 * scripts that need them kept), trimmed. Lone surrogates (no character at all) are dropped too.
 */
export function cleanName(raw: string): string {
  return strip(raw, " ").trim();
}

/**
 * Free text as stored (a comment, a description): like {@link cleanName}, but tabs and line breaks stay
 * (every line break as "\n"); trimmed.
 */
export function cleanText(raw: string): string {
  return strip(raw, "\n").trim();
}

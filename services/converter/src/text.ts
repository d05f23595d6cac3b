// Extracted text: collected page by page under a byte budget, with where each page ends, so the
// text of the preview pages (what visitors may read) can be cut from it for any preview count.
import { clipText } from "@wenku/kit";

/** preview_text is cut at this many UTF-8 bytes. */
export const PREVIEW_TEXT_MAX_BYTES = 64 * 1024;

/** The first `max` bytes of `buf` as text, never splitting a character. */
export function cutUtf8(buf: Buffer, max: number): string {
  if (buf.length <= max) return buf.toString("utf8");
  let end = Math.max(0, max);
  // Step back over continuation bytes (10xxxxxx) to the start of the character `end` would split.
  while (end > 0 && ((buf[end] as number) & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString("utf8");
}

/** Appends page texts unless the byte budget is spent; cuts on a character boundary. */
export class TextCollector {
  private parts: string[] = [];
  private bytes = 0;
  /** Byte offset where each added page's text ends. */
  readonly pageEnds: number[] = [];
  truncated = false;
  constructor(private readonly max: number) {}
  get full(): boolean {
    return this.truncated;
  }
  /** Adds the next page's text (every page gets an end offset, also once the budget is spent). */
  addPage(s: string): void {
    this.add(s);
    this.pageEnds.push(this.bytes);
  }
  private add(s: string): void {
    if (this.truncated) return;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL and other C0 controls (except \t \n \f) are dropped
    const clean = s.replace(/[\u0000-\u0008\u000b\u000e-\u001f]/g, "");
    const n = Buffer.byteLength(clean, "utf8");
    if (this.bytes + n <= this.max) {
      this.parts.push(clean);
      this.bytes += n;
      return;
    }
    const cut = cutUtf8(Buffer.from(clean, "utf8"), this.max - this.bytes);
    this.parts.push(cut);
    this.bytes += Buffer.byteLength(cut, "utf8");
    this.truncated = true;
  }
  /** One end offset per page: pages never read (the budget was spent) end where the text ends. */
  ends(pages: number): number[] {
    const out = this.pageEnds.slice(0, pages);
    while (out.length < pages) out.push(this.bytes);
    return out;
  }
  text(): string {
    return this.parts.join("");
  }
}

/** The text of pages 1..`rendered` (bounded by `maxBytes`), cut from the whole text by its page ends. */
export function previewTextOf(
  text: string,
  pageEnds: readonly number[],
  rendered: number,
  maxBytes = PREVIEW_TEXT_MAX_BYTES,
): string {
  if (rendered <= 0) return "";
  const buf = Buffer.from(text, "utf8");
  const end = Math.min(pageEnds[Math.min(rendered, pageEnds.length) - 1] ?? buf.length, buf.length);
  return cutUtf8(buf, Math.min(end, maxBytes));
}

/**
 * A description from the text: whitespace collapsed, at most `max` characters, ending at a sentence
 * (Chinese 。！？；… or Latin .!?;) or else at a word, with an ellipsis — never in the middle of a word.
 */
export function descriptionOf(text: string, max = 200): string {
  return clipText(text.replace(/\s+/g, " ").trim(), max).text;
}

/** Each page's text, cut from the whole text by its page ends (UTF-8 byte offsets; out-of-order ends give ""). */
export function pageTextsOf(text: string, pageEnds: readonly number[]): string[] {
  const buf = Buffer.from(text, "utf8");
  const out: string[] = [];
  let start = 0;
  for (const raw of pageEnds) {
    const end = Math.min(Math.max(raw, start), buf.length);
    out.push(buf.subarray(start, end).toString("utf8"));
    start = end;
  }
  return out;
}

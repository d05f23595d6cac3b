/** A run of a snippet, marked when it is one of the search's terms. */
export interface Segment {
  text: string;
  mark: boolean;
}

/**
 * Cuts `text` along `offsets` ([start, end) pairs of UTF-16 offsets, as DocumentHit.highlight
 * gives them) into plain and marked runs. Ranges are sorted and clamped to the text; empty ones
 * and any part overlapping an earlier range are dropped, so every character appears exactly once.
 */
export function highlightSegments(text: string, offsets: readonly number[]): Segment[] {
  const ranges: [number, number][] = [];
  for (let i = 0; i + 1 < offsets.length; i += 2) {
    const start = Math.max(0, Math.min(text.length, offsets[i] ?? 0));
    const end = Math.max(0, Math.min(text.length, offsets[i + 1] ?? 0));
    if (end > start) ranges.push([start, end]);
  }
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const segments: Segment[] = [];
  let at = 0;
  for (const [rawStart, end] of ranges) {
    const start = Math.max(rawStart, at);
    if (end <= start) continue;
    if (start > at) segments.push({ text: text.slice(at, start), mark: false });
    segments.push({ text: text.slice(start, end), mark: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), mark: false });
  return segments;
}

// Byte ranges of served files (RFC 9110 §14): a video seeks, a download resumes. One range per
// request; anything else (several ranges, another unit, a malformed header) is answered whole, which
// the RFC allows. A range that starts past the end is refused with the size (HTTP 416).
import type { Storage } from "@wenku/kit/storage";
import type { FileChunkInit } from "./file.stream.js";
import { openObject } from "./file.stream.js";

/** Inclusive, as in HTTP. */
export interface Span {
  start: number;
  end: number;
}

/** Header values longer than this are not ranges anyone sends: answered whole. */
const MAX_HEADER = 200;
const SINGLE = /^bytes=(\d{0,16})-(\d{0,16})$/;

/**
 * The one range `header` asks of a `size`-byte body: a Span, "unsatisfiable" (it starts past the end,
 * or asks for the last 0 bytes), or null to answer the whole body (no header, several ranges, not
 * bytes, malformed).
 */
export function parseRange(header: string, size: number): Span | "unsatisfiable" | null {
  const h = header.trim().replace(/\s+/g, "");
  if (!h || h.length > MAX_HEADER) return null;
  const m = SINGLE.exec(h);
  if (!m) return null;
  const [first, last] = [m[1] as string, m[2] as string];
  if (first === "") {
    if (last === "") return null;
    const n = Number(last); // the last n bytes
    if (n === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return null; // invalid: ignored (answered whole), RFC 9110 §14.1.1
  if (start >= size) return "unsatisfiable";
  const end = last === "" ? size - 1 : Number(last);
  return { start, end: Math.min(end, size - 1) };
}

/** If-Range: the range holds only while the client's validator is our current (strong) etag. */
export function rangeStillValid(ifRange: string, etag: string): boolean {
  const v = ifRange.trim();
  return v === "" || (etag !== "" && v === etag && !v.startsWith("W/"));
}

export interface RangedRequest {
  range: string;
  ifRange: string;
}

/**
 * The metadata and body of a stored object for a request that may ask for a range: the whole object,
 * one part of it (content_range set, size the part's length), or no body at all when the range is
 * unsatisfiable (content_range "bytes *\/<size>", body null).
 */
export async function openRanged(
  storage: Storage,
  key: string,
  size: number,
  meta: FileChunkInit & { etag?: string },
  req: RangedRequest,
  notFound: string,
): Promise<{ first: FileChunkInit; body: NodeJS.ReadableStream | null }> {
  const base = { ...meta, acceptRanges: true };
  const span = rangeStillValid(req.ifRange, meta.etag ?? "") ? parseRange(req.range, size) : null;
  if (span === "unsatisfiable") return { first: { ...base, size: 0n, contentRange: `bytes */${size}` }, body: null };
  if (span === null || (span.start === 0 && span.end === size - 1)) {
    return { first: { ...base, size: BigInt(size) }, body: await openObject(storage, key, notFound) };
  }
  const body = await openObject(storage, key, notFound, span);
  return {
    first: {
      ...base,
      size: BigInt(span.end - span.start + 1),
      contentRange: `bytes ${span.start}-${span.end}/${size}`,
    },
    body,
  };
}

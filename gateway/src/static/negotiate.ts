// The HTTP rules of static answers, as pure functions: which precompressed variant a client accepts,
// conditional requests (If-None-Match, If-Modified-Since, If-Range) and single byte ranges.

export type Coding = "br" | "gzip";

/**
 * Whether an Accept-Encoding header accepts a coding (RFC 9110 §12.5.3): named with q > 0, or
 * covered by `*` with q > 0 and not named with q = 0. No header: identity only, as servers do.
 */
export function acceptsCoding(header: string | undefined, coding: Coding): boolean {
  if (!header) return false;
  let star: boolean | null = null;
  for (const part of header.split(",")) {
    const [rawName = "", ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    const ok = Number.isFinite(q) && q > 0;
    if (name === coding || (coding === "gzip" && name === "x-gzip")) return ok;
    if (name === "*") star = ok;
  }
  return star === true;
}

/** Weak comparison of an If-None-Match list against one entity tag (RFC 9110 §13.1.2). */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  const want = bare(etag);
  return header.split(",").some((t) => t.trim() === "*" || bare(t) === want);
}

/** If-Modified-Since: not modified when the file is no newer than the date (whole seconds). */
export function notModifiedSince(header: string | undefined, mtimeMs: number): boolean {
  if (!header) return false;
  const since = Date.parse(header);
  return Number.isFinite(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

/** If-Range: the range applies only while the client's validator is still current (strong match or exact date). */
export function ifRangeHolds(header: string | undefined, etag: string, lastModified: string): boolean {
  if (header === undefined) return true;
  const v = header.trim();
  if (v.startsWith('"')) return v === etag;
  if (v.startsWith("W/")) return false; // weak tags never validate a range
  return v === lastModified;
}

export type RangeResult = { start: number; end: number } | "unsatisfiable" | null;

const RANGE = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i;

/**
 * One byte range of a file of `size` bytes (RFC 9110 §14.1.2): `a-b`, `a-` or the suffix `-n`, the
 * end clamped to the file. null: no usable Range header (absent, malformed, other unit or several
 * ranges: the whole file is sent, as the RFC allows); "unsatisfiable": answer 416.
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (header === undefined) return null;
  const m = RANGE.exec(header);
  if (!m) return null;
  const [, first = "", last = ""] = m;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return "unsatisfiable";
    return size === 0 ? "unsatisfiable" : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return null; // invalid: ignored
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

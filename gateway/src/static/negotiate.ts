// What `send` (handler.ts) does not decide, as pure functions: which precompressed variant a client
// accepts, and If-None-Match for answers that are not files (the rendered pages of seo/render.ts).

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

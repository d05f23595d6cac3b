// One paging rule for every list: page and size arrive as int64 from any client (moredoc sends numbers,
// a hostile one 9223372036854775807). Both are clamped before they become numbers, so a deep or absurd
// page is an empty page, never an overflow, a float OFFSET or a 500.

/** Pages past this one answer empty (OFFSET stays a safe integer whatever the size). */
export const MAX_PAGE = 100_000;

export interface Paging {
  /** 1-based, at most MAX_PAGE. */
  page: number;
  /** Rows to skip: (page - 1) × take. */
  skip: number;
  /** Rows on a page: the size asked for, at most `max`; `fallback` when none was asked for. */
  take: number;
}

export function paging(page: bigint, size: bigint, opts: { max: number; fallback?: number }): Paging {
  const take = size > 0n ? Number(size < BigInt(opts.max) ? size : BigInt(opts.max)) : (opts.fallback ?? opts.max);
  const p = page > 1n ? Number(page < BigInt(MAX_PAGE) ? page : BigInt(MAX_PAGE)) : 1;
  return { page: p, skip: (p - 1) * take, take };
}

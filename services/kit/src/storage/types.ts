/**
 * Object storage for originals, converted pages and covers. Two implementations share these
 * semantics and one contract suite: `local.ts` (a directory) and `s3.ts` (S3 / MinIO).
 */

export interface ObjectInfo {
  key: string;
  size: number;
  /** Opaque version tag: changes when the object is overwritten. Not always an MD5. */
  etag: string;
  lastModified: Date;
  /** From stat(); list() may leave it out (S3 listings do not carry it). */
  contentType?: string;
}

export interface PutOptions {
  /** Default "application/octet-stream". */
  contentType?: string;
  /** Refuse bodies larger than this → StorageError "too_large". */
  maxBytes?: number;
  /** The body's exact length when known (lets S3 stream it in one request); a mismatch → "size_mismatch". */
  size?: number;
}

/** Inclusive byte range, as in HTTP: `{ start: 0, end: 99 }` is the first 100 bytes; no `end` → to the end. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface Storage {
  /**
   * Streams `body` to `key` without holding it in memory (S3 with an unknown size: one part at a time)
   * and returns its size and MD5 (hex), computed while streaming. Atomic: readers see the previous
   * object or the new one, never a partial one. Rejects, leaving nothing behind, when the body errors
   * or exceeds `maxBytes`. When refused before reading (size > maxBytes, invalid key) the body is left unread.
   */
  put(key: string, body: NodeJS.ReadableStream | Uint8Array, opts?: PutOptions): Promise<{ size: number; md5: string }>;
  /** "not_found" if missing; "invalid_range" if `range.start` is at or past the end (except `{ start: 0 }`). */
  get(key: string, range?: ByteRange): Promise<NodeJS.ReadableStream>;
  stat(key: string): Promise<ObjectInfo | null>;
  /** Idempotent. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (a plain string prefix, as in S3). Order unspecified. */
  list(prefix: string): AsyncIterable<ObjectInfo>;
}

export type StorageErrorCode =
  | "invalid_key"
  | "not_found"
  | "too_large"
  | "invalid_range"
  | "size_mismatch"
  /** Local disk only: "a/b" cannot exist beside an object "a" (a file cannot also be a directory). */
  | "conflict";

export class StorageError extends Error {
  override readonly name = "StorageError";
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    opts?: ErrorOptions,
  ) {
    super(message, opts);
  }
}

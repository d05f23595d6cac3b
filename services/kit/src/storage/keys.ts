// Key and range rules shared by every implementation, so a key valid on disk is valid on S3.
import { type ByteRange, StorageError } from "./types.js";

/** Reserved for the local implementation's temp files and metadata. */
export const reservedTopLevel = ".wenku";
const maxKeyBytes = 1024; // S3's limit, in UTF-8 bytes
const maxSegmentBytes = 255; // a file name on common filesystems: keys must fit the local implementation too

/**
 * A key is "/"-separated segments: not empty, ≤ 1024 UTF-8 bytes (each segment ≤ 255), no NUL or other control
 * character, no backslash, no leading or trailing "/", no empty, "." or ".." segment, and not under
 * the reserved ".wenku/".
 */
export function checkKey(key: string): string {
  const problem = keyProblem(key, false);
  if (problem) throw new StorageError("invalid_key", `invalid key ${JSON.stringify(key)}: ${problem}`);
  return key;
}

/** A list prefix: like a key, but may be empty and may end with "/" or in the middle of a segment. */
export function checkPrefix(prefix: string): string {
  const problem = keyProblem(prefix, true);
  if (problem) throw new StorageError("invalid_key", `invalid prefix ${JSON.stringify(prefix)}: ${problem}`);
  return prefix;
}

function keyProblem(key: string, isPrefix: boolean): string | undefined {
  if (typeof key !== "string") return "not a string";
  if (key === "") return isPrefix ? undefined : "empty";
  if (Buffer.byteLength(key, "utf8") > maxKeyBytes) return `longer than ${maxKeyBytes} bytes`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(key)) return "control character";
  if (key.includes("\\")) return "backslash";
  if (key.startsWith("/")) return "leading /";
  if (!isPrefix && key.endsWith("/")) return "trailing /";
  const segments = key.split("/");
  if (isPrefix) segments.pop(); // the last, possibly partial segment: only ".." matters
  if (segments.some((s) => s === "" || s === "." || s === "..")) return 'empty, "." or ".." segment';
  if (key.split("/").some((s) => Buffer.byteLength(s, "utf8") > maxSegmentBytes)) {
    return `a segment longer than ${maxSegmentBytes} bytes`;
  }
  if (isPrefix && /(^|\/)\.\.$/.test(key)) return '".." segment';
  if (segments[0] === reservedTopLevel || key === reservedTopLevel) return `"${reservedTopLevel}/" is reserved`;
  return undefined;
}

/** Checks a range against the object size; returns the inclusive end, or undefined for the whole object. */
export function resolveRange(range: ByteRange | undefined, size: number, key: string): ByteRange | undefined {
  if (!range || (range.start === 0 && range.end === undefined)) return undefined;
  const { start, end } = range;
  const valid = Number.isInteger(start) && start >= 0 && (end === undefined || (Number.isInteger(end) && end >= start));
  if (!valid) throw new StorageError("invalid_range", `invalid range ${JSON.stringify(range)}`);
  if (start >= size)
    throw new StorageError("invalid_range", `range starts at ${start}, past the end of ${key} (${size})`);
  return { start, end: Math.min(end ?? size - 1, size - 1) };
}

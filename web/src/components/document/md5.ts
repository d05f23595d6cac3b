/**
 * Incremental MD5 (RFC 1321) over byte chunks, for the upload's content hash (CheckDocumentExist):
 * the file is fed in 2 MB slices (spec §9) so memory stays flat whatever its size. Not for security.
 */

// Per-round shift amounts and the sine-derived constants K[i] = floor(|sin(i + 1)| · 2^32).
const S = [
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 4,
  11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
];
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

export class Md5 {
  private a = 0x67452301;
  private b = 0xefcdab89;
  private c = 0x98badcfe;
  private d = 0x10325476;
  /** Bytes of an unfinished 64-byte block. */
  private readonly buffer = new Uint8Array(64);
  private buffered = 0;
  private length = 0;
  private readonly words = new Uint32Array(16);
  private done = false;

  /** Adds bytes; may be called any number of times before digest(). */
  update(data: Uint8Array): this {
    if (this.done) throw new Error("Md5: update after digest");
    this.length += data.length;
    let offset = 0;
    if (this.buffered > 0) {
      const take = Math.min(64 - this.buffered, data.length);
      this.buffer.set(data.subarray(0, take), this.buffered);
      this.buffered += take;
      offset = take;
      if (this.buffered < 64) return this;
      this.block(this.buffer, 0);
      this.buffered = 0;
    }
    for (; offset + 64 <= data.length; offset += 64) this.block(data, offset);
    if (offset < data.length) {
      this.buffer.set(data.subarray(offset), 0);
      this.buffered = data.length - offset;
    }
    return this;
  }

  /** The hash as 32 lower-case hex digits; the hasher cannot be updated afterwards. */
  digest(): string {
    if (this.done) throw new Error("Md5: digest called twice");
    const bits = this.length * 8;
    const padLength = this.buffered < 56 ? 56 - this.buffered : 120 - this.buffered;
    const tail = new Uint8Array(padLength + 8);
    tail[0] = 0x80;
    // The message length in bits, little-endian 64-bit (exact up to 2^53 bits).
    const view = new DataView(tail.buffer);
    view.setUint32(padLength, bits >>> 0, true);
    view.setUint32(padLength + 4, Math.floor(bits / 2 ** 32), true);
    this.update(tail);
    this.done = true;
    const out = new DataView(new ArrayBuffer(16));
    for (const [i, word] of [this.a, this.b, this.c, this.d].entries()) out.setUint32(i * 4, word, true);
    let hex = "";
    for (let i = 0; i < 16; i++) hex += out.getUint8(i).toString(16).padStart(2, "0");
    return hex;
  }

  private block(bytes: Uint8Array, offset: number): void {
    const x = this.words;
    for (let i = 0; i < 16; i++) {
      const p = offset + i * 4;
      x[i] =
        ((bytes[p] ?? 0) | ((bytes[p + 1] ?? 0) << 8) | ((bytes[p + 2] ?? 0) << 16) | ((bytes[p + 3] ?? 0) << 24)) >>>
        0;
    }
    let { a, b, c, d } = this;
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) % 16;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) % 16;
      }
      const sum = (a + f + (K[i] ?? 0) + (x[g] ?? 0)) >>> 0;
      const s = S[i] ?? 0;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << s) | (sum >>> (32 - s)))) >>> 0;
    }
    this.a = (this.a + a) >>> 0;
    this.b = (this.b + b) >>> 0;
    this.c = (this.c + c) >>> 0;
    this.d = (this.d + d) >>> 0;
  }
}

/** MD5 of one buffer or string (UTF-8) as hex. */
export function md5Hex(data: Uint8Array | string): string {
  return new Md5().update(typeof data === "string" ? new TextEncoder().encode(data) : data).digest();
}

/** Spec §9: files are hashed in 2 MB slices. */
export const HASH_CHUNK_BYTES = 2 * 1024 * 1024;

/** A File or Blob, or anything shaped like one (tests). */
export interface Sliceable {
  size: number;
  slice(start: number, end: number): Blob | { arrayBuffer(): Promise<ArrayBuffer> };
}

/** Blob.arrayBuffer where it exists; FileReader for older engines (Safari < 14, jsdom). */
function readSlice(part: Blob | { arrayBuffer(): Promise<ArrayBuffer> }): Promise<ArrayBuffer> {
  if (typeof part.arrayBuffer === "function") return part.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsArrayBuffer(part as Blob);
  });
}

/**
 * MD5 of a Blob read in 2 MB slices. `onProgress` gets the fraction hashed (0–1) after each slice;
 * an aborted signal stops between slices with an AbortError.
 */
export async function md5OfBlob(
  blob: Sliceable,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
  chunkBytes: number = HASH_CHUNK_BYTES,
): Promise<string> {
  const hash = new Md5();
  for (let start = 0; start < blob.size; start += chunkBytes) {
    signal?.throwIfAborted();
    const end = Math.min(blob.size, start + chunkBytes);
    hash.update(new Uint8Array(await readSlice(blob.slice(start, end))));
    onProgress?.(end / blob.size);
  }
  return hash.digest();
}

import { describe, expect, it } from "@jest/globals";
import { type HashMessage, handleHashRequest } from "./hashProtocol.js";
import { HASH_CHUNK_BYTES, md5OfBlob, type Sliceable } from "./md5.js";

/** A Blob stand-in that records the slices read (jsdom's Blob lacks arrayBuffer in some versions). */
function sliceable(bytes: Uint8Array, reads: [number, number][] = []): Sliceable {
  return {
    size: bytes.length,
    slice: (start, end) => {
      reads.push([start, end]);
      return { arrayBuffer: async () => bytes.slice(start, end).buffer };
    },
  };
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/** 5 MB + a tail of deterministic bytes: three 2 MB slices, the last one partial. */
const big = new Uint8Array(5 * 1024 * 1024 + 123).map((_, i) => (i * 31 + 7) & 255);
// Computed once with `openssl md5` / node:crypto over the same bytes.
const BIG_MD5 = "1e2187fb71a4677636f351b7bfe33f51";

describe("md5", () => {
  it("matches the RFC 1321 and well-known vectors", async () => {
    const vectors: [string, string][] = [
      ["", "d41d8cd98f00b204e9800998ecf8427e"],
      ["a", "0cc175b9c0f1b6a831c399e269772661"],
      ["abc", "900150983cd24fb0d6963f7d28e17f72"],
      ["message digest", "f96b697d7cb7938d525a2f31aaf161d0"],
      ["abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"],
      ["The quick brown fox jumps over the lazy dog", "9e107d9d372bb6826bd81d3542a419d6"],
      ["The quick brown fox jumps over the lazy dog.", "e4d909c290d0fb1ca068ffaddf22cbd0"],
      [
        "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
        "57edf4a22be3c955ac49da2e2107b67a",
      ],
      // UTF-8 bytes, as a file holding the text would have them.
      ["文库", "e1995b4b4c1c4538a527881f70c48f72"],
    ];
    for (const [text, hex] of vectors) await expect(md5OfBlob(sliceable(utf8(text)))).resolves.toBe(hex);
  });

  it("gives the same hash whatever the slice size, across block and padding boundaries", async () => {
    for (const size of [55, 56, 63, 64, 65, 119, 120, 128, 1000]) {
      const bytes = big.subarray(0, size);
      const whole = await md5OfBlob(sliceable(bytes));
      for (const step of [1, 7, 64, 100])
        await expect(md5OfBlob(sliceable(bytes), undefined, undefined, step)).resolves.toBe(whole);
    }
  });

  it("hashes a > 2 MB file in 2 MB slices with progress", async () => {
    const reads: [number, number][] = [];
    const progress: number[] = [];
    await expect(md5OfBlob(sliceable(big, reads), (f) => progress.push(f))).resolves.toBe(BIG_MD5);
    expect(HASH_CHUNK_BYTES).toBe(2 * 1024 * 1024);
    expect(reads).toEqual([
      [0, HASH_CHUNK_BYTES],
      [HASH_CHUNK_BYTES, 2 * HASH_CHUNK_BYTES],
      [2 * HASH_CHUNK_BYTES, big.length],
    ]);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toHaveLength(3);
  });

  it("stops on abort", async () => {
    const abort = new AbortController();
    abort.abort();
    await expect(md5OfBlob(sliceable(big), undefined, abort.signal)).rejects.toBeTruthy();
  });
});

describe("hash worker protocol", () => {
  it("posts progress per slice, then the hash", async () => {
    const messages: HashMessage[] = [];
    await handleHashRequest({ file: sliceable(big) }, (m) => messages.push(m));
    expect(messages.filter((m) => m.type === "progress")).toHaveLength(3);
    expect(messages.at(-1)).toEqual({ type: "done", hash: BIG_MD5 });
  });

  it("posts an error when the file cannot be read", async () => {
    const messages: HashMessage[] = [];
    const broken: Sliceable = {
      size: 10,
      slice: () => ({ arrayBuffer: () => Promise.reject(new Error("NotReadableError")) }),
    };
    await handleHashRequest({ file: broken }, (m) => messages.push(m));
    expect(messages).toEqual([{ type: "error", message: "NotReadableError" }]);
  });
});

// @wenku/testkit/images — real images built in code (no binary files in the repository), without
// the PDF toolchain, so light consumers such as the browser tests can use them.
import { crc32, deflateSync } from "node:zlib";

/** A valid PNG of w×h pixels of one grey (`shade` 0–255). */
export function makePng(w: number, h: number, shade = 0x80): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const rows = Buffer.alloc(h * (w + 1), shade);
  for (let y = 0; y < h; y++) rows[y * (w + 1)] = 0; // filter type "none" at the start of each row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

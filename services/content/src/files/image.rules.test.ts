import { sniffImage, sniffVideo } from "./image.rules.js";

const bytes = (...parts: Array<number[] | string>) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));

test("JPEG: the size of the first frame, found by walking the segments", () => {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Array(14).fill(0)];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x02, 0x58, 0x03, ...Array(9).fill(0)];
  expect(sniffImage(bytes([0xff, 0xd8], app0, sof0))).toEqual({
    ext: ".jpg",
    mime: "image/jpeg",
    width: 600,
    height: 300,
  });
  // start of scan before any frame, or a broken segment chain: not an image
  expect(sniffImage(bytes([0xff, 0xd8], app0, [0xff, 0xda, 0, 4, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
  expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01], Array(20).fill(0)))).toBeNull();
});

test("GIF and the three WebP kinds", () => {
  expect(sniffImage(bytes("GIF89a", [0x20, 0x00, 0x10, 0x00]))).toMatchObject({ ext: ".gif", width: 32, height: 16 });
  const riff = (kind: string, rest: number[]) => bytes("RIFF", [0, 0, 0, 0], "WEBP", kind, [0, 0, 0, 0], rest);
  // lossy: frame tag (3 bytes), start code 9d 01 2a, 14-bit width and height
  expect(sniffImage(riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, 0x64, 0x00, 0x32, 0x00]))).toMatchObject({
    ext: ".webp",
    width: 100,
    height: 50,
  });
  // lossless: signature 0x2f, then (width-1, height-1) packed in 14 bits each: 10×20
  const w = 9;
  const h = 19;
  const packed = [w & 0xff, ((w >> 8) & 0x3f) | ((h & 0x3) << 6), (h >> 2) & 0xff, (h >> 10) & 0x0f];
  expect(sniffImage(riff("VP8L", [0x2f, ...packed, 0, 0, 0, 0, 0]))).toMatchObject({ width: 10, height: 20 });
  // extended: 24-bit (width-1, height-1) after 4 bytes of flags
  expect(sniffImage(riff("VP8X", [0, 0, 0, 0, 0xff, 0x01, 0x00, 0xff, 0x00, 0x00]))).toMatchObject({
    width: 512,
    height: 256,
  });
});

test("SVG, HTML, zero-sized and truncated files are not images", () => {
  expect(sniffImage(bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
  expect(sniffImage(bytes("<!doctype html><p>hi</p>"))).toBeNull();
  expect(sniffImage(bytes("GIF89a", [0, 0, 0, 0]))).toBeNull();
  expect(sniffImage(bytes([0x89], "PNG"))).toBeNull();
  expect(sniffImage(new Uint8Array())).toBeNull();
});

test("videos: an MP4 by its ftyp box and brand, a WebM by its EBML DocType; nothing else", () => {
  const mp4 = bytes([0, 0, 0, 0x18], "ftypisom", [0, 0, 2, 0], "isomiso2");
  expect(sniffVideo(mp4)).toEqual({ ext: ".mp4", mime: "video/mp4" });
  expect(sniffVideo(bytes([0, 0, 0, 0x18], "ftypqt  ", [0, 0, 2, 0], "qt  qt  "))).toBeNull(); // QuickTime
  expect(sniffVideo(bytes([0, 0, 0, 0x08], "ftypisom", [0, 0, 2, 0], "isomiso2"))).toBeNull(); // box too short
  const ebml = [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01];
  expect(sniffVideo(bytes(ebml, [0x42, 0x82, 0x84], "webm", [0x42, 0x87, 0x81, 0x04]))).toEqual({
    ext: ".webm",
    mime: "video/webm",
  });
  expect(sniffVideo(bytes(ebml, [0x42, 0x82, 0x88], "matroska", [0, 0, 0, 0]))).toBeNull(); // Matroska, not WebM
  expect(sniffVideo(bytes("<html><script>alert(1)</script></html>"))).toBeNull();
  expect(sniffVideo(new Uint8Array())).toBeNull();
});

// What an uploaded image is, read from its bytes (never from its name or declared type): JPEG, PNG,
// GIF or WebP, with its size in pixels. Anything else (SVG, HTML, a renamed executable) is not an image.

export interface ImageInfo {
  /** With the dot: ".jpg", ".png", ".gif", ".webp". */
  ext: ".jpg" | ".png" | ".gif" | ".webp";
  mime: string;
  width: number;
  height: number;
}

/** Uploaded images are at most this many bytes… */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** …and this many pixels a side (a tiny file may declare a huge canvas that browsers would allocate). */
export const IMAGE_MAX_SIDE = 8192;

/** /uploads/<md5><ext>: the public path of an uploaded image. */
export const imagePath = (hash: string, ext: string): string => `/uploads/${hash}${ext}`;
/** The last segment of an image (or article video) path: "<md5><ext>". */
export const IMAGE_NAME = /^([0-9a-f]{32})(\.(?:jpg|png|gif|webp|mp4|webm))$/;

/** Article videos are at most this many bytes (held whole to check and hash, like images). */
export const VIDEO_MAX_BYTES = 20 * 1024 * 1024;

export interface VideoInfo {
  ext: ".mp4" | ".webm";
  mime: string;
}

/**
 * What a video is, read from its bytes: an ISO base media file whose first box is `ftyp` with an MP4
 * brand, or a Matroska/EBML file whose DocType is "webm". Anything else is not a video we serve.
 */
export function sniffVideo(b: Uint8Array): VideoInfo | null {
  if (b.length >= 12 && ascii(b, 4, 4) === "ftyp") {
    const size = be32(b, 0);
    const brand = ascii(b, 8, 4);
    if (size >= 16 && size <= 4096 && MP4_BRANDS.has(brand)) return { ext: ".mp4", mime: "video/mp4" };
    return null;
  }
  if (b.length >= 16 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) {
    // the DocType element (id 42 82, size 84: four bytes) lies within the EBML header, near its start
    for (let at = 4; at + 7 <= Math.min(b.length, 64); at++) {
      if (b[at] === 0x42 && b[at + 1] === 0x82 && b[at + 2] === 0x84) {
        return ascii(b, at + 3, 4) === "webm" ? { ext: ".webm", mime: "video/webm" } : null;
      }
    }
  }
  return null;
}

/** ftyp major brands of MP4 files browsers play (ISO base media, MP4 v1/v2, Apple's M4V, AVC, DASH). */
const MP4_BRANDS = new Set(["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "dash", "mmp4"]);

const be16 = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const le16 = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const le24 = (b: Uint8Array, at: number) => le16(b, at) | ((b[at + 2] ?? 0) << 16);
const be32 = (b: Uint8Array, at: number) => be16(b, at) * 65536 + be16(b, at + 2);
const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

/** The image's kind and size, or null when the bytes are not a JPEG, PNG, GIF or WebP with a readable size. */
export function sniffImage(b: Uint8Array): ImageInfo | null {
  const info = kindAndSize(b);
  if (!info || info.width <= 0 || info.height <= 0) return null;
  return info;
}

function kindAndSize(b: Uint8Array): ImageInfo | null {
  if (b.length >= 24 && ascii(b, 1, 3) === "PNG" && b[0] === 0x89 && ascii(b, 12, 4) === "IHDR") {
    return { ext: ".png", mime: "image/png", width: be32(b, 16), height: be32(b, 20) };
  }
  if (b.length >= 10 && (ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a")) {
    return { ext: ".gif", mime: "image/gif", width: le16(b, 6), height: le16(b, 8) };
  }
  if (b.length >= 30 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return webp(b);
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpeg(b);
  return null;
}

function webp(b: Uint8Array): ImageInfo | null {
  const mime = "image/webp";
  switch (ascii(b, 12, 4)) {
    case "VP8 ": // lossy: the frame header after the start code 9d 01 2a
      if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
      return { ext: ".webp", mime, width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff };
    case "VP8L": {
      // lossless: signature 0x2f, then 14-bit width-1 and height-1
      if (b[20] !== 0x2f) return null;
      const [b0, b1, b2, b3] = [b[21] ?? 0, b[22] ?? 0, b[23] ?? 0, b[24] ?? 0];
      return {
        ext: ".webp",
        mime,
        width: 1 + (((b1 & 0x3f) << 8) | b0),
        height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)),
      };
    }
    case "VP8X": // extended: 24-bit canvas width-1 and height-1
      return { ext: ".webp", mime, width: 1 + le24(b, 24), height: 1 + le24(b, 27) };
    default:
      return null;
  }
}

/** The first start-of-frame segment's size; segments are walked by their lengths up to start-of-scan. */
function jpeg(b: Uint8Array): ImageInfo | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1] ?? 0;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image / start of scan before any frame
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { ext: ".jpg", mime: "image/jpeg", height: be16(b, at + 5), width: be16(b, at + 7) };
    const length = be16(b, at + 2);
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}

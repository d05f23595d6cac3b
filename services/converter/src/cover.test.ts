// Covers of real files (PDF drawn by MuPDF, DOCX and TXT through LibreOffice, EPUB laid out by MuPDF):
// never uniform; an EPUB's declared cover image is used; blank first pages are skipped; a document
// with no page worth showing, or a hostile EPUB, gets the typed placeholder and still converts.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeCoverImage, makeDocx, makeEpub, makePdf } from "@wenku/testkit/documents";
import * as mupdf from "mupdf";
import { testMutoolMode } from "../test/mutool.js";
import { type Converter, type ConvertResult, createConverter } from "./converter.js";
import { wrapTitle } from "./placeholder.js";

let dir: string;
let conv: Converter;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "wenku-cover-test-"));
  conv = createConverter({
    office: { profileRoot: join(dir, "profiles"), timeoutMs: 120_000 },
    workRoot: dir,
    mutool: testMutoolMode(),
  });
});
afterAll(async () => {
  await conv.close();
  await rm(dir, { recursive: true, force: true });
});

let seq = 0;
async function convert(ext: string, data: Uint8Array | string, title?: string): Promise<ConvertResult> {
  const p = join(dir, `in-${++seq}.${ext}`);
  await writeFile(p, data);
  return conv.convert({ path: p, ext }, { dir: join(dir, `out-${seq}`) }, title ? { cover: { title } } : {});
}

interface PngStats {
  width: number;
  height: number;
  /** Variance of the luminance (0–255 levels, squared). */
  variance: number;
  /** The most frequent colour, each channel rounded to 16 levels. */
  dominant: [number, number, number];
}

function statsOf(png: Uint8Array): PngStats {
  const pix = new mupdf.Image(png).toPixmap();
  try {
    const px = pix.getPixels();
    const n = pix.getNumberOfComponents() + (pix.getAlpha() ? 1 : 0);
    let sum = 0;
    let squares = 0;
    const counts = new Map<number, number>();
    for (let i = 0; i + 2 < px.length; i += n) {
      const [r, g, b] = [px[i] ?? 0, px[i + 1] ?? 0, px[i + 2] ?? 0];
      const y = 0.299 * r + 0.587 * g + 0.114 * b;
      sum += y;
      squares += y * y;
      const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const count = px.length / n;
    const mean = sum / count;
    const top = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
    return {
      width: pix.getWidth(),
      height: pix.getHeight(),
      variance: squares / count - mean * mean,
      dominant: [((top >> 8) & 15) * 16, ((top >> 4) & 15) * 16, (top & 15) * 16],
    };
  } finally {
    pix.destroy();
  }
}

const coverImage = makeCoverImage;

const near = (a: readonly number[], b: readonly number[]) => a.every((v, i) => Math.abs(v - (b[i] ?? 0)) <= 24);
/** Not uniform, as a card shows it: a clear spread of light and dark. */
const expectNotUniform = (png: Uint8Array) => expect(statsOf(png).variance).toBeGreaterThan(100);
const teal: [number, number, number] = [0, 128, 128];

const paragraphs = Array.from(
  { length: 18 },
  (_, i) =>
    `第${i + 1}段：数字图书馆把上传的文档转换成网页，读者无需下载即可阅读。Paragraph ${i + 1} of the cover test.`,
);

describe("every type has a cover that is not uniform", () => {
  test("PDF: page 1", async () => {
    const r = await convert("pdf", makePdf({ pages: 2, shapes: true }));
    expect(r.coverFrom).toEqual({ source: "page", page: 1 });
    expectNotUniform(r.cover);
  });

  test("DOCX through LibreOffice: page 1 with its fonts", async () => {
    const r = await convert("docx", makeDocx(paragraphs));
    expect(r.viaOffice).toBe(true);
    expect(r.coverFrom).toEqual({ source: "page", page: 1 });
    expectNotUniform(r.cover);
  }, 120_000);

  test("TXT through LibreOffice: page 1", async () => {
    const r = await convert("txt", paragraphs.join("\n"));
    expect(r.coverFrom).toEqual({ source: "page", page: 1 });
    expectNotUniform(r.cover);
  }, 120_000);

  test("EPUB 3: the image with properties=cover-image, its colour, at the cover width", async () => {
    const r = await convert("epub", makeEpub("封面测试", ["第一章"], { cover: { data: coverImage(teal) } }));
    expect(r.coverFrom).toEqual({ source: "image" });
    const s = statsOf(r.cover);
    expect(s.width).toBe(600);
    expect(Math.abs(s.height - 800)).toBeLessThanOrEqual(1);
    expect(near(s.dominant, teal)).toBe(true);
    expect(s.variance).toBeGreaterThan(100);
  });

  test("EPUB 2 <meta name=cover> and a calibre-style SVG cover page: the declared image", async () => {
    const orange: [number, number, number] = [240, 128, 0];
    const jpeg = new mupdf.Image(coverImage(orange)).toPixmap().asJPEG(90).slice();
    const meta = await convert(
      "epub",
      makeEpub("meta", ["一"], { cover: { data: jpeg, name: "c.jpg", mediaType: "image/jpeg", style: "meta" } }),
    );
    expect(meta.coverFrom).toEqual({ source: "image" });
    expect(near(statsOf(meta.cover).dominant, orange)).toBe(true);
    const guide = await convert(
      "epub",
      makeEpub("guide", ["一"], { cover: { data: coverImage(teal), style: "guide" } }),
    );
    expect(guide.coverFrom).toEqual({ source: "image" });
    expect(near(statsOf(guide.cover).dominant, teal)).toBe(true);
  });
});

describe("blank pages are passed over", () => {
  test("a PDF whose first two pages are blank: page 3", async () => {
    const pdf = makePdf({ pages: 4, lines: (n) => (n <= 2 ? [] : paragraphs.slice(0, 20)) });
    const r = await convert("pdf", pdf);
    expect(r.coverFrom).toEqual({ source: "page", page: 3 });
    expectNotUniform(r.cover);
  });

  test("a DOCX whose first page is empty (a page break first): page 2", async () => {
    const r = await convert("docx", makeDocx(["", paragraphs.join(" ")], { pageBreaks: true }));
    expect(r.coverFrom).toEqual({ source: "page", page: 2 });
    expectNotUniform(r.cover);
  }, 120_000);

  test("nothing to show on the first pages: the placeholder, in the type's colour, with a Chinese title", async () => {
    const r = await convert("pdf", makePdf({ pages: 5, lines: () => [] }), "空白文档的标题");
    expect(r.coverFrom).toEqual({ source: "placeholder" });
    const s = statsOf(r.cover);
    expect(s.width).toBe(600);
    expect(near(s.dominant, [0xcf, 0x13, 0x22])).toBe(true); // the PDF red
    expect(s.variance).toBeGreaterThan(100); // the type and the title drawn on it
    // The Chinese title is drawn: with it the cover differs from one with a Latin title of the same length.
    const latin = await convert("pdf", makePdf({ pages: 1, lines: () => [] }), "Blank document title");
    expect(Buffer.from(latin.cover).equals(Buffer.from(r.cover))).toBe(false);
  });
});

describe("a hostile EPUB gets a cover, never a failure", () => {
  test.each([
    // 64 MiB of zeros, deflated to ≈ 64 KiB in the zip
    ["a zip-bomb cover image (over the size cap)", { data: Buffer.alloc(64 << 20), name: "cover.png" }],
    ["a cover that lies about its size", { data: Buffer.alloc(20 << 20), declaredSize: 1000 }],
    ["a missing cover file", { data: coverImage(teal), style: "missing" as const }],
    ["a cover that is not an image", { data: "<html>not an image</html>", name: "cover.png" }],
  ])("%s: page 1, or the placeholder", async (_, cover) => {
    const r = await convert("epub", makeEpub("敌意的电子书", ["第一章 正文内容比较短。"], { cover }));
    expect(r.pages).toBeGreaterThan(0);
    expect(["page", "placeholder"]).toContain(r.coverFrom.source);
    expect(statsOf(r.cover).variance).toBeGreaterThan(4);
  });
});

test("a title is wrapped between words, at most 7 lines, an ellipsis when it goes on", () => {
  expect(wrapTitle("A short title", 5)).toEqual(["A short", "title"]);
  const zh = wrapTitle("数字图书馆的文档转换与封面生成", 6);
  expect(zh.join("")).toBe("数字图书馆的文档转换与封面生成");
  expect(zh.every((l) => Array.from(l).length <= 6)).toBe(true);
  const long = wrapTitle("很长的标题".repeat(40), 6);
  expect(long).toHaveLength(7);
  expect(long.at(-1)?.endsWith("…")).toBe(true);
});

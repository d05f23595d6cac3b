// The converter on documents generated here: PDF (MuPDF-drawn), DOCX, CSV and TXT (LibreOffice),
// EPUB (MuPDF layout); and every way a conversion can fail.
import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { makeDocx, makeEpub, makePdf } from "@wenku/testkit/documents";
import * as mupdf from "mupdf";
import { testMutoolMode } from "../test/mutool.js";
import { type Converter, type ConvertResult, createConverter } from "./converter.js";

let dir: string;
let conv: Converter;
let profileRoot: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "wenku-conv-test-"));
  profileRoot = join(dir, "profiles");
  conv = createConverter({ office: { profileRoot, timeoutMs: 120_000 }, workRoot: dir, mutool: testMutoolMode() });
});
afterAll(async () => {
  await conv.close();
  await rm(dir, { recursive: true, force: true });
});

let seq = 0;
async function file(ext: string, data: Uint8Array | string): Promise<string> {
  const p = join(dir, `in-${++seq}.${ext}`);
  await writeFile(p, data);
  return p;
}
const outDir = () => join(dir, `out-${++seq}`);

/** Width and height from a PNG's IHDR; throws if the bytes are not a PNG. */
function pngSize(png: Uint8Array): { w: number; h: number } {
  const b = Buffer.from(png);
  expect(b.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { w: b.readUInt32BE(16), h: b.readUInt32BE(20) };
}

/**
 * Every page 1..rendered has an SVG (text as paths, no <text>), a gzip that inflates to it and a
 * text layer (text-layer.test.ts looks into those).
 */
async function expectPages(out: string, r: ConvertResult): Promise<void> {
  const files = (await readdir(out)).sort();
  const svgs: string[] = [];
  for (let n = 1; n <= r.rendered; n++) svgs.push(`page-${n}.svg`, `page-${n}.gzip.svg`);
  const layers = Array.from({ length: r.rendered }, (_, i) => `page-${i + 1}.text.json`);
  expect(files).toEqual(["cover.png", ...svgs, ...layers].sort());
  expect(r.textLayerPages).toBe(r.rendered);
  expect(r.svgPages).toEqual(svgs.sort((a, b) => order(a) - order(b)));
  for (let n = 1; n <= r.rendered; n++) {
    const svg = await readFile(join(out, `page-${n}.svg`));
    expect(svg.subarray(0, 4).toString()).toBe("<svg");
    expect(svg.toString()).not.toContain("<text");
    expect(gunzipSync(await readFile(join(out, `page-${n}.gzip.svg`)))).toEqual(svg);
  }
  expect(Buffer.from(r.cover)).toEqual(await readFile(join(out, "cover.png")));
}
const order = (f: string) => Number(/page-(\d+)/.exec(f)?.[1]) * 2 + (f.includes("gzip") ? 1 : 0);

describe("MuPDF formats", () => {
  test("PDF: a page count, an SVG and its gzip per page, a 600 px PNG cover, the Chinese and Latin text", async () => {
    const pdf = makePdf({
      pages: 3,
      shapes: true,
      lines: (n) => [`第${n}页 数字图书馆的文档转换`, `Latin line on page ${n}: quick brown fox`],
    });
    const out = outDir();
    const r = await conv.convert({ path: await file("pdf", pdf), ext: ".PDF" }, { dir: out });
    expect(r).toMatchObject({ ext: "pdf", pages: 3, rendered: 3, viaOffice: false, width: 595, height: 842 });
    expect(r.format).toMatch(/^PDF/);
    await expectPages(out, r);
    const cover = pngSize(r.cover);
    expect(cover.w).toBe(600);
    expect(Math.abs(cover.h - (842 * 600) / 595)).toBeLessThanOrEqual(1); // A4 proportions
    for (const n of [1, 2, 3]) {
      expect(r.text).toContain(`第${n}页 数字图书馆的文档转换`);
      expect(r.text).toContain(`Latin line on page ${n}: quick brown fox`);
    }
    expect(r.svgBytes).toBeGreaterThan(r.gzipBytes);
  });

  test("maxPages renders the preview pages only, while the text covers every page", async () => {
    const out = outDir();
    const r = await conv.convert(
      { path: await file("pdf", makePdf({ pages: 5 })), ext: "pdf" },
      { dir: out },
      {
        maxPages: 2,
      },
    );
    expect(r).toMatchObject({ pages: 5, rendered: 2 });
    await expectPages(out, r);
    expect(r.text).toContain("第5页");
  });

  test("maxPages as a function of the page count; previewText covers the rendered pages only", async () => {
    const seen: number[] = [];
    const r = await conv.convert(
      { path: await file("pdf", makePdf({ pages: 4, lines: (p) => [`预览文本 第${p}页`] })), ext: "pdf" },
      { dir: outDir() },
      {
        maxPages: (pages) => {
          seen.push(pages);
          return Math.ceil(pages / 2);
        },
      },
    );
    expect(seen).toEqual([4]);
    expect(r).toMatchObject({ pages: 4, rendered: 2 });
    expect(r.pageTextEnds).toHaveLength(4);
    expect(r.pageTextEnds.at(-1)).toBe(Buffer.byteLength(r.text));
    expect(r.previewText).toContain("预览文本 第2页");
    expect(r.previewText).not.toContain("第3页");
    expect(r.text).toContain("预览文本 第4页");
    expect(r.previewText).toBe(Buffer.from(r.text).subarray(0, r.pageTextEnds[1]).toString());
  });

  test("the text is cut at maxTextBytes on a character boundary", async () => {
    const r = await conv.convert(
      { path: await file("pdf", makePdf({ pages: 4, lines: () => ["汉字汉字汉字汉字汉字"] })), ext: "pdf" },
      { dir: outDir() },
      { maxTextBytes: 20 },
    );
    expect(r.textTruncated).toBe(true);
    expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(20);
    expect(r.text).toMatch(/^汉字汉字汉字$/);
  });

  test("EPUB is laid out by MuPDF: pages, SVGs, cover and its Chinese text", async () => {
    const epub = makeEpub("测试电子书", ["第一章 春眠不觉晓，处处闻啼鸟。", "Chapter two: the library opens at nine."]);
    const out = outDir();
    const r = await conv.convert({ path: await file("epub", epub), ext: "epub" }, { dir: out });
    expect(r.format).toBe("EPUB");
    expect(r.pages).toBeGreaterThanOrEqual(2); // one chapter per page at least
    await expectPages(out, r);
    expect(r.text).toContain("春眠不觉晓，处处闻啼鸟。");
    expect(r.text).toContain("Chapter two: the library opens at nine.");
    pngSize(r.cover);
  });

  test("progress is reported once per page", async () => {
    const seen: number[] = [];
    await conv.convert(
      { path: await file("pdf", makePdf({ pages: 3 })), ext: "pdf" },
      { dir: outDir() },
      {
        onProgress: (p) => seen.push(p.page),
      },
    );
    expect(seen).toEqual([1, 2, 3]);
  });
});

describe("office formats through LibreOffice", () => {
  test("DOCX → PDF → pages, with the Chinese words put in", async () => {
    const docx = makeDocx(["文库测试文档 第一段", "Second paragraph in English", "第三段：转换引擎"], {
      pageBreaks: true,
    });
    const out = outDir();
    const r = await conv.convert({ path: await file("docx", docx), ext: "docx" }, { dir: out });
    expect(r).toMatchObject({ viaOffice: true, pages: 3, rendered: 3 });
    await expectPages(out, r);
    expect(r.text).toContain("文库测试文档 第一段");
    expect(r.text).toContain("Second paragraph in English");
    expect(r.text).toContain("第三段：转换引擎");
  });

  test("UTF-8 CSV keeps its Chinese cells (CSV import filter)", async () => {
    const r = await conv.convert(
      { path: await file("csv", "城市,人口\n北京,2189\n上海,2487\n"), ext: "csv" },
      {
        dir: outDir(),
      },
    );
    expect(r.viaOffice).toBe(true);
    for (const w of ["城市", "北京", "上海", "2487"]) expect(r.text).toContain(w);
  });

  test("a GB18030 text file is read as Chinese, not mojibake", async () => {
    const gbk = Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0xce, 0xc4, 0xbf, 0xe2, 0x0a]); // 中文文库\n in GBK
    const r = await conv.convert({ path: await file("txt", gbk), ext: "txt" }, { dir: outDir() });
    expect(r.text).toContain("中文文库");
  });
});

describe("failures", () => {
  const failure = async (ext: string, data: Uint8Array | string, opts?: Parameters<Converter["convert"]>[2]) => {
    const out = outDir();
    const err = await conv.convert({ path: await file(ext, data), ext }, { dir: out }, opts).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ name: "ConversionError" });
    return err as { reason: string; retryable: boolean; message: string; detail: string };
  };

  test.each(["chm", "umd", "azw3"])("%s needs calibre: unsupported, not retryable, says why", async (ext) => {
    const e = await failure(ext, "whatever");
    expect(e).toMatchObject({ reason: "unsupported_format", retryable: false });
    expect(e.message).toContain("calibre");
    expect(e.detail).toContain("calibre");
  });

  test("an unknown extension is unsupported", async () => {
    expect(await failure("exe", "MZ")).toMatchObject({ reason: "unsupported_format", retryable: false });
  });

  test.each([
    ["pdf", "empty", new Uint8Array()],
    ["docx", "empty", new Uint8Array()],
    ["pdf", "corrupt", Buffer.from("%PDF-1.4\nthis is not a pdf at all\n")],
    ["epub", "corrupt", Buffer.from("PK but not really a zip")],
    ["docx", "corrupt", Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x13, 0x37, 0x00, 0x42])],
  ])("%s that is %s: non-retryable with a Chinese message and an English detail", async (ext, reason, data) => {
    const e = await failure(ext, data);
    expect(e).toMatchObject({ reason, retryable: false });
    expect(e.message).toMatch(/[\u4e00-\u9fff]/);
    expect(e.detail).toMatch(/[a-z]/);
  });

  test("an encrypted PDF is refused as encrypted", async () => {
    const doc = new mupdf.PDFDocument(makePdf({ pages: 1 }));
    const enc = doc.saveToBuffer("encrypt=aes-256,user-password=secret,owner-password=owner").asUint8Array().slice();
    doc.destroy();
    expect(await failure("pdf", enc)).toMatchObject({ reason: "encrypted", retryable: false });
  });

  test("an aborted signal stops between pages: retryable 'aborted'; a timeout signal: final 'timeout'", async () => {
    const pdf = makePdf({ pages: 4 });
    const ac = new AbortController();
    const e = await failure("pdf", pdf, { signal: ac.signal, onProgress: (p) => p.page === 2 && ac.abort() });
    expect(e).toMatchObject({ reason: "aborted", retryable: true });
    const t = await failure("pdf", pdf, { signal: AbortSignal.abort(new DOMException("late", "TimeoutError")) });
    expect(t).toMatchObject({ reason: "timeout", retryable: false });
  });

  test("LibreOffice past its timeout: killed with its whole process group, final 'timeout'", async () => {
    const root = join(dir, "slow-profiles");
    const slow = createConverter({
      office: { profileRoot: root, timeoutMs: 50 },
      workRoot: dir,
      mutool: testMutoolMode(),
    });
    try {
      const docx = makeDocx(["超时测试"]);
      const err = await slow
        .convert({ path: await file("docx", docx), ext: "docx" }, { dir: outDir() })
        .catch((e) => e);
      expect(err).toMatchObject({ name: "ConversionError", reason: "timeout", retryable: false });
      expect(err.message).toContain("LibreOffice");
      // No soffice / soffice.bin of that profile survives.
      const ps = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" });
      expect(ps.split("\n").filter((l) => l.includes(root))).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});

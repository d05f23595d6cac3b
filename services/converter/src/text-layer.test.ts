// The text layer (page-N.text.json) of converted pages, from MuPDF WASM and from native mutool when
// installed: the words at their boxes, office documents and EPUB through the same path, a page of
// 100k glyph lines cut at the budget, and no layer when it is switched off.
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PAGE_TEXT_MAX_BYTES, type PageText, parsePageText } from "@wenku/proto/page-text";
import { makeDocx, makeEpub, makeGlyphFloodPdf, makePdf } from "@wenku/testkit/documents";
import { type Converter, createConverter } from "./converter.js";

let dir: string;
let seq = 0;
const paths = ["off", "auto"] as const;
const converters = new Map<string, Converter>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "wenku-text-layer-"));
  for (const mode of paths) {
    converters.set(
      mode,
      createConverter({ office: { profileRoot: join(dir, `profiles-${mode}`) }, workRoot: dir, mutool: mode }),
    );
  }
});
afterAll(async () => {
  await Promise.all([...converters.values()].map((c) => c.close()));
  await rm(dir, { recursive: true, force: true });
});

async function convert(mode: string, ext: string, data: Uint8Array, opts: { textLayer?: boolean } = {}) {
  const path = join(dir, `in-${++seq}.${ext}`);
  await writeFile(path, data);
  const out = join(dir, `out-${seq}`);
  const r = await (converters.get(mode) as Converter).convert({ path, ext }, { dir: out }, opts);
  return { r, out };
}

async function layer(out: string, n: number): Promise<PageText> {
  const parsed = parsePageText(await readFile(join(out, `page-${n}.text.json`)));
  if (typeof parsed === "string") throw new Error(parsed);
  return parsed;
}

// "auto" without mutool installed renders with WASM again: still a valid run, nothing skipped.
describe.each(paths)("text layer (CONVERTER_MUTOOL=%s)", (mode) => {
  test("a PDF's lines come with their words, font size and boxes where they were drawn", async () => {
    const pdf = makePdf({ pages: 2, lines: (n) => [`Hello asn1 on page ${n}`, `第${n}页 数字图书馆`] });
    const { r, out } = await convert(mode, "pdf", pdf);
    expect(r.textLayerPages).toBe(2);
    expect(r.textLayerTruncated).toEqual([]);
    for (const n of [1, 2]) {
      const t = await layer(out, n);
      expect(t).toMatchObject({ v: 1, w: 595, h: 842, src: "mupdf" });
      expect(t.truncated).toBeUndefined();
      const latin = t.lines.find((l) => l.t.includes(`Hello asn1 on page ${n}`));
      const zh = t.lines.find((l) => l.t.includes(`第${n}页 数字图书馆`));
      // makePdf draws 14 pt text from x 60 with baselines at y 90 and 112 (top-left origin).
      expect(latin).toBeDefined();
      expect(zh).toBeDefined();
      for (const [l, baseline] of [
        [latin, 90],
        [zh, 112],
      ] as const) {
        expect(l?.s).toBeCloseTo(14, 0);
        expect(l?.x).toBeCloseTo(60, 0);
        expect(l?.y).toBeLessThan(baseline);
        expect((l?.y ?? 0) + (l?.h ?? 0)).toBeGreaterThan(baseline);
        expect(l?.h).toBeGreaterThan(10);
        expect(l?.h).toBeLessThan(25);
      }
      expect(latin?.w).toBeGreaterThan(100); // 22 Times glyphs at 14 pt
      expect(latin?.w).toBeLessThan(200);
    }
  });

  test("EPUB pages get a layer of their laid-out text", async () => {
    const { r, out } = await convert(mode, "epub", makeEpub("层", ["第一章 春眠不觉晓", "Chapter two opens at nine"]));
    expect(r.textLayerPages).toBe(r.rendered);
    const all = (await Promise.all(Array.from({ length: r.rendered }, (_, i) => layer(out, i + 1)))).flatMap((t) =>
      t.lines.map((l) => l.t),
    );
    expect(all.join("\n")).toContain("春眠不觉晓");
    expect(all.join("\n")).toContain("Chapter two opens at nine");
  });

  test("a page of 100k glyph lines gets a layer cut at the byte budget, and the document converts", async () => {
    const { r, out } = await convert(mode, "pdf", makeGlyphFloodPdf(100_000));
    expect(r.textLayerTruncated).toEqual([1]);
    const raw = await readFile(join(out, "page-1.text.json"));
    expect(raw.length).toBeLessThanOrEqual(PAGE_TEXT_MAX_BYTES);
    const t = await layer(out, 1);
    expect(t.truncated).toBe(true);
    expect(t.lines.length).toBeGreaterThan(1000);
    expect(t.lines[0]).toMatchObject({ t: "a", x: 10 });
    expect(t.lines[0]?.s).toBeCloseTo(0.5, 1);
  }, 60_000);

  test("switched off (the bench's baseline), no layer is written", async () => {
    const { r, out } = await convert(mode, "pdf", makePdf({ pages: 2 }), { textLayer: false });
    expect(r.textLayerPages).toBe(0);
    expect((await readdir(out)).filter((f) => f.endsWith(".text.json"))).toEqual([]);
  });
});

test("an office document gets its layer through the PDF path", async () => {
  const { r, out } = await convert("auto", "docx", makeDocx(["文库文字层 第一段", "Selectable text in Word"]));
  expect(r.viaOffice).toBe(true);
  const words = (await layer(out, 1)).lines.map((l) => l.t).join("\n");
  expect(words).toContain("文库文字层 第一段");
  expect(words).toContain("Selectable text in Word");
}, 120_000);

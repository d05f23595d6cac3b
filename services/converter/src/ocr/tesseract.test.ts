import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describeTools } from "../tools.js";
import { languagesFor, OcrError, probeTesseract, runTesseract } from "./tesseract.js";

test("a missing tesseract: OCR is unavailable, and the start-up lines say what it costs and what to install", async () => {
  const p = await probeTesseract(join(tmpdir(), "no-such-tesseract"));
  expect(p).toMatchObject({ available: false, languages: [], problem: expect.stringContaining("not found") });
  const lines = describeTools({ office: { available: true, path: "soffice", version: "LO" }, cjkFonts: true, ocr: p });
  expect(lines.join("\n")).toContain("scanned pages (OCR): Tesseract NOT USED");
  expect(lines.join("\n")).toContain("apt install tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim");
});

test("an image tesseract cannot read fails the page with tesseract's reason; an abort kills it", async () => {
  const p = await probeTesseract();
  if (!p.available)
    throw new Error("needs Tesseract: apt install tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim");
  const dir = await mkdtemp(join(tmpdir(), "wenku-tesseract-"));
  try {
    const bad = join(dir, "bad.png");
    await writeFile(bad, "not a png");
    const limits = { timeoutMs: 30_000, memoryMb: 512, maxOutputBytes: 1 << 20 };
    const run = (signal?: AbortSignal) =>
      runTesseract(p, bad, { languages: ["eng"], dpi: 300, limits, ...(signal ? { signal } : {}) });
    await expect(run()).rejects.toMatchObject({ name: "OcrError", kind: "failed" });
    const ac = new AbortController();
    ac.abort();
    await expect(run(ac.signal)).rejects.toBeInstanceOf(OcrError);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("the document's language picks tesseract's: English alone, Chinese with English, unknown with every one", () => {
  const both = ["chi_sim", "eng"];
  expect(languagesFor("en", both)).toEqual(["eng"]);
  expect(languagesFor("fr", both)).toEqual(["eng"]);
  expect(languagesFor("zh-CN", both)).toEqual(["chi_sim", "eng"]);
  expect(languagesFor("zh-TW", ["eng"])).toEqual(["eng"]);
  expect(languagesFor("", both)).toEqual(both);
  expect(languagesFor("ja", both)).toEqual(both);
  expect(languagesFor("en", ["chi_sim"])).toEqual(["chi_sim"]);
});

// OCR of scanned PDFs made by the test (text pages drawn as images, wrapped as image-only PDFs), with
// the real Tesseract, through the conversion worker and the OCR queue on the real NATS JetStream:
// the scan's words reach the stored text page by page, its lines the text layer; a job delivered
// again does nothing twice; a hostile page ends in a bounded failure of that page only.
import { writeFile } from "node:fs/promises";
import { createBus } from "@wenku/kit/bus";
import { testLogger, waitFor } from "@wenku/testkit";
import { makePdf, makeScanPdf } from "@wenku/testkit/documents";
import { TEST_NATS_URL } from "../../../../jest/env.js";
import { dir, hashOf, job, read, s, useWorkerTestbed } from "../../test/worker.fixture.js";
import { createConverter } from "../converter.js";
import { decodeJob, encodeJob, type Manifest, outputKeys } from "../job.js";
import { pageTextsOf } from "../text.js";
import { createOcrRequests, ocrChannel } from "./queue.js";
import { defaultOcrLimits, type OcrLimits, type Recognized, recognizeFile } from "./recognize.js";
import { probeTesseract } from "./tesseract.js";
import { startOcrWorker } from "./worker.js";

const tesseract = await probeTesseract();
if (!tesseract.available || tesseract.languages.length < 2) {
  throw new Error(
    `OCR tests need Tesseract with English and Simplified Chinese (${tesseract.problem ?? tesseract.languages.join(",")}): ` +
      "apt install tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim",
  );
}

useWorkerTestbed();
const converters: ReturnType<typeof createConverter>[] = [];
afterAll(async () => {
  await Promise.all(converters.map((c) => c.close()));
});
const converterOf = (mutool: "auto" | "off") => {
  const c = createConverter({ workRoot: dir, mutool, pool: { size: 1 } });
  converters.push(c);
  return c;
};

/** A document: a text page, then the scan of `lines` (page 2), then a blank page. */
const scanned = (lines: string[]) => {
  const text = makePdf({ pages: 1, lines: () => ["An ordinary text page", "普通文字页"] });
  const scan = makeScanPdf({ pages: 1, dpi: 200, lines: () => lines });
  return { text, scan };
};

/** Converts `pdf` through the worker, which asks the OCR worker; resolves with the recognition reports. */
async function convertAndRecognize(
  pdf: Uint8Array,
  doc: number,
  opts: { mutool?: "auto" | "off"; limits?: Partial<OcrLimits>; reports?: boolean } = {},
) {
  const converter = converterOf(opts.mutool ?? "auto");
  const reports: Recognized[] = [];
  const channel = ocrChannel(s.prefix);
  const { log } = testLogger();
  const bus = await createBus({ natsUrl: TEST_NATS_URL, log, name: `${s.prefix}_ocr` });
  s.buses.push(bus);
  const requests = createOcrRequests(bus, channel, s.storage);
  await s.start("conv", { afterConverted: (j) => requests.request(j) }, converter);
  const worker = await startOcrWorker({
    bus,
    storage: s.storage,
    sink: { onRecognized: async (_j, r) => void reports.push(r) },
    requests,
    scanner: converter,
    tesseract,
    limits: { ...defaultOcrLimits, ...opts.limits },
    log,
    ...channel,
    workDir: dir,
  });
  s.workers.push(worker);
  const hash = hashOf(doc);
  await s.upload(`originals/${doc}.pdf`, pdf);
  await s.publish(job(doc, hash, `originals/${doc}.pdf`));
  await waitFor(() => s.sink.converted(String(doc)) !== undefined, 60_000, "the conversion");
  const manifest = async () =>
    JSON.parse((await read(s.storage, outputKeys(hash).manifest)).toString("utf8")) as Manifest;
  const done = async () => {
    const o = (await manifest()).ocr;
    return o !== undefined && o.pages.length + o.failed.length === 2 && (opts.reports === false || reports.length > 0);
  };
  await waitFor(done, 120_000, "the OCR");
  const m = await manifest();
  const text = (await read(s.storage, outputKeys(hash).text)).toString("utf8");
  return { hash, m, pages: pageTextsOf(text, m.pageTextEnds), reports, converter };
}

/** Pages: the text page, the scan and a blank one, in one PDF (mupdf merges them). */
async function threePages(lines: string[]): Promise<Uint8Array> {
  const mupdf = await import("mupdf");
  const { text, scan } = scanned(lines);
  const out = new mupdf.PDFDocument(text);
  out.graftPage(-1, new mupdf.PDFDocument(scan), 0);
  out.insertPage(-1, out.addPage([0, 0, 595, 842], 0, out.addObject({}), ""));
  return out.saveToBuffer("compress").asUint8Array().slice();
}

test("an English scan: its words reach the stored text and the text layer of page 2 (native mutool)", async () => {
  const pdf = await threePages(["Quarterly reconciliation of ledgers", "Invoice number 4711 overdue"]);
  const { hash, m, pages, reports } = await convertAndRecognize(pdf, 201);
  expect(m.ocr?.pages).toEqual([2, 3]); // the blank page was read too and gave nothing
  expect(m.ocr?.failed).toEqual([]);
  expect(pages[0]).toContain("An ordinary text page");
  expect(pages[1]?.toLowerCase()).toContain("reconciliation");
  expect(pages[1]).toContain("4711");
  expect(pages[2]?.trim()).toBe("");
  // Page 2 is reported as it is recognised; a job asked again (a redelivered conversion) reports
  // what was done once more, harmlessly.
  expect(reports[0]?.pages).toEqual([2]);
  expect(reports.flatMap((r) => r.pages).every((p) => p === 2 || p === 3)).toBe(true);
  expect(reports.at(-1)?.textBytes).toBe(m.textBytes);
  // Done with: a restart does not ask for it again.
  await waitFor(async () => (await s.storage.stat(`ocr-pending/${hash}-201`)) === null, 10_000, "the pending job gone");
  const layer = JSON.parse((await read(s.storage, outputKeys(hash).pageText(2))).toString("utf8"));
  expect(layer).toMatchObject({ v: 1, w: 595, h: 842, src: "ocr" });
  const first = layer.lines[0];
  expect(first.t.toLowerCase()).toContain("reconciliation");
  // makePdf draws the first line at y = 90 − 14 pt (its baseline at 90), x = 60, 14 pt text.
  expect(first.x).toBeGreaterThan(50);
  expect(first.x).toBeLessThan(70);
  expect(first.y).toBeGreaterThan(68);
  expect(first.y).toBeLessThan(90);
  expect(first.h).toBeGreaterThan(6);
  expect(first.h).toBeLessThan(20);
});

test("a Chinese scan is read as Chinese, without spaces between the characters (MuPDF WASM)", async () => {
  const pdf = await threePages(["季度对账报告显示差异", "发票编号四七一一逾期"]);
  const { pages } = await convertAndRecognize(pdf, 202, { mutool: "off" });
  expect(pages[1]).toContain("对账报告");
  expect(pages[1]).toContain("发票编号");
});

test("a job delivered again recognises nothing twice and reports what was done", async () => {
  const pdf = await threePages(["Delivered twice but read once"]);
  const { hash, m, converter } = await convertAndRecognize(pdf, 203);
  const again: Recognized[] = [];
  const { log } = testLogger();
  const j = decodeJob(encodeJob(job(203, hash, "originals/203.pdf")));
  if (typeof j === "string") throw new Error(j);
  const r = await recognizeFile(
    {
      storage: s.storage,
      scanner: converter,
      tesseract,
      limits: defaultOcrLimits,
      log,
      workDir: dir,
      report: async (_j, rec) => void again.push(rec),
    },
    j,
    AbortSignal.timeout(30_000),
    () => {},
  );
  expect(r).toEqual({ recognized: [], failed: [] });
  expect(again).toEqual([{ pages: [2, 3], rendered: 3, textBytes: m.textBytes }]);
  const after = JSON.parse((await read(s.storage, outputKeys(hash).manifest)).toString("utf8")) as Manifest;
  expect(after.textBytes).toBe(m.textBytes);
});

test("hostile pages: tesseract over its time is killed, each page given up, the conversion stands", async () => {
  const mupdf = await import("mupdf");
  const huge = new mupdf.PDFDocument(makeScanPdf({ pages: 1, dpi: 100, pageSize: [14_400, 14_400] }));
  huge.graftPage(-1, new mupdf.PDFDocument(makeScanPdf({ pages: 1, lines: () => ["Never read in time"] })), 0);
  const pdf = huge.saveToBuffer("compress").asUint8Array().slice();
  const started = Date.now();
  const { m, pages } = await convertAndRecognize(pdf, 204, {
    limits: { maxPixels: 4_000_000, tesseract: { ...defaultOcrLimits.tesseract, timeoutMs: 150 } },
    reports: false,
  });
  expect(Date.now() - started).toBeLessThan(60_000);
  expect(m.ocr?.pages).toEqual([]);
  expect(m.ocr?.failed.map((f) => f.page)).toEqual([1, 2]);
  expect(m.ocr?.failed[0]?.reason).toMatch(/tesseract timeout/);
  expect(pages.every((p) => p.trim() === "")).toBe(true);
  // The conversion's outputs are untouched: the document stays readable.
  expect(m.rendered).toBe(2);
  expect(s.sink.converted("204")?.result.pages).toBe(2);
});

test.each(["auto", "off"] as const)("a page 5 m wide is drawn within the pixel budget (mutool %s)", async (mutool) => {
  const path = `${dir}/huge-${mutool}.pdf`;
  await writeFile(path, makeScanPdf({ pages: 1, dpi: 50, pageSize: [14_400, 14_400] }));
  const got: Array<{ w: number; h: number; dpi: number }> = [];
  await converterOf(mutool).scanPages(
    { path, ext: "pdf" },
    [1],
    async (_n, page) => {
      if (!("png" in page)) throw page;
      const png = Buffer.from(page.png);
      got.push({ w: png.readUInt32BE(16), h: png.readUInt32BE(20), dpi: page.dpi });
    },
    { dpi: 300, maxPixels: 4_000_000 },
  );
  expect(got).toHaveLength(1);
  expect((got[0]?.w ?? 0) * (got[0]?.h ?? 0)).toBeLessThanOrEqual(4_000_000);
  expect(got[0]?.w).toBeGreaterThan(1900);
  expect(got[0]?.dpi).toBeCloseTo(10, 0);
});

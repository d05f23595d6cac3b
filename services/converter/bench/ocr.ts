// A benchmark inside the converter: what OCR costs. The same generated pages (Chinese + Latin text)
// as a text PDF and as a scan (each page an image, 200 dpi grayscale), in one run:
//   (t) the text PDF converted (pages, cover, text): the baseline;
//   (s) the scan converted: what a scan costs before OCR (its pages are images);
//   (o) the scan converted, then OCR of every page as the OCR job runs it (draw the page at 300 dpi,
//       tesseract chi_sim+eng, store text and text layer), per page and split into draw and tesseract;
//   (e) the OCR with English only (tesseract's cost of the second language).
// Every run must recognise a word of every page, or the bench fails.
//
//   node --import tsx services/converter/bench/ocr.ts       (npm run bench:ocr -w @wenku/bench)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createStorage } from "@wenku/kit/storage";
import { makePdf, makeScanPdf } from "@wenku/testkit/documents";
import { convertFile } from "../src/convert-file.js";
import { createConverter } from "../src/converter.js";
import { decodeJob, encodeJob, outputKeys, parseManifest, readText } from "../src/job.js";
import { defaultOcrLimits, recognizeFile } from "../src/ocr/recognize.js";
import { probeTesseract } from "../src/ocr/tesseract.js";
import { pageTextsOf } from "../src/text.js";

const PAGES = Number(process.env.BENCH_OCR_PAGES ?? 4);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

const tesseract = await probeTesseract();
if (!tesseract.available)
  throw new Error(
    `needs Tesseract (${tesseract.problem}): apt install tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim`,
  );

const root = mkdtempSync(join(tmpdir(), "wenku-bench-ocr-"));
const log = { info: () => {}, warn: () => {}, error: (o: object, m?: string) => console.error(m, o) };
const converter = createConverter({ workRoot: root, pool: { size: 1 } });
try {
  const lines = (n: number) =>
    Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? `第${n}页第${i + 1}行：数字文库把扫描件变成可搜索的文字。`
        : `Page ${n} line ${i + 1}: scanned ledger number ${n}${i}.`,
    );
  const text = makePdf({ pages: PAGES, lines });
  const scan = makeScanPdf({ pages: PAGES, lines, dpi: 200 });
  const storage = await createStorage({ STORAGE_DIR: join(root, "storage") });
  await storage.put("originals/text.pdf", text);
  await storage.put("originals/scan.pdf", scan);
  let seq = 0;
  const jobOf = (key: string) => {
    const j = decodeJob(
      encodeJob({
        documentId: 1n,
        attachmentHash: (++seq).toString(16).padStart(32, "0"),
        storageKey: key,
        ext: ".pdf",
      }),
    );
    if (typeof j === "string") throw new Error(j);
    return j;
  };
  const convert = async (key: string) => {
    const job = jobOf(key);
    await convertFile({ storage, converter, log, workDir: root }, job, AbortSignal.timeout(600_000), () => {});
    return job;
  };

  /** One OCR of a freshly converted scan; the draw and tesseract times of each page. */
  const ocr = async (languages: string[]) => {
    const job = await convert("originals/scan.pdf");
    const draw: number[] = [];
    const read: number[] = [];
    const scanner = {
      scanPages: ((input, pages, each, opts) => {
        let t = performance.now();
        return converter.scanPages(
          input,
          pages,
          async (n, page) => {
            draw.push(performance.now() - t);
            const r0 = performance.now();
            await each(n, page);
            read.push(performance.now() - r0);
            t = performance.now();
          },
          opts,
        );
      }) as typeof converter.scanPages,
    };
    const t0 = performance.now();
    const r = await recognizeFile(
      {
        storage,
        scanner,
        tesseract: { ...tesseract, languages },
        limits: defaultOcrLimits,
        log,
        workDir: root,
        report: async () => {},
      },
      job,
      AbortSignal.timeout(600_000),
      () => {},
    );
    const ms = performance.now() - t0;
    if (r.recognized.length !== PAGES) throw new Error(`OCR recognised ${r.recognized.length} of ${PAGES} pages`);
    const keys = outputKeys(job.attachmentHash);
    const m = parseManifest((await readText(storage, keys.manifest)) ?? "", job.attachmentHash);
    const texts = pageTextsOf((await readText(storage, keys.text)) ?? "", m?.pageTextEnds ?? []);
    texts.forEach((t, i) => {
      if (!t.includes(`ledger number ${i + 1}`)) throw new Error(`page ${i + 1} was not read: ${t.slice(0, 120)}`);
    });
    return { ms, draw, read };
  };

  const textMs: number[] = [];
  const scanMs: number[] = [];
  const both: Awaited<ReturnType<typeof ocr>>[] = [];
  const eng: Awaited<ReturnType<typeof ocr>>[] = [];
  await convert("originals/text.pdf"); // warm-up
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    await convert("originals/text.pdf");
    textMs.push(performance.now() - t);
    t = performance.now();
    await convert("originals/scan.pdf");
    scanMs.push(performance.now() - t);
    both.push(await ocr(tesseract.languages));
    eng.push(await ocr(["eng"]));
  }
  const perPage = (runs: Awaited<ReturnType<typeof ocr>>[]) => ({
    ocrMsPerPage: median(runs.map((r) => r.ms)) / PAGES,
    drawMsPerPage: median(runs.flatMap((r) => r.draw)),
    tesseractMsPerPage: median(runs.flatMap((r) => r.read)),
  });
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg(), node: process.version },
    tesseract: { version: tesseract.version, languages: tesseract.languages },
    input: { pages: PAGES, textPdfBytes: text.length, scanPdfBytes: scan.length, runs: RUNS },
    textConversionMsPerPage: median(textMs) / PAGES,
    scanConversionMsPerPage: median(scanMs) / PAGES,
    ocr: perPage(both),
    ocrEnglishOnly: perPage(eng),
  };
  const f = (x: number) => x.toFixed(1);
  const conv = result.scanConversionMsPerPage;
  console.log(`\nOCR bench: ${PAGES} pages of 20 lines (Chinese + Latin), ${RUNS} runs, median per page\n`);
  console.table({
    "(t) text PDF converted": { "ms/page": f(result.textConversionMsPerPage), "× (t)": "1.00" },
    "(s) scan converted (no OCR)": { "ms/page": f(conv), "× (t)": (conv / result.textConversionMsPerPage).toFixed(2) },
    "(o) scan converted + OCR chi_sim+eng": {
      "ms/page": f(conv + result.ocr.ocrMsPerPage),
      "× (t)": ((conv + result.ocr.ocrMsPerPage) / result.textConversionMsPerPage).toFixed(2),
    },
    "(e) scan converted + OCR eng only": {
      "ms/page": f(conv + result.ocrEnglishOnly.ocrMsPerPage),
      "× (t)": ((conv + result.ocrEnglishOnly.ocrMsPerPage) / result.textConversionMsPerPage).toFixed(2),
    },
  });
  console.table({
    "chi_sim+eng": { "draw ms": f(result.ocr.drawMsPerPage), "tesseract+store ms": f(result.ocr.tesseractMsPerPage) },
    eng: {
      "draw ms": f(result.ocrEnglishOnly.drawMsPerPage),
      "tesseract+store ms": f(result.ocrEnglishOnly.tesseractMsPerPage),
    },
  });
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${cpus().length} CPUs`,
  );
  const resultsDir = fileURLToPath(new URL("../../../bench/results/", import.meta.url));
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `ocr-${result.date.replace(/[:.]/g, "-").slice(0, 19)}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwrote ${file}`);
} finally {
  await converter.close();
  rmSync(root, { recursive: true, force: true });
}

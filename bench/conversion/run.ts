// Conversion throughput: our converter (MuPDF WASM, SVG per page + gzip) against `mutool convert -F svg`
// on the same generated 100-page PDF (Chinese + Latin text, vector shapes), hyperfine-style (warm-up,
// several runs, median); and LibreOffice DOCX → PDF seconds per document, cold (fresh profile) and warm.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createConverter, createOfficeConverter } from "@wenku/content/conversion";
import { makeDocx, makePdf } from "@wenku/content/fixtures";

const PAGES = Number(process.env.BENCH_PAGES ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const OFFICE_RUNS = Number(process.env.BENCH_OFFICE_RUNS ?? 3);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

async function timeRuns(runs: number, fn: () => Promise<void> | void): Promise<number[]> {
  await fn(); // warm-up (WASM compile, page cache)
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  return ms;
}

const root = mkdtempSync(join(tmpdir(), "wenku-bench-conv-"));
try {
  const lines = (n: number) =>
    Array.from({ length: 28 }, (_, i) =>
      i % 2 === 0
        ? `第${n}页第${i + 1}行：数字文库把上传的文档转换为矢量页面，供在线阅读。`
        : `Page ${n}, line ${i + 1}: the quick brown fox jumps over the lazy dog.`,
    );
  const pdfPath = join(root, "in.pdf");
  const t0 = performance.now();
  writeFileSync(pdfPath, makePdf({ pages: PAGES, lines, shapes: true }));
  const genMs = performance.now() - t0;

  // (1) ours: SVG + gzip per page, written to a directory, plus cover and text.
  const conv = createConverter({ office: { profileRoot: join(root, "p") }, workRoot: root });
  let last: Awaited<ReturnType<typeof conv.convert>> | undefined;
  const oursMs = await timeRuns(RUNS, async () => {
    const out = join(root, "ours");
    rmSync(out, { recursive: true, force: true });
    last = await conv.convert({ path: pdfPath, ext: "pdf" }, { dir: out });
  });
  if (!last || last.pages !== PAGES || readdirSync(join(root, "ours")).length !== PAGES * 2 + 1) {
    throw new Error("our converter did not write every page");
  }

  // (2) mutool convert -F svg (Debian mupdf-tools, native): SVG only, no gzip, no cover, no text.
  const mutoolMs = await timeRuns(RUNS, () => {
    const out = join(root, "mutool");
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out);
    execFileSync("mutool", ["convert", "-F", "svg", "-o", join(out, "page-%d.svg"), pdfPath], { stdio: "ignore" });
  });
  const mutoolVersion = execFileSync("mutool", ["-v"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
    .toString()
    .trim();

  // (3) LibreOffice DOCX → PDF: cold (new profile every run) and warm (one profile reused).
  const docxPath = join(root, "in.docx");
  writeFileSync(
    docxPath,
    makeDocx(
      Array.from({ length: 60 }, (_, i) => `第${i + 1}段 文库转换基准测试 Benchmark paragraph ${i + 1}.`),
      { pageBreaks: false },
    ),
  );
  const cold: number[] = [];
  for (let i = 0; i < OFFICE_RUNS; i++) {
    const office = createOfficeConverter({ profileRoot: join(root, `cold-${i}`) });
    const work = join(root, `cw-${i}`);
    mkdirSync(work);
    const t = performance.now();
    await office.toPdf(docxPath, "docx", work);
    cold.push(performance.now() - t);
    await office.close();
  }
  const warmOffice = createOfficeConverter({ profileRoot: join(root, "warm") });
  let wi = 0;
  const warm = await timeRuns(OFFICE_RUNS, async () => {
    const work = join(root, `ww-${wi++}`);
    mkdirSync(work);
    await warmOffice.toPdf(docxPath, "docx", work);
  });
  await warmOffice.close();
  await conv.close();

  const ours = median(oursMs);
  const mutool = median(mutoolMs);
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg(), node: process.version },
    input: { pages: PAGES, pdfBytes: execFileSync("stat", ["-c", "%s", pdfPath]).toString().trim(), genMs },
    ours: {
      medianMs: ours,
      pagesPerSec: (PAGES / ours) * 1000,
      msPerPage: ours / PAGES,
      runsMs: oursMs,
      svgBytesPerPage: Math.round((last?.svgBytes ?? 0) / PAGES),
      gzipBytesPerPage: Math.round((last?.gzipBytes ?? 0) / PAGES),
      includes: "SVG (text=path) + gzip per page, cover PNG, text extraction, file writes",
    },
    mutool: {
      version: mutoolVersion,
      medianMs: mutool,
      pagesPerSec: (PAGES / mutool) * 1000,
      msPerPage: mutool / PAGES,
      runsMs: mutoolMs,
    },
    ratioOursToMutool: ours / mutool,
    office: { docxToPdfColdMs: cold, docxToPdfWarmMs: warm, coldMedianMs: median(cold), warmMedianMs: median(warm) },
  };

  const f = (x: number) => x.toFixed(1);
  console.log(`\nConversion bench: ${PAGES}-page PDF (CJK + Latin + shapes), ${RUNS} runs after a warm-up, median\n`);
  console.table({
    "ours (MuPDF WASM, SVG+gzip+cover+text)": {
      "median ms": f(ours),
      "pages/s": f(result.ours.pagesPerSec),
      "ms/page": f(result.ours.msPerPage),
    },
    "mutool convert -F svg (native)": {
      "median ms": f(mutool),
      "pages/s": f(result.mutool.pagesPerSec),
      "ms/page": f(result.mutool.msPerPage),
    },
  });
  console.log(`ours / mutool time ratio: ${result.ratioOursToMutool.toFixed(2)}×`);
  console.log(
    `SVG ${result.ours.svgBytesPerPage} B/page, gzip ${result.ours.gzipBytesPerPage} B/page (${f(result.ours.svgBytesPerPage / Math.max(1, result.ours.gzipBytesPerPage))}×)`,
  );
  console.table({
    "DOCX → PDF cold (new profile)": { "median s": (median(cold) / 1000).toFixed(2) },
    "DOCX → PDF warm (profile reused)": { "median s": (median(warm) / 1000).toFixed(2) },
  });
  if (loadavg()[0]! > cpus().length) console.log(`warning: load average ${loadavg()[0]} exceeds ${cpus().length} CPUs`);
  const resultsDir = fileURLToPath(new URL("../results/", import.meta.url));
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `conversion-${result.date.replace(/[:.]/g, "-").slice(0, 19)}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwrote ${file}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}

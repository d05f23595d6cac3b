// A benchmark inside the converter (it measures the converter's own modules, imported by path).
// Conversion throughput: our converter on both render paths (native mutool, MuPDF WASM; SVG per page
// + gzip, cover, text, text layer; each without the text layer; each drawing only the preview's pages,
// as before every page was rendered) against `mutool convert -F svg` on the same generated 100-page PDF (Chinese +
// Latin text, vector shapes), hyperfine-style (warm-up, several runs, median wall time, and CPU time
// of this process and its children per run); and LibreOffice DOCX → PDF seconds per document, cold
// (fresh profile) and warm.
//
//   node --import tsx services/converter/bench/conversion.ts     (npm run bench:conversion -w @wenku/bench)
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { makeDocx, makePdf } from "@wenku/testkit/documents";
import { createConverter } from "../src/converter.js";
import { createOfficeConverter } from "../src/office.js";

const PAGES = Number(process.env.BENCH_PAGES ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const OFFICE_RUNS = Number(process.env.BENCH_OFFICE_RUNS ?? 3);
/** The converter's gzip level (unset: its default), e.g. 6 to measure it as it was. */
const GZIP_LEVEL = process.env.BENCH_GZIP_LEVEL ? Number(process.env.BENCH_GZIP_LEVEL) : undefined;
/** Pages drawn by the "preview only" runs: converter.max_preview's default (12). */
const PREVIEW = Number(process.env.BENCH_PREVIEW ?? 12);

/** Bytes of every file under `dir` (what a conversion stores). */
const storedBytes = (dir: string) => readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

const ticksPerSec = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"]).toString()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU ms of this process (threads included) and of its children that have exited (Linux /proc). */
function cpuMs(): number {
  const own = process.cpuUsage();
  let children = 0;
  try {
    // Fields 16 and 17 (cutime, cstime) in clock ticks; after the ")" that ends the command name.
    const f = readFileSync("/proc/self/stat", "latin1").split(") ")[1]?.split(" ") ?? [];
    children = ((Number(f[13]) + Number(f[14])) * 1000) / ticksPerSec;
  } catch {}
  return (own.user + own.system) / 1000 + children;
}

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

  // (1) ours, per render path: SVG + gzip per page, written to a directory, plus cover and text.
  // CPU: from after the warm-up to the converter's close (which waits for its mutool processes).
  // textLayer false: without page-N.text.json (the converter before #27), the text layer's baseline.
  // preview: only pages 1…PREVIEW drawn (text still from every page), as before #27 drew them all.
  const ours = async (mutool: "auto" | "off", textLayer = true, preview = false) => {
    const conv = createConverter({ office: { profileRoot: join(root, "p") }, workRoot: root, mutool });
    let last: Awaited<ReturnType<typeof conv.convert>> | undefined;
    const out = join(root, `ours-${mutool}-${textLayer}-${preview}`);
    const drawn = preview ? Math.min(PREVIEW, PAGES) : PAGES;
    const run = async () => {
      rmSync(out, { recursive: true, force: true });
      last = await conv.convert(
        { path: pdfPath, ext: "pdf" },
        { dir: out },
        {
          textLayer,
          ...(preview ? { maxPages: PREVIEW } : {}),
          ...(GZIP_LEVEL === undefined ? {} : { gzipLevel: GZIP_LEVEL }),
        },
      );
    };
    await run(); // warm-up (WASM compile, page cache)
    const c0 = cpuMs();
    const runsMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await run();
      runsMs.push(performance.now() - t0);
    }
    await conv.close();
    const cpu = (cpuMs() - c0) / RUNS;
    if (!last || last.pages !== PAGES || readdirSync(out).length !== drawn * (textLayer ? 3 : 2) + 1) {
      throw new Error(`our converter (mutool=${mutool}) did not write every page`);
    }
    return { runsMs, cpuMs: cpu, last, bytes: storedBytes(out) };
  };
  const native = await ours("auto");
  const nativeNoLayer = await ours("auto", false);
  const wasm = await ours("off");
  const wasmNoLayer = await ours("off", false);
  const nativePreview = await ours("auto", true, true);
  const wasmPreview = await ours("off", true, true);

  // (2) mutool convert -F svg (Debian mupdf-tools, native): SVG only, no gzip, no cover, no text.
  let m0 = 0;
  let calls = 0;
  const mutoolMs = await timeRuns(RUNS, () => {
    if (calls++ === 1) m0 = cpuMs(); // from after the warm-up
    const out = join(root, "mutool");
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out);
    execFileSync("mutool", ["convert", "-F", "svg", "-o", join(out, "page-%d.svg"), pdfPath], { stdio: "ignore" });
  });
  const mutoolCpu = (cpuMs() - m0) / RUNS;
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
  // BENCH_OFFICE_RUNS=0: no LibreOffice runs.
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
    if (!OFFICE_RUNS) return;
    const work = join(root, `ww-${wi++}`);
    mkdirSync(work);
    await warmOffice.toPdf(docxPath, "docx", work);
  });
  await warmOffice.close();

  const mutool = median(mutoolMs);
  const path = (r: typeof native) => {
    const ms = median(r.runsMs);
    return {
      medianMs: ms,
      pagesPerSec: (PAGES / ms) * 1000,
      msPerPage: ms / PAGES,
      runsMs: r.runsMs,
      cpuMsPerRun: r.cpuMs,
      ratioToMutool: ms / mutool,
      cpuRatioToMutool: r.cpuMs / mutoolCpu,
      svgBytesPerPage: Math.round((r.last?.svgBytes ?? 0) / PAGES),
      gzipBytesPerPage: Math.round((r.last?.gzipBytes ?? 0) / PAGES),
      /** Every file the conversion wrote, per 100 pages of the document. */
      storedBytesPer100Pages: Math.round((r.bytes * 100) / PAGES),
      includes: "SVG (text=path) + gzip per page, cover PNG, text extraction, file writes; text layer unless 'no'",
    };
  };
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg(), node: process.version },
    input: { pages: PAGES, pdfBytes: execFileSync("stat", ["-c", "%s", pdfPath]).toString().trim(), genMs },
    ours: path(native),
    oursWasm: path(wasm),
    oursNoTextLayer: path(nativeNoLayer),
    oursWasmNoTextLayer: path(wasmNoLayer),
    oursPreviewOnly: path(nativePreview),
    oursWasmPreviewOnly: path(wasmPreview),
    previewPages: Math.min(PREVIEW, PAGES),
    textLayerCost: {
      native: { time: median(native.runsMs) / median(nativeNoLayer.runsMs), cpu: native.cpuMs / nativeNoLayer.cpuMs },
      wasm: { time: median(wasm.runsMs) / median(wasmNoLayer.runsMs), cpu: wasm.cpuMs / wasmNoLayer.cpuMs },
    },
    everyPageCost: {
      native: {
        time: median(native.runsMs) / median(nativePreview.runsMs),
        cpu: native.cpuMs / nativePreview.cpuMs,
        bytes: native.bytes / nativePreview.bytes,
      },
      wasm: {
        time: median(wasm.runsMs) / median(wasmPreview.runsMs),
        cpu: wasm.cpuMs / wasmPreview.cpuMs,
        bytes: wasm.bytes / wasmPreview.bytes,
      },
    },
    mutool: {
      version: mutoolVersion,
      medianMs: mutool,
      pagesPerSec: (PAGES / mutool) * 1000,
      msPerPage: mutool / PAGES,
      runsMs: mutoolMs,
      cpuMsPerRun: mutoolCpu,
    },
    ratioOursToMutool: path(native).ratioToMutool,
    office: { docxToPdfColdMs: cold, docxToPdfWarmMs: warm, coldMedianMs: median(cold), warmMedianMs: median(warm) },
  };

  const f = (x: number) => x.toFixed(1);
  console.log(`\nConversion bench: ${PAGES}-page PDF (CJK + Latin + shapes), ${RUNS} runs after a warm-up, median\n`);
  const row = (r: {
    medianMs: number;
    pagesPerSec: number;
    msPerPage: number;
    cpuMsPerRun: number;
    storedBytesPer100Pages?: number;
  }) => ({
    "median ms": f(r.medianMs),
    "pages/s": f(r.pagesPerSec),
    "ms/page": f(r.msPerPage),
    "CPU ms/run": f(r.cpuMsPerRun),
    "× mutool (time)": (r.medianMs / mutool).toFixed(2),
    "× mutool (CPU)": (r.cpuMsPerRun / mutoolCpu).toFixed(2),
    "MB stored/100 pages": r.storedBytesPer100Pages === undefined ? "" : (r.storedBytesPer100Pages / 1e6).toFixed(2),
  });
  console.table({
    "ours, native mutool (SVG+gzip+cover+text+layer)": row(result.ours),
    "ours, native mutool, no text layer": row(result.oursNoTextLayer),
    "ours, MuPDF WASM (SVG+gzip+cover+text+layer)": row(result.oursWasm),
    "ours, MuPDF WASM, no text layer": row(result.oursWasmNoTextLayer),
    [`ours, native mutool, preview only (${result.previewPages} pages drawn)`]: row(result.oursPreviewOnly),
    [`ours, MuPDF WASM, preview only (${result.previewPages} pages drawn)`]: row(result.oursWasmPreviewOnly),
    "mutool convert -F svg (native, SVG only)": row(result.mutool),
  });
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${cpus().length} CPUs`,
  );
  const cost = (c: { time: number; cpu: number }) => `${c.time.toFixed(2)}× time, ${c.cpu.toFixed(2)}× CPU`;
  console.log(
    `text layer: native ${cost(result.textLayerCost.native)}; WASM ${cost(result.textLayerCost.wasm)} (against no layer)`,
  );
  const every = (c: { time: number; cpu: number; bytes: number }) => `${cost(c)}, ${c.bytes.toFixed(2)}× bytes`;
  console.log(
    `every page drawn: native ${every(result.everyPageCost.native)}; WASM ${every(result.everyPageCost.wasm)} (against the preview's ${result.previewPages})`,
  );
  console.log(
    `SVG ${result.ours.svgBytesPerPage} B/page, gzip ${result.ours.gzipBytesPerPage} B/page (${f(result.ours.svgBytesPerPage / Math.max(1, result.ours.gzipBytesPerPage))}×)`,
  );
  console.table({
    "DOCX → PDF cold (new profile)": { "median s": (median(cold) / 1000).toFixed(2) },
    "DOCX → PDF warm (profile reused)": { "median s": (median(warm) / 1000).toFixed(2) },
  });
  if (loadavg()[0]! > cpus().length) console.log(`warning: load average ${loadavg()[0]} exceeds ${cpus().length} CPUs`);
  const resultsDir = fileURLToPath(new URL("../../../bench/results/", import.meta.url));
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `conversion-${result.date.replace(/[:.]/g, "-").slice(0, 19)}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwrote ${file}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}

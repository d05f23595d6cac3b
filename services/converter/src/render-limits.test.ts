// The converter against hostile PDFs built here: MuPDF runs in render threads, each page under a
// time budget, an output cap and a WASM memory cap, and the test process's event loop keeps turning
// while a page that would take minutes renders.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { makeHostilePdf, makeImageBombPdf, makePdf } from "@wenku/testkit/documents";
import { testMutoolMode } from "../test/mutool.js";
import { type Converter, type ConverterOptions, createConverter } from "./converter.js";

let dir: string;
const converters: Converter[] = [];
let seq = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "wenku-limits-test-"));
});
afterAll(async () => {
  await Promise.all(converters.map((c) => c.close()));
  await rm(dir, { recursive: true, force: true });
});

function converter(opts: ConverterOptions): Converter {
  const c = createConverter({
    workRoot: dir,
    mutool: testMutoolMode(),
    ...opts,
    pool: { size: 1, memoryLimitMb: 512, ...opts.pool },
  });
  converters.push(c);
  return c;
}
async function file(data: Uint8Array): Promise<string> {
  const p = join(dir, `in-${++seq}.pdf`);
  await writeFile(p, data);
  return p;
}

/** The largest delay of a 10 ms timer while `work` runs: how long the event loop was blocked at most. */
async function loopLag<T>(work: () => Promise<T>): Promise<{ value: T | undefined; error: unknown; maxLagMs: number }> {
  let maxLagMs = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    maxLagMs = Math.max(maxLagMs, now - last - 10);
    last = now;
  }, 10);
  try {
    return { value: await work(), error: undefined, maxLagMs };
  } catch (error) {
    return { value: undefined, error, maxLagMs };
  } finally {
    clearInterval(timer);
  }
}

test("a page whose SVG is over the output cap is served as a raster image inside its SVG", async () => {
  // 10⁴ fills: a 2.4 MB SVG, over a 1 MB cap.
  const conv = converter({ limits: { maxPageBytes: 1 << 20, pageTimeoutMs: 30_000 } });
  const out = join(dir, `out-${++seq}`);
  const r = await conv.convert({ path: await file(makeHostilePdf(4)), ext: "pdf" }, { dir: out });
  expect(r).toMatchObject({ pages: 1, rendered: 1, rasterPages: [1], width: 595, height: 842 });
  const svg = await readFile(join(out, "page-1.svg"));
  expect(svg.length).toBeLessThan(1 << 20);
  const text = svg.toString();
  expect(text).toMatch(/^<svg [^>]*viewBox="0 0 595 842"/);
  expect(text).toContain('xlink:href="data:image/png;base64,');
  expect(gunzipSync(await readFile(join(out, "page-1.gzip.svg")))).toEqual(svg);
  expect(Buffer.from(r.cover).subarray(1, 4).toString()).toBe("PNG");
});

test("a million fills (the issue's 3 KB PDF): over the page budget as vectors and as a raster → final 'too_complex', the event loop never stalls", async () => {
  const budget = 1_500;
  const conv = converter({ limits: { pageTimeoutMs: budget } });
  const pdf = makeHostilePdf(6);
  expect(pdf.length).toBeLessThan(4096);
  const path = await file(pdf);
  const t0 = performance.now();
  const { error, maxLagMs } = await loopLag(() =>
    conv.convert({ path, ext: "pdf" }, { dir: join(dir, `out-${++seq}`) }),
  );
  const ms = performance.now() - t0;
  expect(error).toMatchObject({ name: "ConversionError", reason: "too_complex", retryable: false });
  expect((error as Error).message).toMatch(/过于复杂/);
  expect((error as { detail: string }).detail).toMatch(/page 1 .*timeout/);
  // Two budgets (vector, raster) plus starting two threads; the old converter took 24 s on the main thread.
  expect(ms).toBeLessThan(2 * budget + 15_000);
  expect(maxLagMs).toBeLessThan(250);
});

test("a page needing more WASM memory than the cap: refused inside MuPDF, the page rendered again as a raster within the cap", async () => {
  // 6000² RGB: 108 MB decoded; MuPDF's SVG writer holds it whole (≈ 330 MB peak without a cap).
  const conv = converter({ pool: { size: 1, memoryLimitMb: 96 }, limits: { pageTimeoutMs: 60_000 } });
  const r = await conv.convert(
    { path: await file(makeImageBombPdf(6000)), ext: "pdf" },
    { dir: join(dir, `out-${++seq}`) },
  );
  expect(r.rasterPages).toEqual([1]);
  expect(r.peakMemoryBytes).toBeGreaterThan(0);
  expect(r.peakMemoryBytes).toBeLessThanOrEqual(96 * 2 ** 20);
  // The pool goes on converting ordinary documents.
  const ok = await conv.convert(
    { path: await file(makePdf({ pages: 2 })), ext: "pdf" },
    { dir: join(dir, `out-${++seq}`) },
  );
  expect(ok).toMatchObject({ pages: 2, rendered: 2, rasterPages: [] });
});

test("an abort interrupts MuPDF in the middle of a page at once (the thread is ended)", async () => {
  const conv = converter({ limits: { pageTimeoutMs: 120_000 } });
  const path = await file(makeHostilePdf(6));
  const ac = new AbortController();
  let abortedAt = 0;
  const convert = conv.convert({ path, ext: "pdf" }, { dir: join(dir, `out-${++seq}`) }, { signal: ac.signal });
  setTimeout(() => {
    abortedAt = performance.now();
    ac.abort(new Error("the worker is stopping"));
  }, 1_500);
  await expect(convert).rejects.toMatchObject({ reason: "aborted", retryable: true });
  expect(performance.now() - abortedAt).toBeLessThan(1_000);
});

test("a page past the preview limit whose text is over budget is skipped, not fatal", async () => {
  const conv = converter({ limits: { pageTimeoutMs: 1_500 } });
  const r = await conv.convert(
    { path: await file(makeHostilePdf(6, 10, { plainPagesBefore: 1 })), ext: "pdf" },
    { dir: join(dir, `out-${++seq}`) },
    { maxPages: 1 },
  );
  expect(r).toMatchObject({ pages: 2, rendered: 1, rasterPages: [], skippedTextPages: [2] });
  expect(r.pageTextEnds).toHaveLength(2);
});

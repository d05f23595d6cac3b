// Native mutool against MuPDF WASM on the same documents, and the native path's own limits (a hostile
// page, the output-file cap). Needs Debian mupdf-tools (CI installs it); without it only the probe
// and the pure helpers run.
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { makeEpub, makeHostilePdf, makePdf } from "@wenku/testkit/documents";
import { type Converter, type ConvertResult, createConverter } from "./converter.js";
import { createMutoolPool, unitlessSvgSize } from "./mutool.js";
import { probeMutool } from "./mutool.probe.js";
import { RenderError } from "./render-host.js";
import { describeTools, probeTools } from "./tools.js";

const native = await probeMutool("auto");
const withMutool = native.used ? describe : describe.skip;

let dir: string;
const converters: Converter[] = [];
let seq = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "wenku-mutool-test-"));
});
afterAll(async () => {
  await Promise.all(converters.map((c) => c.close()));
  await rm(dir, { recursive: true, force: true });
});

function converter(mutool: "auto" | "off", limits?: { pageTimeoutMs: number }): Converter {
  const c = createConverter({ workRoot: dir, mutool, pool: { size: 1 }, ...(limits ? { limits } : {}) });
  converters.push(c);
  return c;
}
async function file(ext: string, data: Uint8Array): Promise<string> {
  const p = join(dir, `in-${++seq}.${ext}`);
  await writeFile(p, data);
  return p;
}

/** Width and height from a PNG's IHDR. */
const pngSize = (png: Uint8Array) => ({ w: Buffer.from(png).readUInt32BE(16), h: Buffer.from(png).readUInt32BE(20) });

describe("the probe", () => {
  test("CONVERTER_MUTOOL=off: native mutool is not used, and the start-up lines say MuPDF WASM renders", async () => {
    const p = await probeMutool("off");
    expect(p).toMatchObject({ used: false, problem: "CONVERTER_MUTOOL=off" });
    const lines = describeTools({
      office: { available: true, path: "soffice", version: "LO" },
      cjkFonts: true,
      mutool: p,
    });
    expect(lines[0]).toContain("MuPDF (built in, WASM); native mutool not used: CONVERTER_MUTOOL=off");
  });

  test("a missing mutool: not used, and the start-up lines say what to install", async () => {
    const p = await probeMutool("auto", join(tmpdir(), "no-such-mutool"));
    expect(p).toMatchObject({ used: false, problem: expect.stringContaining("not found") });
    expect(
      describeTools({ office: { available: false, path: "soffice" }, cjkFonts: true, mutool: p }).join("\n"),
    ).toContain("apt install mupdf-tools");
  });

  test("mutool's SVG size in points becomes plain numbers, as the WASM writer writes it; the rest is untouched", () => {
    const svg = Buffer.from(
      '<svg xmlns="x" version="1.1" width="595pt" height="842pt" viewBox="0 0 595 842">\n<g/></svg>',
    );
    expect(unitlessSvgSize(svg).toString()).toBe(
      '<svg xmlns="x" version="1.1" width="595" height="842" viewBox="0 0 595 842">\n<g/></svg>',
    );
  });
});

withMutool("native mutool", () => {
  test("the start-up lines name the native mutool and its version", async () => {
    const p = await probeTools({ mutool: "auto" });
    expect(p.mutool).toMatchObject({ used: true, version: expect.stringMatching(/^\d+\.\d+/) });
    expect(describeTools(p)[0]).toContain(`MuPDF native (mutool ${p.mutool?.version}`);
  });

  async function both(ext: string, data: Uint8Array): Promise<{ n: ConvertResult; w: ConvertResult; outs: string[] }> {
    const path = await file(ext, data);
    const outs = [join(dir, `out-${++seq}`), join(dir, `out-${++seq}`)];
    const n = await converter("auto").convert({ path, ext }, { dir: outs[0] ?? "" });
    const w = await converter("off").convert({ path, ext }, { dir: outs[1] ?? "" });
    return { n, w, outs };
  }

  test("a PDF: the same pages, text, sizes and cover as MuPDF WASM; every page an SVG with its paths and a gzip of it", async () => {
    const pdf = makePdf({ pages: 3, shapes: true, lines: (n) => [`第${n}页 原生转换`, `Native page ${n}`] });
    const { n, w, outs } = await both("pdf", pdf);
    const same = ["pages", "rendered", "width", "height", "text", "pageTextEnds", "previewText", "format"] as const;
    for (const k of same) expect(n[k]).toEqual(w[k]);
    expect(n.text).toContain("第2页 原生转换");
    expect(pngSize(n.cover)).toEqual(pngSize(w.cover));
    expect(n.peakMemoryBytes).toBeGreaterThan(0);
    for (let page = 1; page <= 3; page++) {
      const [a, b] = await Promise.all(outs.map((o) => readFile(join(o, `page-${page}.svg`), "utf8")));
      const head = (s = "") => /<svg [^>]*?(width="[^"]*" height="[^"]*" viewBox="[^"]*")/.exec(s)?.[1];
      expect(head(a)).toBe('width="595" height="842" viewBox="0 0 595 842"');
      expect(head(a)).toBe(head(b));
      expect(a).not.toContain("<text");
      // The glyphs as paths: as many as WASM draws, within a few percent of its bytes.
      const paths = (s = "") => s.split("<path").length;
      expect(paths(a)).toBe(paths(b));
      expect(Math.abs((a?.length ?? 0) - (b?.length ?? 0))).toBeLessThan((b?.length ?? 0) * 0.05);
      expect(gunzipSync(await readFile(join(outs[0] ?? "", `page-${page}.gzip.svg`))).toString()).toBe(a);
    }
  });

  test("an EPUB is laid out on A4 as in WASM: the same pages and text (MuPDF versions break lines apart)", async () => {
    const chapters = Array.from({ length: 3 }, (_, i) => `<p>第${i + 1}章 ${"文库的电子书。".repeat(200)}</p>`);
    const { n, w } = await both("epub", makeEpub("原生", chapters));
    expect(n.pages).toBeGreaterThan(1);
    expect(n).toMatchObject({ pages: w.pages, width: w.width, height: w.height });
    const words = (s: string) => s.replace(/\s+/g, "");
    expect(words(n.text)).toBe(words(w.text));
  });

  test("the issue's hostile PDF fails as too complex after its vector and raster budgets", async () => {
    const conv = converter("auto", { pageTimeoutMs: 1_000 });
    const err = await conv
      .convert({ path: await file("pdf", makeHostilePdf(6)), ext: "pdf" }, { dir: join(dir, `out-${++seq}`) })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "ConversionError", reason: "too_complex", retryable: false });
    expect((err as { detail: string }).detail).toMatch(/page 1 \(vector: timeout; raster\): timeout/);
  });

  test("a file over the output cap ends the process (SIGXFSZ): the call fails as crashed, the next one starts afresh", async () => {
    // 10⁴ fills: a 2.4 MB SVG, over a 1 MiB file cap.
    const pool = createMutoolPool({
      path: native.path,
      size: 1,
      memoryLimitMb: 512,
      maxFileBytes: 1 << 20,
      workRoot: dir,
    });
    try {
      const lease = await pool.acquire();
      await lease.open(await file("pdf", makeHostilePdf(4)), "pdf", 30_000);
      const call = { index: 0, text: false, coverWidth: 0, maxBytes: 8 << 20, dpi: 72 };
      const err = await lease.page({ ...call, mode: "svg" }, 30_000).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RenderError);
      expect(err).toMatchObject({ kind: "crashed", message: expect.stringContaining("SIGXFSZ") });
      const raster = await lease.page({ ...call, mode: "raster" }, 30_000);
      expect(lease.restarts).toBe(1);
      expect(raster).toMatchObject({ raster: true, width: 595, height: 842 });
      expect(Buffer.from(raster.svg ?? []).toString()).toContain("data:image/png;base64,");
      lease.release();
    } finally {
      await pool.close();
    }
  });

  test("a page asked for ahead that is not the one the caller wants: its process is ended, the call runs in a fresh one", async () => {
    const pool = createMutoolPool({
      path: native.path,
      size: 1,
      memoryLimitMb: 512,
      maxFileBytes: 32 << 20,
      workRoot: dir,
    });
    try {
      const lease = await pool.acquire();
      // Page 1 plain, page 2 a million fills: its SVG would take far longer than any budget here.
      await lease.open(await file("pdf", makeHostilePdf(6, 10, { plainPagesBefore: 1 })), "pdf", 30_000);
      const call = { index: 0, mode: "svg" as const, text: true, coverWidth: 0, maxBytes: 8 << 20, dpi: 72 };
      const first = await lease.page(call, 30_000, undefined, { ...call, index: 1 });
      expect(first).toMatchObject({ width: 595, height: 842, svg: expect.any(Buffer) });
      // The caller wants page 2's text only (past the preview limit): the SVG started ahead is dropped.
      const err = await lease.page({ ...call, index: 1, mode: "text" }, 1_000).catch((e: unknown) => e);
      expect(lease.restarts).toBe(1);
      expect(err).toMatchObject({ kind: "timeout", message: expect.stringContaining("(page)") });
      lease.release();
    } finally {
      await pool.close();
    }
  });

  test("a process is kept for the next conversion (a new one costs more than a small document), not past maxDocuments", async () => {
    const root = await mkdtemp(join(dir, "reuse-"));
    /** The mutool processes of this pool now (their command line names its directory). */
    const processes = async () => {
      const pids: number[] = [];
      for (const pid of (await readdir("/proc")).filter((d) => /^\d+$/.test(d))) {
        const cmd = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
        if (cmd.includes(root)) pids.push(Number(pid));
      }
      return pids;
    };
    const pool = createMutoolPool({
      path: native.path,
      size: 1,
      memoryLimitMb: 512,
      maxFileBytes: 32 << 20,
      workRoot: root,
      maxDocuments: 2,
    });
    try {
      const path = await file("pdf", makePdf({ pages: 2 }));
      const seen: number[][] = [];
      for (let doc = 0; doc < 3; doc++) {
        const lease = await pool.acquire();
        await lease.open(path, "pdf", 30_000);
        const page = await lease.page(
          { index: 1, mode: "svg", text: true, coverWidth: 0, maxBytes: 8 << 20, dpi: 72 },
          30_000,
        );
        expect(page.text).toContain("第2页");
        seen.push(await processes());
        lease.release();
      }
      expect(seen[0]).toHaveLength(1);
      expect(seen[1]).toEqual(seen[0]); // the same process, its second document
      expect(seen[2]?.some((pid) => pid !== seen[0]?.[0])).toBe(true); // a fresh one after maxDocuments
    } finally {
      await pool.close();
    }
  });
});

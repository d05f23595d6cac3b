// One render worker thread (started by render-pool.ts through render-thread.boot.mjs): MuPDF WASM
// for one open document at a time, one request at a time. Everything here may run as long as it
// likes: the parent ends the thread (Worker.terminate interrupts WASM) when a request outlives its
// budget, and the event loop of the service never waits on it.
//
// Memory: V8's resourceLimits do not cover WebAssembly memory, so the WASM memory is capped here:
// WebAssembly.Memory.prototype.grow is wrapped before MuPDF is loaded. Emscripten grows the heap
// through that method and treats a throw as a failed allocation, so MuPDF fails the current call
// with an out-of-memory error instead of growing past the cap; each growth is reported to the parent.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import type * as Mupdf from "mupdf";
import {
  coverProbeWidth,
  type FailureKind,
  type PageReply,
  type PageRequest,
  type ThreadData,
  type ThreadReply,
  type ThreadRequest,
} from "./render-protocol.js";
import { pageTextFromStextJson, STEXT_JSON_SCALE } from "./stext.js";

const port = parentPort;
if (!port) throw new Error("render-thread.ts runs inside a worker thread");
const { memoryLimitBytes } = workerData as ThreadData;

/** WebAssembly, typed here: this project's TypeScript libs carry no WebAssembly declarations. */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(delta: number): number;
}
interface Wasm {
  Memory: { prototype: WasmMemory };
  instantiate(...args: unknown[]): Promise<unknown>;
}
const wasm = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;
const memoryProto = wasm.Memory.prototype;

/** MuPDF's memory, found among the exports of the instance it creates (its size before any growth). */
let mupdfMemory: WasmMemory | undefined;
const instantiate = wasm.instantiate;
wasm.instantiate = async function (...args: unknown[]) {
  const result = await instantiate.apply(this, args);
  const instance = (result as { instance?: unknown }).instance ?? result;
  const exports = (instance as { exports?: Record<string, unknown> }).exports ?? {};
  mupdfMemory ??= Object.values(exports).find((e): e is WasmMemory => e instanceof (wasm.Memory as never));
  return result;
};

let capHit = false;
const grow = memoryProto.grow;
memoryProto.grow = function (this: WasmMemory, delta: number): number {
  const next = this.buffer.byteLength + delta * 65536;
  if (next > memoryLimitBytes) {
    capHit = true;
    throw new RangeError(`WASM memory limit of ${memoryLimitBytes} bytes reached`);
  }
  const before = grow.call(this, delta);
  port.postMessage({ type: "memory", bytes: next } satisfies ThreadReply);
  return before;
};

const mupdf: typeof Mupdf = await import("mupdf");
// MuPDF prints warnings ("ICC support is not available", repaired xref …) to the console unless routed.
mupdf.setLog({ error: () => {}, warning: () => {} });

/** Extensions MuPDF lays out itself (no fixed pages): laid out on A4 with a 12 pt em. */
const reflowable = new Set(["epub", "mobi", "fb2"]);
const a4 = { w: 595, h: 842, em: 12 };

interface Open {
  doc: Mupdf.Document;
  close(): void;
}
let current: Open | undefined;

class RenderFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
  ) {
    super(message);
  }
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

function closeCurrent(): void {
  current?.close();
  current = undefined;
  mupdf.emptyStore();
}

/** The file through a MuPDF Stream over a file descriptor: a large PDF is never copied whole into WASM memory. */
function openDocument(path: string, ext: string): { pages: number; format: string } {
  closeCurrent();
  const fd = openSync(path, "r");
  let fdOpen = true;
  const closeFd = () => {
    if (fdOpen) closeSync(fd);
    fdOpen = false;
  };
  let doc: Mupdf.Document | undefined;
  try {
    const size = fstatSync(fd).size;
    if (size === 0) throw new RenderFailure("empty", "the file is 0 bytes");
    const stream = new mupdf.Stream({
      fileSize: () => size,
      read: (memory, offset, length, position) => (fdOpen ? readSync(fd, memory, offset, length, position) : 0),
      close: () => {},
    });
    try {
      doc = mupdf.Document.openDocument(stream, `document.${ext}`);
    } catch (err) {
      throw new RenderFailure("corrupt", `MuPDF cannot open the ${ext} file: ${messageOf(err)}`);
    }
    if (doc.needsPassword() && !doc.authenticatePassword("")) {
      throw new RenderFailure("encrypted", "the document needs a password");
    }
    if (reflowable.has(ext)) doc.layout(a4.w, a4.h, a4.em);
    let pages: number;
    try {
      pages = doc.countPages();
    } catch (err) {
      throw new RenderFailure("corrupt", `cannot count pages: ${messageOf(err)}`);
    }
    if (pages <= 0) throw new RenderFailure("empty", "the document has no pages");
    const format = doc.getMetaData(mupdf.Document.META_FORMAT) ?? ext.toUpperCase();
    const opened = doc;
    current = {
      doc: opened,
      close() {
        opened.destroy();
        closeFd();
      },
    };
    return { pages, format };
  } catch (err) {
    doc?.destroy();
    closeFd();
    throw err;
  }
}

function svgOf(list: Mupdf.DisplayList, bounds: Mupdf.Rect): Uint8Array {
  const buf = new mupdf.Buffer();
  try {
    const writer = new mupdf.DocumentWriter(buf, "svg", "text=path");
    try {
      const dev = writer.beginPage(bounds);
      list.run(dev, mupdf.Matrix.identity);
      writer.endPage();
      writer.close();
    } finally {
      writer.destroy();
    }
    return buf.asUint8Array().slice(); // a view into WASM memory until copied
  } finally {
    buf.destroy();
  }
}

function pixmapOf(list: Mupdf.DisplayList, scale: number): Mupdf.Pixmap {
  return list.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
}

/**
 * The page as a raster image in an SVG (PNG, or JPEG when the PNG is over the cap, e.g. a photo):
 * the page routes and the viewer stay the same; the page CSP allows img-src data:.
 */
function rasterSvgOf(list: Mupdf.DisplayList, w: number, h: number, dpi: number, cap: number): Uint8Array | undefined {
  const pix = pixmapOf(list, dpi / 72);
  try {
    let type = "image/png";
    let img = pix.asPNG();
    if (img.length * 1.34 > cap) {
      type = "image/jpeg";
      img = pix.asJPEG(80);
    }
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
        `<image width="${w}" height="${h}" preserveAspectRatio="none" xlink:href="data:${type};base64,${Buffer.from(img).toString("base64")}"/></svg>\n`,
      "utf8",
    );
    return svg.length > cap ? undefined : new Uint8Array(svg); // a copy with its own buffer, to transfer
  } finally {
    pix.destroy();
  }
}

function coverOf(list: Mupdf.DisplayList, w: number, h: number, width: number): Uint8Array {
  // Very tall pages (scrolls, receipts) are capped at 4× the width in pixels.
  const pix = pixmapOf(list, Math.min(width / w, (width * 4) / h));
  try {
    return pix.asPNG().slice();
  } finally {
    pix.destroy();
  }
}

/** The resolution of a scan: `dpi`, lowered until the page has at most `maxPixels` pixels. */
function scanDpiOf(w: number, h: number, dpi: number, maxPixels: number): number {
  return Math.min(dpi, 72 * Math.sqrt(maxPixels / (w * h)));
}

/** The variance of the page's luminance at thumbnail size: how much a card's cover would show (0: uniform). */
function coverVarianceOf(list: Mupdf.DisplayList, w: number, h: number): number {
  const scale = Math.min(coverProbeWidth / w, (coverProbeWidth * 4) / h);
  const pix = list.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false);
  try {
    const px = pix.getPixels();
    let sum = 0;
    let squares = 0;
    for (const v of px) {
      sum += v;
      squares += v * v;
    }
    const mean = sum / Math.max(1, px.length);
    return squares / Math.max(1, px.length) - mean * mean;
  } finally {
    pix.destroy();
  }
}

/**
 * One page, interpreted once into a display list; the text and the text layer (one structured
 * text), the cover (page 1), then the SVG (text as paths, no fonts needed) or, in raster mode or when the SVG is over the output cap, a raster SVG.
 */
function renderPage(req: PageRequest): PageReply {
  if (!current) throw new RenderFailure("failed", "no document is open");
  const page = current.doc.loadPage(req.index);
  try {
    const bounds = page.getBounds();
    const [x0, y0, x1, y1] = bounds;
    const w = Math.max(1, x1 - x0);
    const h = Math.max(1, y1 - y0);
    const list = page.toDisplayList(true);
    try {
      const reply: PageReply = { width: Math.round(w * 100) / 100, height: Math.round(h * 100) / 100 };
      if (req.text || req.pageText) {
        const st = list.toStructuredText("preserve-whitespace");
        try {
          if (req.text) reply.text = st.asText();
          if (req.pageText) {
            const t = pageTextFromStextJson(st.asJSON(STEXT_JSON_SCALE), reply.width, reply.height);
            reply.pageText = t.json;
            if (t.truncated) reply.pageTextTruncated = true;
          }
        } finally {
          st.destroy();
        }
      }
      if (req.coverWidth > 0) {
        reply.cover = coverOf(list, w, h, req.coverWidth);
        reply.coverVariance = coverVarianceOf(list, w, h);
      }
      if (req.mode === "scan") {
        const dpi = scanDpiOf(w, h, req.dpi, req.maxPixels || 12e6);
        const pix = list.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceGray, false);
        try {
          reply.png = pix.asPNG().slice();
          reply.scanDpi = dpi;
        } finally {
          pix.destroy();
        }
        return reply;
      }
      if (req.mode === "text") return reply;
      if (req.mode === "svg") {
        const svg = svgOf(list, bounds);
        if (svg.length <= req.maxBytes) {
          reply.svg = svg;
          return reply;
        }
        reply.svgTooLarge = svg.length;
      }
      const raster = rasterSvgOf(list, reply.width, reply.height, req.dpi, req.maxBytes);
      if (raster) {
        reply.svg = raster;
        reply.raster = true;
      }
      return reply;
    } finally {
      list.destroy();
    }
  } finally {
    page.destroy();
  }
}

/** A WebAssembly trap (out-of-bounds access, unreachable): MuPDF's state can no longer be trusted. */
const isTrap = (err: unknown) => err instanceof Error && err.name === "RuntimeError";

function failureOf(err: unknown): { kind: FailureKind; message: string } {
  if (err instanceof RenderFailure) return { kind: err.kind, message: err.message };
  const message = messageOf(err);
  if (isTrap(err)) return { kind: "crashed", message: `WebAssembly trap: ${message}` };
  // MuPDF reports a refused allocation as "out of memory" / "malloc …"; V8 may surface the RangeError.
  if (capHit || /out of memory|malloc|memory limit/i.test(message)) return { kind: "memory", message };
  return { kind: "failed", message };
}

port.on("message", (req: ThreadRequest) => {
  capHit = false;
  let reply: ThreadReply;
  try {
    if (req.op === "open") {
      reply = { type: "reply", id: req.id, ok: true, value: openDocument(req.path, req.ext) };
    } else if (req.op === "page") {
      const value = renderPage(req);
      const transfer = [value.svg?.buffer, value.cover?.buffer, value.png?.buffer].filter(
        (b): b is ArrayBuffer => b instanceof ArrayBuffer,
      );
      port.postMessage({ type: "reply", id: req.id, ok: true, value } satisfies ThreadReply, transfer);
      return;
    } else {
      closeCurrent();
      reply = { type: "reply", id: req.id, ok: true, value: null };
    }
  } catch (err) {
    reply = { type: "reply", id: req.id, ok: false, error: failureOf(err) };
    // After a trap this thread's MuPDF is not trusted again: it ends, the pool starts a fresh one.
    if (isTrap(err)) setImmediate(() => process.exit(70));
  }
  port.postMessage(reply);
});

port.postMessage({ type: "memory", bytes: mupdfMemory?.buffer.byteLength ?? 0 } satisfies ThreadReply);
port.postMessage({ type: "ready" } satisfies ThreadReply);

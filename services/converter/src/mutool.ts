// Native MuPDF (`mutool run`, Debian mupdf-tools) as a RenderPool: the same calls as the WASM render
// threads (render-pool.ts), so mupdf-render.ts applies the same budgets and fallbacks to both; the
// render itself takes about 40 % less CPU than in WASM. A `mutool run` process (one conversion at a
// time, kept for the next) runs mutool.script.ts: it reads one JSON request per line on stdin (open,
// page, close), renders with a display list as render-thread.ts does, writes the page's SVG (text as
// paths), text, text layer lines and PNGs into the process's own temp directory (two slots, by page parity) and
// answers one line on stdout (a random mark, then JSON); this side reads the files. The next page
// (the caller's hint) is asked for at once, so the script renders it while this side gzips and
// stores the page before.
//
// Budgets, as in the WASM path:
//   - time: every call has its budget, from when the script starts on it; past it (or on abort)
//     the process is killed (SIGKILL), and the lease's next call starts a new one and reopens the
//     document;
//   - memory: the process's address space is capped (prlimit --as at the pool's memory limit):
//     MuPDF fails the allocation ("malloc … failed") and reports it as "memory";
//   - output: every file it writes is capped (prlimit --fsize); a larger write kills it (SIGXFSZ),
//     reported as "crashed". An SVG over the page cap becomes a raster page within the same call.
// stdout is line-buffered through `stdbuf -oL` (mutool flushes only at exit on a pipe); stderr joins
// it, in order, for the failure messages and the memory failures MuPDF only warns about. Everything
// this needs is probed once (mutool.probe.ts); without prlimit or stdbuf the native path is not used, so
// no limit is ever silently missing.
import { mkdtemp, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MutoolProcess, NotStarted, peakRss, untilAborted } from "./mutool.process.js";
import { mutoolScript, type ScriptPage } from "./mutool.script.js";
import { createIdleShelf, createLeaseSlots } from "./pool.js";
import { RenderError } from "./render-host.js";
import type { PageCall, RenderLease, RenderPool } from "./render-pool.js";
import type { OpenReply, PageReply } from "./render-protocol.js";
import { pageTextFromScript, pageTextFromStextJson, SCRIPT_PAGE_TEXT_MAX_BYTES } from "./stext.js";

/** mutool's SVG writer sizes the page in points ("595pt"); the WASM writer and the viewer use plain numbers. */
export function unitlessSvgSize(svg: Buffer): Buffer {
  const end = svg.indexOf(">");
  if (end < 0) return svg;
  const head = svg.subarray(0, end).toString("latin1");
  const fixed = head.replace(/ width="([\d.]+)pt" height="([\d.]+)pt"/, ' width="$1" height="$2"');
  return fixed === head ? svg : Buffer.concat([Buffer.from(fixed, "latin1"), svg.subarray(end)]);
}

/** The raster page as render-thread.ts wraps it: a PNG in an SVG <image>; undefined when over the cap. */
function rasterSvg(png: Buffer, w: number, h: number, cap: number): Uint8Array | undefined {
  if (png.length * 1.34 > cap) return undefined; // WASM falls back to JPEG here; mutool run has no JPEG encoder
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
      `<image width="${w}" height="${h}" preserveAspectRatio="none" xlink:href="data:image/png;base64,${png.toString("base64")}"/></svg>\n`,
    "utf8",
  );
  return svg.length > cap ? undefined : svg;
}

/**
 * The text layer the script wrote (MuPDF's stext.json, or the lines it collected: stext.ts), as
 * stored; an oversized file (the script keeps below) is not parsed on the event loop: the page gets
 * an empty, truncated layer.
 */
async function scriptPageText(
  dir: string,
  slot: number,
  s: ScriptPage,
): Promise<Pick<PageReply, "pageText" | "pageTextTruncated">> {
  const path = join(dir, s.pageText === "json" ? `j${slot}.json` : `x${slot}.json`);
  const t =
    (await stat(path)).size > SCRIPT_PAGE_TEXT_MAX_BYTES
      ? pageTextFromScript('{"lines":[],"cut":true}', s.width, s.height)
      : s.pageText === "json"
        ? pageTextFromStextJson(await readFile(path, "utf8"), s.width, s.height, 1)
        : pageTextFromScript(await readFile(path, "utf8"), s.width, s.height);
  return t.truncated ? { pageText: t.json, pageTextTruncated: true } : { pageText: t.json };
}

/** Whether an answer to `ahead` serves `call` (extracted text nobody asks for is ignored). */
function serves(ahead: PageCall, call: PageCall): boolean {
  return (
    ahead.index === call.index &&
    ahead.mode === call.mode &&
    ahead.coverWidth === call.coverWidth &&
    ahead.maxBytes === call.maxBytes &&
    ahead.dpi === call.dpi &&
    (ahead.text || !call.text) &&
    (ahead.pageText || !call.pageText)
  );
}

export interface MutoolPoolOptions {
  /** The probed binary. */
  path: string;
  /** Conversions rendering at once. */
  size: number;
  /** Address space of each mutool process, in MiB. */
  memoryLimitMb: number;
  /** Largest file a mutool process may write (the page SVG, its raster PNG, the cover), in bytes. */
  maxFileBytes: number;
  /** Root of the processes' temp directories (default the OS temp dir). */
  workRoot?: string;
  /** A process idle this long is ended (default 60 s). */
  idleMs?: number;
  /** A process is ended after this many documents (default 50): MuPDF's caches start afresh. */
  maxDocuments?: number;
}

/**
 * A RenderPool whose leases are `mutool run` processes, started on a lease's first call and kept
 * for the next conversion (a new process costs more than a small document): a process is ended when
 * idle for a minute, after maxDocuments, or when its peak memory passed half its limit.
 */
export function createMutoolPool(o: MutoolPoolOptions): RenderPool {
  const size = Math.max(1, o.size);
  const live = new Set<MutoolProcess>();
  const idleMs = o.idleMs ?? 60_000;
  const maxDocuments = o.maxDocuments ?? 50;
  const recycleBytes = (o.memoryLimitMb * 1024 * 1024) / 2;
  const idle = createIdleShelf<MutoolProcess>(idleMs);
  /** Documents each process has opened. */
  const documents = new WeakMap<MutoolProcess, number>();
  const slots = createLeaseSlots(size, "render process");
  let closed = false;
  let root: Promise<string> | undefined;

  const scriptDir = () => {
    root ??= (async () => {
      const d = await mkdtemp(join(o.workRoot ?? tmpdir(), "wenku-mutool-"));
      await writeFile(join(d, "convert.js"), mutoolScript);
      return d;
    })();
    return root;
  };

  /** An idle process, still alive, taken for a lease. */
  function takeIdle(): MutoolProcess | undefined {
    const p = idle.take();
    p?.ref();
    return p;
  }

  async function start(): Promise<MutoolProcess> {
    if (closed) throw new RenderError("aborted", "the render pool is closed");
    const base = await scriptDir();
    const dir = await mkdtemp(join(base, "p-"));
    const p = new MutoolProcess(
      {
        path: o.path,
        script: join(base, "convert.js"),
        memoryBytes: o.memoryLimitMb * 1024 * 1024,
        fileBytes: o.maxFileBytes,
      },
      dir,
    );
    live.add(p);
    void p.exited.then(() => {
      live.delete(p);
      return rm(dir, { recursive: true, force: true });
    });
    return p;
  }

  class Lease implements RenderLease {
    private proc: MutoolProcess | undefined;
    /** A page requested before it was asked for (the caller's hint). */
    private ahead: { call: PageCall; proc: MutoolProcess; answer: Promise<ScriptPage>; settled: boolean } | undefined;
    private doc: { path: string; ext: string; budgetMs: number } | undefined;
    private opened = false;
    private peak = 0;
    restarts = 0;
    private done = false;

    get peakMemoryBytes(): number {
      if (this.proc?.alive) this.peak = Math.max(this.peak, peakRss(this.proc.pid));
      return this.peak;
    }

    /** The lease's process, alive, with its document open (again, in a replacement). */
    private async ready(signal?: AbortSignal): Promise<MutoolProcess> {
      if (this.done) throw new RenderError("aborted", "the lease was released");
      if (!this.proc?.alive) {
        if (this.proc) this.restarts++;
        this.proc = takeIdle() ?? (await start());
        this.opened = false;
      }
      const p = this.proc;
      if (this.doc && !this.opened) {
        await untilAborted(p.call({ op: "open", ...(await this.link(p, this.doc)) }, this.doc.budgetMs), p, signal);
        this.opened = true;
      }
      return p;
    }

    /** MuPDF picks its handler by the name: the file as doc.<ext> in the process's directory. */
    private async link(p: MutoolProcess, d: { path: string; ext: string }) {
      documents.set(p, (documents.get(p) ?? 0) + 1);
      const name = join(p.dir, `doc.${d.ext}`);
      await rm(name, { force: true });
      await symlink(d.path, name);
      return { path: name, ext: d.ext };
    }

    async open(path: string, ext: string, budgetMs: number, signal?: AbortSignal): Promise<OpenReply> {
      this.doc = undefined;
      if ((await stat(path)).size === 0) throw new RenderError("empty", "the file is 0 bytes");
      const p = await this.ready(signal);
      const opening = p.call({ op: "open", ...(await this.link(p, { path, ext })) }, budgetMs);
      const r = (await untilAborted(opening, p, signal)) as OpenReply;
      this.doc = { path, ext, budgetMs };
      this.opened = true;
      return r;
    }

    async page(call: PageCall, budgetMs: number, signal?: AbortSignal, next?: PageCall): Promise<PageReply> {
      let asked = await this.answerFor(call, budgetMs, signal);
      // The script renders the next page while this one is read, gzipped and stored.
      const p = this.proc;
      if (next && p?.alive && !this.ahead) {
        const answer = p.call({ op: "page", ...next }, budgetMs) as Promise<ScriptPage>;
        const a = { call: next, proc: p, answer, settled: false };
        // Delivered (or dropped) when its page is asked for.
        answer.then(
          () => (a.settled = true),
          () => (a.settled = true),
        );
        this.ahead = a;
      }
      let s: ScriptPage;
      try {
        s = await untilAborted(asked.answer, asked.proc, signal);
      } catch (e) {
        if (!(e instanceof NotStarted)) throw e;
        // Its process ended on the page before (a budget): asked again in a fresh one.
        asked = await this.answerFor(call, budgetMs, signal);
        s = await untilAborted(asked.answer, asked.proc, signal);
      }
      const slot = call.index % 2;
      const file = (name: string) => readFile(join(asked.proc.dir, name));
      const reply: PageReply = { width: s.width, height: s.height };
      if (s.text) reply.text = (await file(`t${slot}.txt`)).toString("utf8");
      if (s.pageText && call.pageText) Object.assign(reply, await scriptPageText(asked.proc.dir, slot, s));
      if (s.cover) reply.cover = await file("cover.png");
      if (s.coverVariance !== undefined) reply.coverVariance = s.coverVariance;
      if (s.svgTooLarge !== undefined) reply.svgTooLarge = s.svgTooLarge;
      if (s.scan !== undefined) {
        reply.png = await file(`o${slot}.png`);
        reply.scanDpi = s.scan;
      }
      if (s.svg) reply.svg = unitlessSvgSize(await file(`s${slot}-1.svg`));
      else if (s.raster) {
        const svg = rasterSvg(await file(`r${slot}.png`), s.width, s.height, call.maxBytes);
        if (svg) {
          reply.svg = svg;
          reply.raster = true;
        }
      }
      return reply;
    }

    /** The answer to `call`: the one started ahead when it serves, else a new request. */
    private async answerFor(
      call: PageCall,
      budgetMs: number,
      signal?: AbortSignal,
    ): Promise<{ answer: Promise<ScriptPage>; proc: MutoolProcess }> {
      const a = this.ahead;
      if (a && (a.proc !== this.proc || !a.proc.alive || a.call.index <= call.index)) {
        this.ahead = undefined;
        if (a.proc === this.proc && a.proc.alive && serves(a.call, call)) return a;
        // Not the page asked for (or the same page asked differently): the process may be busy on
        // it for its whole budget, so it is ended and this call starts a fresh one.
        if (a.proc === this.proc && a.proc.alive && !a.settled) {
          a.proc.kill(new RenderError("aborted", "a page rendered ahead was not the one asked for"));
        }
      }
      const proc = await this.ready(signal);
      return { answer: proc.call({ op: "page", ...call }, budgetMs) as Promise<ScriptPage>, proc };
    }

    release(): void {
      if (this.done) return;
      this.done = true;
      const p = this.proc;
      this.proc = undefined;
      const busy = this.ahead?.proc === p && !this.ahead?.settled; // on a page nobody will ask for
      this.ahead = undefined;
      if (p?.alive && !busy && !closed && (documents.get(p) ?? 0) < maxDocuments && peakRss(p.pid) <= recycleBytes) {
        p.call({ op: "close" }, 10_000).catch(() => {});
        p.unref();
        idle.park(p);
      } else {
        p?.kill(new RenderError("aborted", "released"));
      }
      slots.give();
    }
  }

  return {
    async acquire(signal) {
      if (closed) throw new RenderError("aborted", "the render pool is closed");
      await slots.take(signal);
      return new Lease();
    },
    stats: () => ({ threads: live.size, leased: slots.leased, waiting: slots.waiting }),
    async close() {
      closed = true;
      slots.close();
      idle.clear();
      const procs = [...live];
      for (const p of procs) {
        p.ref(); // an idle one is unref'd: its exit is awaited here
        p.kill(new RenderError("aborted", "the render pool is closed"));
      }
      await Promise.all(procs.map((p) => p.exited));
      if (root) await rm(await root, { recursive: true, force: true });
    },
  };
}

// Native MuPDF (`mutool run`, Debian mupdf-tools) as a RenderPool: the same calls as the WASM render
// threads (render-pool.ts), so mupdf-render.ts applies the same budgets and fallbacks to both; the
// render itself takes about 40 % less CPU than in WASM. A `mutool run` process (one conversion at a
// time, kept for the next) runs the script below: it reads one JSON request per line on stdin (open,
// page, close), renders with a display list as render-thread.ts does, writes the page's SVG (text as
// paths), text and PNGs into the process's own temp directory (two slots, by page parity) and
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
// this needs is probed once (probeMutool); without prlimit or stdbuf the native path is not used, so
// no limit is ever silently missing.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { RenderError } from "./render-host.js";
import type { PageCall, RenderLease, RenderPool } from "./render-pool.js";
import type { FailureKind, OpenReply, PageReply } from "./render-protocol.js";

/** CONVERTER_MUTOOL: "auto" uses native mutool when it (and prlimit, stdbuf) is installed; "off" never. */
export type MutoolMode = "auto" | "off";

export interface MutoolProbe {
  /** Native mutool renders (else MuPDF WASM). */
  used: boolean;
  path: string;
  version?: string;
  /** Why it is not used. */
  problem?: string;
}

/**
 * Runs inside `mutool run` (MuJS, ES5; the MuPDF 1.21 API of Debian 12, still there in later
 * versions). Requests and answers are single JSON lines; failures carry a FailureKind.
 */
const script = `"use strict";
var dir = scriptArgs[0];
var mark = scriptArgs[1];
var doc = null;
var reflowable = { epub: 1, mobi: 1, fb2: 1 };
function Failure(kind, message) { this.kind = kind; this.message = message; }
function messageOf(e) { return String(e && e.message !== undefined ? e.message : e).slice(0, 300); }
function openDoc(req) {
  doc = null;
  var d;
  try { d = new Document(req.path); } catch (e) { throw new Failure("corrupt", "MuPDF cannot open the " + req.ext + " file: " + messageOf(e)); }
  if (d.needsPassword() && !d.authenticatePassword("")) throw new Failure("encrypted", "the document needs a password");
  if (reflowable[req.ext]) d.layout(595, 842, 12);
  var pages;
  try { pages = d.countPages(); } catch (e) { throw new Failure("corrupt", "cannot count pages: " + messageOf(e)); }
  if (pages <= 0) throw new Failure("empty", "the document has no pages");
  doc = d;
  return { pages: pages, format: d.getMetaData("format") || req.ext.toUpperCase() };
}
function write(format, options, name, bounds, list) {
  var w = new DocumentWriter(dir + "/" + name, format, options);
  var dev = w.beginPage(bounds);
  list.run(dev, Identity);
  w.endPage();
  w.close();
}
function png(list, scale, name) {
  list.toPixmap(Scale(scale, scale), DeviceRGB, false).saveAsPNG(dir + "/" + name);
}
function renderPage(req) {
  if (!doc) throw new Failure("failed", "no document is open");
  var slot = req.index % 2;
  var page = doc.loadPage(req.index);
  var b = page.bound();
  var w = Math.max(1, b[2] - b[0]), h = Math.max(1, b[3] - b[1]);
  var list = page.toDisplayList(true);
  var r = { width: Math.round(w * 100) / 100, height: Math.round(h * 100) / 100 };
  if (req.text) { write("text", "preserve-whitespace", "t" + slot + ".txt", b, list); r.text = true; }
  if (req.coverWidth > 0) { png(list, Math.min(req.coverWidth / w, (req.coverWidth * 4) / h), "cover.png"); r.cover = true; }
  if (req.mode === "text") return r;
  if (req.mode === "svg") {
    write("svg", "text=path", "s" + slot + "-%d.svg", b, list);
    var size = readFile(dir + "/s" + slot + "-1.svg").length;
    if (size <= req.maxBytes) { r.svg = true; return r; }
    r.svgTooLarge = size;
  }
  png(list, req.dpi / 72, "r" + slot + ".png");
  r.raster = true;
  return r;
}
function closeDoc() {
  doc = null;
  gc();
  return null;
}
function kindOf(e) {
  if (e instanceof Failure) return e.kind;
  return /out of memory|malloc|calloc|realloc/i.test(messageOf(e)) ? "memory" : "failed";
}
if (scriptArgs[1] === "--probe") {
  print(typeof Document + typeof DocumentWriter + typeof Identity + typeof Scale + typeof DeviceRGB + typeof readFile);
  quit(0);
}
for (;;) {
  var line;
  try { line = readline(); } catch (e) { quit(0); }
  if (line === null || line === undefined) quit(0);
  var req = JSON.parse(line);
  var reply;
  try {
    var value = req.op === "open" ? openDoc(req) : req.op === "page" ? renderPage(req) : closeDoc();
    reply = { id: req.id, ok: true, value: value };
  } catch (e) {
    reply = { id: req.id, ok: false, error: { kind: kindOf(e), message: messageOf(e) } };
  }
  print(mark + JSON.stringify(reply));
}
`;

/** What the script answers for a page: which files it wrote. */
interface ScriptPage {
  width: number;
  height: number;
  text?: true;
  cover?: true;
  svg?: true;
  raster?: true;
  svgTooLarge?: number;
}

type ScriptReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { kind: FailureKind; message: string } };

function run(cmd: string, args: string[], timeoutMs: number): Promise<{ out: string; error?: Error }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 1 << 16 }, (error, stdout, stderr) => {
      resolve({ out: `${stdout}${stderr}`, ...(error ? { error } : {}) });
    });
  });
}

const probes = new Map<string, Promise<MutoolProbe>>();

/** Whether native mutool renders in this process; probed once per mode and binary. */
export function probeMutool(mode: MutoolMode, path = "mutool"): Promise<MutoolProbe> {
  const key = `${mode}\u0000${path}`;
  let p = probes.get(key);
  if (!p) {
    p = mode === "off" ? Promise.resolve({ used: false, path, problem: "CONVERTER_MUTOOL=off" }) : probeNow(path);
    probes.set(key, p);
  }
  return p;
}

async function probeNow(path: string): Promise<MutoolProbe> {
  const v = await run(path, ["-v"], 10_000);
  const version = /mutool version ([\d.]+)/.exec(v.out)?.[1];
  if (!version) {
    const missing = (v.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
    return { used: false, path, problem: missing ? `${path} not found` : `${path} -v: ${v.out.trim().slice(0, 200)}` };
  }
  for (const tool of ["prlimit", "stdbuf"]) {
    const t = await run(tool, ["--version"], 10_000);
    if (t.error) return { used: false, path, version, problem: `${tool} not found (needed to cap native mutool)` };
  }
  const dir = await mkdtemp(join(tmpdir(), "wenku-mutool-probe-"));
  try {
    await writeFile(join(dir, "convert.js"), script);
    const s = await run(path, ["run", join(dir, "convert.js"), dir, "--probe"], 10_000);
    if (s.out.trim() !== "functionfunctionobjectfunctionobjectfunction") {
      return {
        used: false,
        path,
        version,
        problem: `mutool run lacks the API the converter uses: ${s.out.trim().slice(0, 200)}`,
      };
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return { used: true, path, version };
}

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

/** VmHWM of a live process in bytes (Linux); 0 when unknown. Read once a conversion, when asked. */
function peakRss(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "latin1"));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

const outOfMemory = /malloc|out of memory|cannot allocate/i;

/** A request the script has not answered; the script answers in order, one at a time. */
interface Queued {
  id: number;
  op: string;
  budgetMs: number;
  resolve(v: unknown): void;
  reject(e: RenderError): void;
  timer?: NodeJS.Timeout;
}

/** A queued request that never started: its process ended on an earlier one. */
class NotStarted extends RenderError {}

/** One `mutool run` process, its request/answer bookkeeping and its temp directory. */
class MutoolProcess {
  private readonly child: ChildProcess;
  private death: RenderError | undefined;
  /** In the script's order; the head is the one it is working on. */
  private readonly queue: Queued[] = [];
  private seq = 0;
  /** MuPDF's last diagnostics (for failure messages), and those of the call under way. */
  private stderr = "";
  private notes = "";
  /**
   * Starts the script's answer lines: MuPDF's own lines start with "error:", "warning:" …, and a
   * message quoting the document cannot forge an answer without this process's random mark.
   */
  private readonly mark = `wenku-${randomBytes(8).toString("hex")}:`;
  readonly exited: Promise<void>;

  constructor(
    cmd: { path: string; script: string; memoryBytes: number; fileBytes: number },
    readonly dir: string,
  ) {
    // stderr joins stdout (2>&1) so MuPDF's warnings arrive in order with the answers.
    this.child = spawn(
      "sh",
      [
        "-c",
        'exec "$0" "$@" 2>&1',
        "prlimit",
        `--as=${cmd.memoryBytes}`,
        `--fsize=${cmd.fileBytes}`,
        "--",
        "stdbuf",
        "-oL",
        cmd.path,
        "run",
        cmd.script,
        dir,
        this.mark,
      ],
      { stdio: ["pipe", "pipe", "ignore"] },
    );
    this.exited = new Promise((resolve) => this.child.once("close", () => resolve()));
    this.child.on("error", (err) => this.die(new RenderError("crashed", `mutool could not start: ${err.message}`)));
    this.child.on("exit", (code, signal) => {
      const how = signal === "SIGXFSZ" ? "an output file over its cap (SIGXFSZ)" : (signal ?? `code ${code}`);
      this.die(new RenderError("crashed", `mutool exited with ${how}: ${this.stderr.trim().slice(-300)}`));
    });
    this.child.stdin?.on("error", () => {}); // a write after the process died: its exit reports it
    if (this.child.stdout) createInterface({ input: this.child.stdout }).on("line", (l) => this.onLine(l));
  }

  get alive(): boolean {
    return this.death === undefined;
  }

  /** An idle process does not keep the event loop alive (as an idle render thread does not). */
  unref(): void {
    this.child.unref();
    (this.child.stdin as unknown as { unref?(): void } | null)?.unref?.();
    (this.child.stdout as unknown as { unref?(): void } | null)?.unref?.();
  }

  ref(): void {
    this.child.ref();
    (this.child.stdin as unknown as { ref?(): void } | null)?.ref?.();
    (this.child.stdout as unknown as { ref?(): void } | null)?.ref?.();
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  private onLine(line: string): void {
    let m: ScriptReply | undefined;
    if (line.startsWith(this.mark)) {
      try {
        m = JSON.parse(line.slice(this.mark.length)) as ScriptReply;
      } catch {}
    }
    if (!m) {
      // MuPDF's "error: …" / "warning: …" lines.
      this.stderr = `${this.stderr}${line}\n`.slice(-1024);
      this.notes = `${this.notes}${line}\n`.slice(-4096);
      return;
    }
    const p = this.queue[0];
    if (p?.id !== m.id) return;
    this.queue.shift();
    clearTimeout(p.timer);
    // MuPDF 1.21 goes on after a failed allocation inside a page ("Ignoring error during
    // interpretation"), leaving out what it could not allocate: a memory failure, as in WASM.
    if (m.ok && outOfMemory.test(this.notes)) {
      p.reject(new RenderError("memory", `MuPDF ran out of memory: ${this.notes.trim().slice(-300)}`));
    } else if (m.ok) p.resolve(m.value);
    else p.reject(new RenderError(m.error.kind, m.error.message));
    this.startHead();
  }

  /** The head's budget runs from when the script starts on it (after the answer before it). */
  private startHead(): void {
    const head = this.queue[0];
    if (!head || head.timer) return;
    this.notes = "";
    head.timer = setTimeout(
      () => this.kill(new RenderError("timeout", `no answer within ${head.budgetMs} ms (${head.op})`)),
      head.budgetMs,
    );
  }

  private die(why: RenderError): void {
    if (this.death) return;
    this.death = why;
    for (const [i, q] of this.queue.entries()) {
      clearTimeout(q.timer);
      q.reject(i === 0 ? why : new NotStarted(why.kind, `not started: ${why.message}`));
    }
    this.queue.length = 0;
  }

  kill(why: RenderError): void {
    this.die(why);
    this.child.kill("SIGKILL");
  }

  /** Queues a request; its budget starts when the script gets to it. */
  call(req: Record<string, unknown> & { op: string }, budgetMs: number): Promise<unknown> {
    if (this.death) return Promise.reject(this.death);
    const id = ++this.seq;
    const done = new Promise<unknown>((resolve, reject) => {
      this.queue.push({ id, op: req.op, budgetMs, resolve, reject });
    });
    this.startHead();
    this.child.stdin?.write(`${JSON.stringify({ ...req, id })}\n`);
    return done;
  }
}

/** `work`, or a RenderError "aborted" at once when `signal` fires (the process is ended). */
async function untilAborted<T>(work: Promise<T>, p: MutoolProcess, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  const onAbort = () => p.kill(new RenderError("aborted", "the conversion was aborted"));
  if (signal.aborted) onAbort();
  else signal.addEventListener("abort", onAbort, { once: true });
  try {
    return await work;
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

/** Whether an answer to `ahead` serves `call` (extracted text nobody asks for is ignored). */
function serves(ahead: PageCall, call: PageCall): boolean {
  return (
    ahead.index === call.index &&
    ahead.mode === call.mode &&
    ahead.coverWidth === call.coverWidth &&
    ahead.maxBytes === call.maxBytes &&
    ahead.dpi === call.dpi &&
    (ahead.text || !call.text)
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
  const idle: { proc: MutoolProcess; timer: NodeJS.Timeout }[] = [];
  /** Documents each process has opened. */
  const documents = new WeakMap<MutoolProcess, number>();
  const waiting: { grant(): void; fail(e: RenderError): void }[] = [];
  let leased = 0;
  let closed = false;
  let root: Promise<string> | undefined;

  const scriptDir = () => {
    root ??= (async () => {
      const d = await mkdtemp(join(o.workRoot ?? tmpdir(), "wenku-mutool-"));
      await writeFile(join(d, "convert.js"), script);
      return d;
    })();
    return root;
  };

  /** An idle process, still alive, taken for a lease. */
  function takeIdle(): MutoolProcess | undefined {
    for (;;) {
      const entry = idle.pop();
      if (!entry) return undefined;
      clearTimeout(entry.timer);
      if (entry.proc.alive) {
        entry.proc.ref();
        return entry.proc;
      }
    }
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
      if (s.cover) reply.cover = await file("cover.png");
      if (s.svgTooLarge !== undefined) reply.svgTooLarge = s.svgTooLarge;
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
        const entry = {
          proc: p,
          timer: setTimeout(() => {
            const i = idle.indexOf(entry);
            if (i >= 0) idle.splice(i, 1);
            p.kill(new RenderError("aborted", "idle"));
          }, idleMs),
        };
        entry.timer.unref();
        p.unref();
        idle.push(entry);
      } else {
        p?.kill(new RenderError("aborted", "released"));
      }
      leased--;
      const next = waiting.shift();
      if (next) {
        leased++;
        next.grant();
      }
    }
  }

  return {
    async acquire(signal) {
      if (closed) throw new RenderError("aborted", "the render pool is closed");
      signal?.throwIfAborted();
      if (leased >= size) {
        await new Promise<void>((resolve, reject) => {
          const onAbort = () => {
            const i = waiting.indexOf(w);
            if (i >= 0) waiting.splice(i, 1);
            reject(new RenderError("aborted", "the conversion was aborted while waiting for a render process"));
          };
          const w = {
            grant: () => {
              signal?.removeEventListener("abort", onAbort);
              resolve();
            },
            fail: (e: RenderError) => {
              signal?.removeEventListener("abort", onAbort);
              reject(e);
            },
          };
          signal?.addEventListener("abort", onAbort, { once: true });
          waiting.push(w);
        });
      } else {
        leased++;
      }
      return new Lease();
    },
    stats: () => ({ threads: live.size, leased, waiting: waiting.length }),
    async close() {
      closed = true;
      for (const w of waiting.splice(0)) w.fail(new RenderError("aborted", "the render pool is closed"));
      for (const e of idle.splice(0)) clearTimeout(e.timer);
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

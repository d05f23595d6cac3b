// One `mutool run` process (mutool.ts): started under prlimit (address space, file size) and stdbuf,
// its requests answered in order, each with a budget from when the script starts on it; past it the
// process is killed. MuPDF's diagnostics (stderr joins stdout) give the failure messages.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import type { ScriptReply } from "./mutool.script.js";
import { RenderError } from "./render-host.js";

/** VmHWM of a live process in bytes (Linux); 0 when unknown. Read once a conversion, when asked. */
export function peakRss(pid: number | undefined): number {
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
export class NotStarted extends RenderError {}

/** One `mutool run` process, its request/answer bookkeeping and its temp directory. */
export class MutoolProcess {
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
export async function untilAborted<T>(work: Promise<T>, p: MutoolProcess, signal: AbortSignal | undefined): Promise<T> {
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

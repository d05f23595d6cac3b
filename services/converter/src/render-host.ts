// The pool's side of one MuPDF render thread (render-thread.ts runs inside it): starts the worker,
// numbers requests and matches answers, enforces each call's time budget and the WASM memory cap,
// and fails every pending call when the thread dies or is ended. render-pool.ts leases these.
import { Worker } from "node:worker_threads";
import type {
  CloseRequest,
  FailureKind,
  OpenRequest,
  PageRequest,
  ThreadData,
  ThreadReply,
  ThreadRequest,
} from "./render-protocol.js";

/** Defined by the compiled build (scripts/build.mjs), whose render thread is dist/render-thread.js. */
declare const WENKU_COMPILED: true | undefined;
// From the sources (tsx, jest) the boot file registers tsx in the thread and loads render-thread.ts.
const bootUrl =
  typeof WENKU_COMPILED === "undefined"
    ? new URL("./render-thread.boot.mjs", import.meta.url)
    : new URL("../../../dist/render-thread.js", import.meta.url);

export type RenderErrorKind = FailureKind | "timeout" | "aborted";

/** A failed call: MuPDF's own failure (corrupt, encrypted …) or the pool's (timeout, memory, crashed, aborted). */
export class RenderError extends Error {
  override readonly name = "RenderError";
  constructor(
    readonly kind: RenderErrorKind,
    message: string,
  ) {
    super(message);
  }
}

interface Pending {
  resolve(v: unknown): void;
  reject(e: RenderError): void;
}

/** One worker thread and its request/answer bookkeeping. */
export class RenderThread {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  memory = 0;
  peak = 0;
  opened: string | undefined;
  private death: RenderError | undefined;
  private pending = new Map<number, Pending>();
  private seq = 0;
  private onReady: { resolve(): void; reject(e: RenderError): void } | undefined;
  private readonly memoryLimitBytes: number;

  constructor(memoryLimitMb: number, heapLimitMb: number) {
    this.memoryLimitBytes = memoryLimitMb * 1024 * 1024;
    this.ready = new Promise<void>((resolve, reject) => {
      this.onReady = { resolve, reject };
    });
    this.ready.catch(() => {}); // observed by whoever calls; never an unhandled rejection
    this.worker = new Worker(bootUrl, {
      workerData: { memoryLimitBytes: this.memoryLimitBytes } satisfies ThreadData,
      resourceLimits: { maxOldGenerationSizeMb: heapLimitMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 8 },
      // The thread needs no loader (the boot file registers tsx when run from the sources); a
      // parent's --import/--inspect flags are not repeated here.
      execArgv: [],
    });
    this.worker.on("message", (m: ThreadReply) => this.onMessage(m));
    this.worker.on("error", (err: Error & { code?: string }) =>
      this.die(
        err.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new RenderError("memory", `render thread out of V8 heap: ${err.message}`)
          : new RenderError("crashed", `render thread failed: ${err.message}`),
      ),
    );
    this.worker.on("exit", (code) => this.die(new RenderError("crashed", `render thread exited with ${code}`)));
  }

  get alive(): boolean {
    return this.death === undefined;
  }

  private onMessage(m: ThreadReply): void {
    if (m.type === "ready") {
      this.onReady?.resolve();
      return;
    }
    if (m.type === "memory") {
      this.memory = m.bytes;
      this.peak = Math.max(this.peak, m.bytes);
      // The thread refuses growth past the cap itself; this is the backstop if it ever did not.
      if (m.bytes > this.memoryLimitBytes * 1.05) {
        this.kill(new RenderError("memory", `render thread WASM memory ${m.bytes} bytes is over its limit`));
      }
      return;
    }
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (m.ok) p.resolve(m.value);
    else p.reject(new RenderError(m.error.kind, m.error.message));
  }

  private die(why: RenderError): void {
    if (this.death) return;
    this.death = why;
    this.onReady?.reject(why);
    for (const p of this.pending.values()) p.reject(why);
    this.pending.clear();
  }

  /** Ends the thread now; pending and later calls fail with `why`. */
  kill(why: RenderError): void {
    this.die(why);
    this.worker.terminate().catch(() => {});
  }

  async call(
    req: Omit<OpenRequest, "id"> | Omit<PageRequest, "id"> | Omit<CloseRequest, "id">,
    budgetMs: number,
    signal?: AbortSignal,
  ) {
    if (this.death) throw this.death;
    const id = ++this.seq;
    return new Promise<unknown>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const onAbort = () => this.kill(new RenderError("aborted", "the conversion was aborted"));
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      };
      this.pending.set(id, {
        resolve: (v) => {
          settle();
          resolve(v);
        },
        reject: (e) => {
          settle();
          reject(e);
        },
      });
      timer = setTimeout(
        () => this.kill(new RenderError("timeout", `no answer within ${budgetMs} ms (${req.op})`)),
        budgetMs,
      );
      if (signal?.aborted) onAbort();
      else signal?.addEventListener("abort", onAbort, { once: true });
      this.worker.postMessage({ ...req, id } as ThreadRequest);
    });
  }
}

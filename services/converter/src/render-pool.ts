// A pool of MuPDF render threads (worker_threads running render-thread.ts): the service's event
// loop never runs MuPDF, so the API keeps answering while a hostile document renders. A conversion
// leases one thread for its duration; every call to it has a time budget, and the thread is ended
// (Worker.terminate interrupts a running WASM loop) when the budget runs out, when the caller aborts,
// or when it reports memory past its cap. A lease whose thread was ended gets a fresh one on its
// next call, with the document opened again. Threads are started on demand, replaced when their
// WASM memory grew large (WASM memory is never returned), and ended after a minute idle.
import { createIdleShelf, createLeaseSlots } from "./pool.js";
import { RenderError, RenderThread } from "./render-host.js";
import type { OpenReply, PageReply, PageRequest } from "./render-protocol.js";

export interface RenderPoolOptions {
  /** Threads at most: conversions rendering at once. */
  size: number;
  /** WASM memory each thread may grow to, in MiB. */
  memoryLimitMb: number;
  /** V8 heap of each thread, in MiB (default 256). */
  heapLimitMb?: number;
  /** A thread idle this long is ended (default 60 s). */
  idleMs?: number;
  /** A thread whose WASM memory grew past this many MiB is replaced after its document (default half the limit). */
  recycleMb?: number;
  /** A thread must load MuPDF within this (default 60 s). */
  startTimeoutMs?: number;
}

export interface PageCall extends Omit<PageRequest, "op" | "id"> {}

export interface RenderLease {
  /** Opens the document in the thread; remembered, so a replacement thread opens it again. */
  open(path: string, ext: string, budgetMs: number, signal?: AbortSignal): Promise<OpenReply>;
  /** `next`: the call likely to follow, which a lease may start on early (the native one does). */
  page(call: PageCall, budgetMs: number, signal?: AbortSignal, next?: PageCall): Promise<PageReply>;
  /** The largest WASM memory a thread of this lease reported, in bytes. */
  readonly peakMemoryBytes: number;
  /** Threads of this lease that were ended (timeouts, memory, aborts, crashes). */
  readonly restarts: number;
  /** Hands the thread back (or ends it when it grew too large); the lease is unusable afterwards. */
  release(): void;
}

export interface RenderPool {
  acquire(signal?: AbortSignal): Promise<RenderLease>;
  /** Live threads and how many are leased, for metrics and tests. */
  stats(): { threads: number; leased: number; waiting: number };
  /** Ends every thread; leases in use fail with "aborted". */
  close(): Promise<void>;
}

export function createRenderPool(o: RenderPoolOptions): RenderPool {
  const size = Math.max(1, o.size);
  const heapLimitMb = o.heapLimitMb ?? 256;
  const idleMs = o.idleMs ?? 60_000;
  const recycleBytes = (o.recycleMb ?? o.memoryLimitMb / 2) * 1024 * 1024;
  const startTimeoutMs = o.startTimeoutMs ?? 60_000;
  const idle = createIdleShelf<RenderThread>(idleMs);
  const all = new Set<RenderThread>();
  const slots = createLeaseSlots(size, "render thread");
  let closed = false;

  const spawn = (): RenderThread => {
    const t = new RenderThread(o.memoryLimitMb, heapLimitMb);
    all.add(t);
    t.worker.on("exit", () => all.delete(t));
    return t;
  };

  /** The lease's thread, started and ready; its document opened again if it is a replacement. */
  async function readyThread(lease: Lease, signal?: AbortSignal): Promise<RenderThread> {
    if (closed) throw new RenderError("aborted", "the render pool is closed");
    if (!lease.thread?.alive) {
      if (lease.thread) lease.restarts++;
      lease.thread = spawn();
    }
    const t = lease.thread;
    t.worker.ref();
    let timer: NodeJS.Timeout | undefined;
    const onAbort = () => t.kill(new RenderError("aborted", "the conversion was aborted"));
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      await Promise.race([
        t.ready,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            const e = new RenderError("crashed", `render thread did not start within ${startTimeoutMs} ms`);
            t.kill(e);
            reject(e);
          }, startTimeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
    if (lease.doc && t.opened !== lease.doc.key) {
      await t.call({ op: "open", path: lease.doc.path, ext: lease.doc.ext }, lease.doc.budgetMs, signal);
      t.opened = lease.doc.key;
    }
    return t;
  }

  class Lease implements RenderLease {
    thread: RenderThread | undefined;
    doc: { path: string; ext: string; key: string; budgetMs: number } | undefined;
    restarts = 0;
    private peak = 0;
    private done = false;

    constructor(thread: RenderThread | undefined) {
      this.thread = thread;
    }

    get peakMemoryBytes(): number {
      return Math.max(this.peak, this.thread?.peak ?? 0);
    }

    private track(): void {
      this.peak = Math.max(this.peak, this.thread?.peak ?? 0);
    }

    async open(path: string, ext: string, budgetMs: number, signal?: AbortSignal): Promise<OpenReply> {
      if (this.done) throw new RenderError("aborted", "the lease was released");
      this.doc = undefined;
      const t = await readyThread(this, signal);
      this.track();
      const r = (await t.call({ op: "open", path, ext }, budgetMs, signal).finally(() => this.track())) as OpenReply;
      this.doc = { path, ext, key: `${path}\u0000${ext}`, budgetMs };
      t.opened = this.doc.key;
      return r;
    }

    async page(call: PageCall, budgetMs: number, signal?: AbortSignal): Promise<PageReply> {
      if (this.done) throw new RenderError("aborted", "the lease was released");
      const t = await readyThread(this, signal);
      try {
        return (await t.call({ op: "page", ...call }, budgetMs, signal)) as PageReply;
      } finally {
        this.track();
      }
    }

    release(): void {
      if (this.done) return;
      this.done = true;
      this.track();
      const t = this.thread;
      this.thread = undefined;
      if (t?.alive && !closed && t.memory <= recycleBytes) {
        // Close the document (the thread keeps no file descriptor) and wait idle for the next lease.
        t.call({ op: "close" }, 10_000).catch(() => {});
        t.opened = undefined;
        t.worker.unref();
        idle.park(t);
      } else {
        t?.kill(new RenderError("aborted", "recycled"));
      }
      slots.give();
    }
  }

  return {
    async acquire(signal) {
      if (closed) throw new RenderError("aborted", "the render pool is closed");
      await slots.take(signal);
      return new Lease(idle.take());
    },
    stats: () => ({ threads: all.size, leased: slots.leased, waiting: slots.waiting }),
    async close() {
      closed = true;
      slots.close();
      idle.clear();
      const threads = [...all];
      await Promise.all(
        threads.map(async (t) => {
          t.kill(new RenderError("aborted", "the render pool is closed"));
          await t.worker.terminate().catch(() => {});
        }),
      );
    },
  };
}

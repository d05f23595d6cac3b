// What both render pools share (render-pool.ts: WASM threads; mutool.ts: native processes): at most
// `size` leases at once, later callers waiting in line (an abort takes one out), and renderers kept idle
// for the next lease, each ended once idle for `idleMs`.
import { RenderError } from "./render-host.js";

/** A renderer the idle shelf keeps: a thread or a process. */
export interface Renderer {
  readonly alive: boolean;
  kill(e: RenderError): void;
}

/** At most `size` leases at once; `what` names the renderer in the abort message ("render thread"). */
export function createLeaseSlots(size: number, what: string) {
  const waiting: { grant(): void; fail(e: RenderError): void; signal?: AbortSignal }[] = [];
  let leased = 0;

  return {
    /** Resolves once a slot is the caller's (at once when one is free); rejects on abort. */
    async take(signal?: AbortSignal): Promise<void> {
      signal?.throwIfAborted();
      if (leased < size) {
        leased++;
        return;
      }
      await new Promise<void>((resolve, reject) => {
        const w = {
          grant: () => {
            signal?.removeEventListener("abort", onAbort);
            resolve();
          },
          fail: (e: RenderError) => {
            signal?.removeEventListener("abort", onAbort);
            reject(e);
          },
          ...(signal ? { signal } : {}),
        };
        const onAbort = () => {
          const i = waiting.indexOf(w);
          if (i >= 0) waiting.splice(i, 1);
          w.fail(new RenderError("aborted", `the conversion was aborted while waiting for a ${what}`));
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        waiting.push(w);
      });
    },
    /** A lease ended: its slot goes to the first caller still waiting. */
    give(): void {
      leased--;
      while (waiting.length && leased < size) {
        const w = waiting.shift();
        if (!w || w.signal?.aborted) continue;
        leased++;
        w.grant();
      }
    },
    /** Every waiting caller fails ("aborted"). */
    close(): void {
      for (const w of waiting.splice(0)) w.fail(new RenderError("aborted", "the render pool is closed"));
    },
    get leased(): number {
      return leased;
    },
    get waiting(): number {
      return waiting.length;
    },
  };
}

/** Renderers kept for the next lease; one idle `idleMs` is ended. */
export function createIdleShelf<R extends Renderer>(idleMs: number) {
  const idle: { renderer: R; timer: NodeJS.Timeout }[] = [];
  return {
    /** Keeps `r` for the next lease (the caller has closed its document and unref'd it). */
    park(r: R): void {
      const entry = {
        renderer: r,
        timer: setTimeout(() => {
          const i = idle.indexOf(entry);
          if (i >= 0) idle.splice(i, 1);
          r.kill(new RenderError("aborted", "idle"));
        }, idleMs),
      };
      entry.timer.unref();
      idle.push(entry);
    },
    /** The renderer parked last that is still alive, or undefined. */
    take(): R | undefined {
      for (;;) {
        const entry = idle.pop();
        if (!entry) return undefined;
        clearTimeout(entry.timer);
        if (entry.renderer.alive) return entry.renderer;
      }
    },
    /** Forgets every parked renderer's timer (the pool ends them itself). */
    clear(): void {
      for (const e of idle.splice(0)) clearTimeout(e.timer);
    },
  };
}

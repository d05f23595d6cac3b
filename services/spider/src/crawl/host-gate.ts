// Politeness towards one site, in this process: one request at a time per host, and at least the site's
// interval between the end of one request and the start of the next (a Retry-After pushes the next one
// further). Requests of several crawls and downloads to one host queue up here in arrival order.

export interface HostGate {
  /**
   * Runs `fn` when `host` is free and `intervalMs` has passed since its last request ended (or the time a
   * Retry-After named); the host stays busy until `fn` settles. `signal` gives up the wait.
   */
  turn<T>(host: string, intervalMs: number, fn: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** The host asked us to wait (429/503 Retry-After, a backoff): no request before `ms` from now. */
  holdOff(host: string, ms: number): void;
}

interface HostState {
  tail: Promise<void>;
  /** No request starts before this (epoch ms). */
  notBefore: number;
  waiting: number;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (ms <= 0) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", abort);
      resolve();
    }
    function abort() {
      clearTimeout(t);
      reject(signal?.reason);
    }
    signal?.addEventListener("abort", abort, { once: true });
  });

export function createHostGate(now: () => number = Date.now): HostGate {
  const hosts = new Map<string, HostState>();
  return {
    async turn(host, intervalMs, fn, signal) {
      if (hosts.size > 1_000) {
        for (const [h, x] of hosts) if (x.waiting === 0 && x.notBefore <= now()) hosts.delete(h);
      }
      let state = hosts.get(host);
      if (!state) {
        state = { tail: Promise.resolve(), notBefore: 0, waiting: 0 };
        hosts.set(host, state);
      }
      const s = state;
      const before = s.tail;
      let release = () => {};
      s.tail = new Promise<void>((resolve) => {
        release = resolve;
      });
      s.waiting++;
      try {
        await before;
        await sleep(s.notBefore - now(), signal);
        return await fn();
      } finally {
        s.notBefore = Math.max(s.notBefore, now() + intervalMs);
        s.waiting--;
        release();
      }
    },
    holdOff(host, ms) {
      const s = hosts.get(host);
      if (s) s.notBefore = Math.max(s.notBefore, now() + ms);
      else hosts.set(host, { tail: Promise.resolve(), notBefore: now() + ms, waiting: 0 });
    },
  };
}

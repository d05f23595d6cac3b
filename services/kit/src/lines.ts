// In-process lines, one per key, for work a database lock serialises anyway (one user's charges of
// one document, the downloads of one address): a task waits here for the ones queued before it on
// its key, holding no pooled connection and polling nothing, and reaches the database lock when it
// is its turn (the lock still orders the processes of a cluster). Without a line, a burst of 50
// requests had every pooled connection waiting on one lock (the rest of the service starved, and
// transactions gave up waiting for a connection), or 49 waiters polling a claim row while one worked.

export interface Lines {
  /**
   * Runs `task` once every task queued on `key` before it has ended (however it ended). With a
   * `deadline` (epoch ms) a task still waiting then is not run: `late()` is thrown instead.
   */
  run<T>(key: string, task: () => Promise<T>, opts?: { deadline: number; late: () => Error }): Promise<T>;
}

export function createLines(): Lines {
  const tails = new Map<string, Promise<void>>();
  return {
    async run(key, task, opts) {
      const before = tails.get(key) ?? Promise.resolve();
      let done = () => {};
      const mine = new Promise<void>((resolve) => {
        done = resolve;
      });
      // the next task waits for this one and for every one before it (one that gave up included)
      const tail = before.then(() => mine);
      tails.set(key, tail);
      const timer = new AbortController();
      try {
        if (opts) {
          const late = new Promise<"late">((resolve) => {
            const t = setTimeout(() => resolve("late"), Math.max(0, opts.deadline - Date.now()));
            timer.signal.addEventListener("abort", () => clearTimeout(t), { once: true });
          });
          if ((await Promise.race([before, late])) === "late") throw opts.late();
        } else {
          await before;
        }
        return await task();
      } finally {
        timer.abort();
        done();
        if (tails.get(key) === tail) tails.delete(key);
      }
    },
  };
}

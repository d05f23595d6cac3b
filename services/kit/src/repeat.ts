// One shape for background chores (sweeps of expired rows, retention jobs): a pass every `everyMs`,
// the first after one interval, never two at once; a failed pass is reported and the next one runs.
// stop() waits for a pass under way, so a service closes its database after its chores.

export interface Repeating {
  stop(): Promise<void>;
}

export function repeatEvery(
  pass: () => Promise<unknown>,
  opts: { everyMs: number; onError: (err: unknown) => void },
): Repeating {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = Promise.resolve().then(pass).catch(opts.onError).finally(schedule);
    }, opts.everyMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

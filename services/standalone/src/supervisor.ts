// The cluster's processes kept running the way Kubernetes keeps a pod's containers running: a process
// that exits on its own is started again after a delay that doubles with each crash in a row (1 s,
// 2 s, 4 s … capped at 30 s) and falls back to the first once a process has stayed up a minute; every
// restart is reported (which process, its exit code or signal, the attempt and the next delay).
// stop() ends them all: pending restarts are cancelled, each process gets SIGTERM, then SIGKILL after
// a grace period. Children, clock and timers are injected, so the policy is tested without processes.

export interface RestartPolicy {
  /** Delay before the first restart of a crash series. */
  initialMs: number;
  /** The delay never grows past this. */
  maxMs: number;
  /** A process that ran this long before exiting starts a new series (the delay falls back). */
  stableMs: number;
}

export const RESTART_POLICY: RestartPolicy = { initialMs: 1_000, maxMs: 30_000, stableMs: 60_000 };

/** The delay before restart number `attempt` (1-based) of a crash series. */
export function restartDelay(attempt: number, policy: RestartPolicy = RESTART_POLICY): number {
  return Math.min(policy.maxMs, policy.initialMs * 2 ** Math.max(0, attempt - 1));
}

/** What the supervisor needs of a child process (node's ChildProcess is one). */
export interface Child {
  readonly pid?: number | undefined;
  kill(signal: NodeJS.Signals): boolean;
  once(event: "exit", listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
}

export interface Restart {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** 1 for the first restart of a crash series. */
  attempt: number;
  delayMs: number;
  /** How long the process that exited had run. */
  uptimeMs: number;
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: Clock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

export interface SupervisorOptions {
  /** Called when a process exited on its own and will be started again after `delayMs`. */
  onRestart(restart: Restart): void;
  policy?: RestartPolicy;
  /** SIGTERM, then SIGKILL after this long. */
  stopGraceMs?: number;
  clock?: Clock;
}

interface Entry {
  start: () => Child;
  child?: Child | undefined;
  startedAt: number;
  attempts: number;
  timer?: unknown;
}

export class Supervisor {
  readonly #entries = new Map<string, Entry>();
  readonly #opts: SupervisorOptions;
  readonly #clock: Clock;
  readonly #policy: RestartPolicy;
  #stopping: Promise<void> | undefined;
  #halted = false;

  constructor(opts: SupervisorOptions) {
    this.#opts = opts;
    this.#clock = opts.clock ?? realClock;
    this.#policy = opts.policy ?? RESTART_POLICY;
  }

  /** Starts `name` with `start` now, and again each time it exits until stop(). */
  add(name: string, start: () => Child): void {
    if (this.#entries.has(name)) throw new Error(`${name} is supervised already`);
    if (this.#halted) return; // stopping: nothing new starts
    const entry: Entry = { start, startedAt: 0, attempts: 0 };
    this.#entries.set(name, entry);
    this.#launch(name, entry);
  }

  /** The running process of `name` (none while it waits for its restart). */
  child(name: string): Child | undefined {
    return this.#entries.get(name)?.child;
  }

  get stopping(): boolean {
    return this.#halted;
  }

  /** Cancels pending restarts and ends every process (SIGTERM, SIGKILL after the grace period). */
  stop(): Promise<void> {
    if (this.#stopping) return this.#stopping;
    this.#halted = true; // before any signal: an exit from here on is no crash
    this.#stopping = Promise.all(
      [...this.#entries.values()].map((entry) => {
        if (entry.timer !== undefined) this.#clock.clearTimeout(entry.timer);
        entry.timer = undefined;
        const child = entry.child;
        if (!child) return undefined;
        return new Promise<void>((resolve) => {
          const kill = this.#clock.setTimeout(() => child.kill("SIGKILL"), this.#opts.stopGraceMs ?? 12_000);
          child.once("exit", () => {
            this.#clock.clearTimeout(kill);
            resolve();
          });
          child.kill("SIGTERM");
        });
      }),
    ).then(() => undefined);
    return this.#stopping;
  }

  #launch(name: string, entry: Entry): void {
    entry.timer = undefined;
    const child = entry.start();
    entry.child = child;
    entry.startedAt = this.#clock.now();
    child.once("exit", (code, signal) => {
      entry.child = undefined;
      if (this.#halted) return;
      const uptimeMs = this.#clock.now() - entry.startedAt;
      entry.attempts = uptimeMs >= this.#policy.stableMs ? 1 : entry.attempts + 1;
      const delayMs = restartDelay(entry.attempts, this.#policy);
      this.#opts.onRestart({ name, code, signal, attempt: entry.attempts, delayMs, uptimeMs });
      entry.timer = this.#clock.setTimeout(() => this.#launch(name, entry), delayMs);
    });
  }
}

import { EventEmitter } from "node:events";
import { type Child, type Clock, RESTART_POLICY, type Restart, restartDelay, Supervisor } from "./supervisor.js";

/** A process that records the signals it got and exits when told to (or on SIGTERM if `obeys`). */
class FakeChild extends EventEmitter implements Child {
  readonly signals: string[] = [];
  exited = false;
  constructor(readonly obeysSigterm = true) {
    super();
  }
  kill(signal: NodeJS.Signals): boolean {
    this.signals.push(signal);
    if (signal === "SIGKILL" || this.obeysSigterm) this.exit(null, signal);
    return true;
  }
  exit(code: number | null, signal: NodeJS.Signals | null = null): void {
    if (this.exited) return;
    this.exited = true;
    this.emit("exit", code, signal);
  }
}

/** Time moves only when the test says so; due timers run in order. */
class FakeClock implements Clock {
  t = 0;
  #timers = new Map<number, { at: number; fn: () => void }>();
  #next = 0;
  now = () => this.t;
  setTimeout = (fn: () => void, ms: number) => {
    this.#next += 1;
    this.#timers.set(this.#next, { at: this.t + ms, fn });
    return this.#next;
  };
  clearTimeout = (h: unknown) => {
    this.#timers.delete(h as number);
  };
  get pending(): number {
    return this.#timers.size;
  }
  advance(ms: number): void {
    const until = this.t + ms;
    for (;;) {
      const due = [...this.#timers].filter(([, v]) => v.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.#timers.delete(due[0]);
      this.t = due[1].at;
      due[1].fn();
    }
    this.t = until;
  }
}

function setup(obeysSigterm = true) {
  const clock = new FakeClock();
  const restarts: Restart[] = [];
  const started: FakeChild[] = [];
  const sup = new Supervisor({ clock, onRestart: (r) => restarts.push(r), stopGraceMs: 5_000 });
  sup.add("order", () => {
    const c = new FakeChild(obeysSigterm);
    started.push(c);
    return c;
  });
  const last = () => started[started.length - 1] as FakeChild;
  return { clock, restarts, started, sup, last };
}

test("the delay doubles from 1 s per crash in a row and stops growing at 30 s", () => {
  expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => restartDelay(n))).toEqual([
    1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
  ]);
});

test("a crashed process is started again after the delay, and each restart is reported", () => {
  const { clock, restarts, started, last } = setup();
  last().exit(null, "SIGKILL");
  expect(restarts).toEqual([{ name: "order", code: null, signal: "SIGKILL", attempt: 1, delayMs: 1_000, uptimeMs: 0 }]);
  clock.advance(999);
  expect(started).toHaveLength(1);
  clock.advance(1);
  expect(started).toHaveLength(2);
  // Crashing again at once: the series goes on, the delay doubles.
  clock.advance(500);
  last().exit(1);
  expect(restarts[1]).toMatchObject({ code: 1, signal: null, attempt: 2, delayMs: 2_000, uptimeMs: 500 });
  clock.advance(2_000);
  expect(started).toHaveLength(3);
});

test("a crash loop waits at most 30 s between starts", () => {
  const { clock, restarts, last } = setup();
  for (let i = 0; i < 9; i++) {
    last().exit(1);
    clock.advance(restarts[restarts.length - 1]?.delayMs ?? 0);
  }
  expect(restarts.map((r) => r.delayMs)).toEqual([1e3, 2e3, 4e3, 8e3, 16e3, 30e3, 30e3, 30e3, 30e3]);
});

test("a process that stayed up a minute starts a new series: its next restart waits 1 s again", () => {
  const { clock, restarts, last } = setup();
  for (let i = 0; i < 4; i++) {
    last().exit(1);
    clock.advance(restarts[restarts.length - 1]?.delayMs ?? 0);
  }
  expect(restarts[3]?.delayMs).toBe(8_000);
  clock.advance(RESTART_POLICY.stableMs - 1);
  last().exit(1);
  expect(restarts[4]).toMatchObject({ attempt: 5, delayMs: 16_000 });
  clock.advance(16_000 + RESTART_POLICY.stableMs);
  last().exit(1);
  expect(restarts[5]).toMatchObject({ attempt: 1, delayMs: 1_000 });
});

test("stop() ends every process with SIGTERM and cancels a pending restart", async () => {
  const { clock, restarts, started, sup, last } = setup();
  const other = new FakeChild();
  sup.add("user", () => other);
  last().exit(1);
  expect(clock.pending).toBe(1);
  await sup.stop();
  expect(other.signals).toEqual(["SIGTERM"]);
  expect(clock.pending).toBe(0);
  clock.advance(60_000);
  expect(started).toHaveLength(1);
  expect(restarts).toHaveLength(1);
  expect(sup.stopping).toBe(true);
});

test("a process that ignores SIGTERM gets SIGKILL after the grace period, and is not restarted", async () => {
  const { clock, restarts, started, sup, last } = setup(false);
  const stopped = sup.stop();
  expect(last().signals).toEqual(["SIGTERM"]);
  clock.advance(4_999);
  expect(last().exited).toBe(false);
  clock.advance(1);
  await stopped;
  expect(last().signals).toEqual(["SIGTERM", "SIGKILL"]);
  expect(restarts).toEqual([]);
  expect(started).toHaveLength(1);
});

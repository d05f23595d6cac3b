// Waiting for what a test expects to happen, by polling instead of sleeping a guessed time, and a
// logger that keeps what was logged at level error so a test can assert a clean run.
import type { BusLogger } from "@wenku/kit/bus";

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `cond` (sync or async) every 10 ms until it holds; throws after `timeoutMs`. */
export async function waitFor(
  cond: () => boolean | Promise<boolean>,
  timeoutMs = 5_000,
  what = "condition",
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** A logger for tests: quiet, but keeps what was logged at level error (the contract expects none). */
export function testLogger(): { log: BusLogger; errors: unknown[] } {
  const errors: unknown[] = [];
  const log: BusLogger = { info: () => {}, warn: () => {}, error: (o, msg) => void errors.push({ msg, ...o }) };
  return { log, errors };
}

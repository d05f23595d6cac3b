import { afterEach, beforeEach, describe, expect, it, jest } from "@jest/globals";
import { repeatEvery } from "./repeat.js";

describe("repeatEvery", () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it("runs a pass every interval, the first after one interval", async () => {
    let passes = 0;
    const chore = repeatEvery(async () => void passes++, { everyMs: 1_000, onError: () => {} });
    await jest.advanceTimersByTimeAsync(999);
    expect(passes).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(passes).toBe(1);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(passes).toBe(3);
    await chore.stop();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(passes).toBe(3);
  });

  it("reports a failed pass and keeps going", async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const chore = repeatEvery(
      async () => {
        passes++;
        if (passes === 1) throw new Error("database away");
      },
      { everyMs: 100, onError: (err) => errors.push(err) },
    );
    await jest.advanceTimersByTimeAsync(200);
    expect(passes).toBe(2);
    expect(errors).toEqual([new Error("database away")]);
    await chore.stop();
  });

  it("starts the next interval when a pass ends (never two at once), and stop() waits for a pass under way", async () => {
    let release = () => {};
    let inFlight = 0;
    let most = 0;
    let done = 0;
    const chore = repeatEvery(
      async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        inFlight--;
        done++;
      },
      { everyMs: 10, onError: () => {} },
    );
    await jest.advanceTimersByTimeAsync(100);
    expect(inFlight).toBe(1);
    let stopped = false;
    const stopping = chore.stop().then(() => {
      stopped = true;
    });
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(done).toBe(1);
    expect(most).toBe(1);
  });
});

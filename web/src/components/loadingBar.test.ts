import { afterEach, beforeEach, describe, expect, it, jest } from "@jest/globals";
import { bindLoadingBar, createLoadingBar, HIDDEN, type NavigationSource } from "./loadingBar.js";

describe("loading bar", () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it("waits out the 200 ms throttle, then grows to 100 % over about 5 s", () => {
    const bar = createLoadingBar();
    bar.start();
    jest.advanceTimersByTime(199);
    expect(bar.getState().visible).toBe(false);
    jest.advanceTimersByTime(1);
    expect(bar.getState()).toEqual({ visible: true, percent: 0, failed: false });
    jest.advanceTimersByTime(2500);
    expect(bar.getState().percent).toBeCloseTo(50, 5);
    jest.advanceTimersByTime(2500);
    expect(bar.getState().percent).toBe(100);
    jest.advanceTimersByTime(10_000);
    expect(bar.getState().percent).toBe(100);
    expect(bar.getState().visible).toBe(true);
  });

  it("jumps to 100 % on finish and hides 500 ms later", () => {
    const bar = createLoadingBar();
    bar.start();
    jest.advanceTimersByTime(1000);
    bar.finish();
    expect(bar.getState()).toEqual({ visible: true, percent: 100, failed: false });
    jest.advanceTimersByTime(499);
    expect(bar.getState().visible).toBe(true);
    jest.advanceTimersByTime(1);
    expect(bar.getState()).toBe(HIDDEN);
  });

  it("never shows for a load that finishes inside the throttle window", () => {
    const bar = createLoadingBar();
    const seen: boolean[] = [];
    bar.subscribe(() => seen.push(bar.getState().visible));
    bar.start();
    jest.advanceTimersByTime(150);
    bar.finish();
    jest.advanceTimersByTime(5000);
    expect(seen).not.toContain(true);
  });

  it("shows the failure state, even inside the throttle window, then hides", () => {
    const bar = createLoadingBar();
    bar.start();
    jest.advanceTimersByTime(50);
    bar.fail();
    expect(bar.getState()).toEqual({ visible: true, percent: 100, failed: true });
    jest.advanceTimersByTime(500);
    expect(bar.getState()).toBe(HIDDEN);
  });

  it("a new start cancels a pending hide", () => {
    const bar = createLoadingBar();
    bar.start();
    jest.advanceTimersByTime(300);
    bar.finish();
    bar.start();
    jest.advanceTimersByTime(700);
    expect(bar.getState().visible).toBe(true);
    expect(bar.getState().failed).toBe(false);
  });

  it("follows router navigation state: loading starts, idle finishes, idle with errors fails", () => {
    type Listener = Parameters<NavigationSource["subscribe"]>[0];
    let emit: Listener = () => {};
    const router: NavigationSource = {
      subscribe(fn) {
        emit = fn;
        return () => {};
      },
    };
    const bar = createLoadingBar();
    bindLoadingBar(router, bar);

    emit({ navigation: { state: "loading" }, errors: null });
    jest.advanceTimersByTime(1000);
    expect(bar.getState().visible).toBe(true);
    emit({ navigation: { state: "idle" }, errors: null });
    expect(bar.getState()).toEqual({ visible: true, percent: 100, failed: false });
    jest.advanceTimersByTime(500);

    emit({ navigation: { state: "loading" }, errors: null });
    emit({ navigation: { state: "idle" }, errors: { "0-1": new Error("chunk") } });
    expect(bar.getState().failed).toBe(true);
  });
});

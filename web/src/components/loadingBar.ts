/**
 * Loading bar logic (spec §2), free of React so it can be tested with fake timers:
 * - start(): shown only if loading lasts longer than `throttle` (200 ms), then grows to 100 %
 *   over `duration` (about 5 s);
 * - finish(): jumps to 100 % and hides `hideDelay` (500 ms) later; a load that ends inside the
 *   throttle window never shows;
 * - fail(): ends the load in the failure state (shown even inside the throttle window), hidden
 *   `hideDelay` later.
 */
export interface LoadingBarState {
  readonly visible: boolean;
  readonly percent: number;
  readonly failed: boolean;
}

export interface LoadingBarTimers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (id: unknown) => void;
}

export interface LoadingBarOptions {
  duration?: number;
  throttle?: number;
  hideDelay?: number;
  /** Growth step interval. */
  tick?: number;
  timers?: LoadingBarTimers;
}

export interface LoadingBar {
  start(): void;
  finish(): void;
  fail(): void;
  getState(): LoadingBarState;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

export const HIDDEN: LoadingBarState = Object.freeze({ visible: false, percent: 0, failed: false });

const browserTimers: LoadingBarTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
};

export function createLoadingBar(options: LoadingBarOptions = {}): LoadingBar {
  const { duration = 5000, throttle = 200, hideDelay = 500, tick = 100, timers = browserTimers } = options;
  const step = (100 * tick) / duration;
  let state: LoadingBarState = HIDDEN;
  let throttleTimer: unknown = null;
  let growTimer: unknown = null;
  let hideTimer: unknown = null;
  const listeners = new Set<() => void>();

  const set = (next: LoadingBarState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const clearAll = () => {
    if (throttleTimer !== null) timers.clearTimeout(throttleTimer);
    if (growTimer !== null) timers.clearInterval(growTimer);
    if (hideTimer !== null) timers.clearTimeout(hideTimer);
    throttleTimer = growTimer = hideTimer = null;
  };
  const show = () => {
    throttleTimer = null;
    set({ visible: true, percent: 0, failed: false });
    growTimer = timers.setInterval(() => {
      const percent = Math.min(100, state.percent + step);
      if (percent >= 100 && growTimer !== null) {
        timers.clearInterval(growTimer);
        growTimer = null;
      }
      set({ ...state, percent });
    }, tick);
  };
  const end = (failed: boolean) => {
    const neverShown = !state.visible;
    clearAll();
    if (neverShown && !failed) {
      if (state !== HIDDEN) set(HIDDEN);
      return;
    }
    set({ visible: true, percent: 100, failed });
    hideTimer = timers.setTimeout(() => {
      hideTimer = null;
      set(HIDDEN);
    }, hideDelay);
  };

  return {
    start() {
      clearAll();
      if (state !== HIDDEN) set(HIDDEN);
      if (throttle > 0) throttleTimer = timers.setTimeout(show, throttle);
      else show();
    },
    finish: () => end(false),
    fail: () => end(true),
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      clearAll();
      listeners.clear();
    },
  };
}

/** The parts of a react-router data router the bar listens to. */
export interface NavigationSource {
  subscribe(fn: (state: { navigation: { state: string }; errors: object | null }) => void): () => void;
}

/**
 * Drives the bar from router navigations: a navigation leaving "idle" starts it; returning to
 * "idle" finishes it, or fails it when the router now holds route errors.
 */
export function bindLoadingBar(router: NavigationSource, bar: LoadingBar): () => void {
  let busy = false;
  return router.subscribe(({ navigation, errors }) => {
    const nowBusy = navigation.state !== "idle";
    if (nowBusy && !busy) bar.start();
    if (!nowBusy && busy) {
      if (errors && Object.keys(errors).length > 0) bar.fail();
      else bar.finish();
    }
    busy = nowBusy;
  });
}

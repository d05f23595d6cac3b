import { beforeAll, jest } from "@jest/globals";

/**
 * For tests that render the whole app (antd in jsdom, lazy routes), slow on a loaded machine: a
 * generous timeout per test, and the layout and the page's lazy modules loaded once up front, so the
 * tests' timeouts measure rendering rather than the cold start (antd transformed on first use).
 */
export function preloadRoutes(...pages: (() => Promise<unknown>)[]): void {
  jest.setTimeout(30_000);
  beforeAll(async () => {
    // One at a time: parallel imports race in jest's ESM loader.
    await import("../src/layouts/DefaultLayout.js");
    for (const load of pages) await load();
  }, 60_000);
}

/**
 * How the e2e runner (playwright.config.ts) and bench/web launch the system Chromium: headless, no
 * sandbox, no GPU and no background traffic of its own (updates, sync, QUIC probes), so what a test
 * or a measurement sees is only what the site sends.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

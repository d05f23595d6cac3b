// What one page load costs in a real browser (Debian chromium through playwright-core): the
// JavaScript it fetched (bytes over the wire and decoded, from Resource Timing) and its Largest
// Contentful Paint. Each load runs in a fresh context (empty cache), as a first-time visitor.
import { type Browser, chromium, type Page } from "playwright-core";
import { CHROMIUM_ARGS } from "../../web/e2e/chromium.js";

/** Chromium as the e2e runner launches it (web/e2e/chromium.ts): headless, no background traffic. */
export async function launch(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
}

/** Throughput in bytes/s and round-trip latency in ms; null: loopback as it is. */
export interface Network {
  name: string;
  latencyMs: number;
  downloadBps: number;
  uploadBps: number;
}

/** Lighthouse's mobile "slow 4G" profile: what compression is for. */
export const SLOW_4G: Network = { name: "slow 4G", latencyMs: 150, downloadBps: 1_638_400 / 8, uploadBps: 768_000 / 8 };

export interface ScriptLoad {
  url: string;
  /** Body bytes as sent (compressed when the answer was). */
  encoded: number;
  decoded: number;
  /** The answer's Content-Encoding ("" for none). */
  encoding: string;
}

export interface Load {
  scripts: ScriptLoad[];
  jsEncoded: number;
  jsDecoded: number;
  /** Largest Contentful Paint, ms after navigation start; null when the page painted nothing. */
  lcpMs: number | null;
}

export interface LoadOptions {
  /** Forces `Accept-Encoding: identity` (what a client without compression gets). */
  identity: boolean;
  network: Network | null;
  /** Waits for this selector before reading LCP (the page's main content is on screen). */
  ready?: string;
}

// Runs in the page before any of its scripts (a string: the bench compiles without DOM types): keeps
// the latest LCP candidate where the bench can read it.
const OBSERVE_LCP = `
  window.__lcp = null;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__lcp = e.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
`;

// Every fetched resource with its body sizes (same origin, so the sizes are not hidden).
const RESOURCES = `performance.getEntriesByType("resource").map((e) => ({
  url: e.name, encoded: e.encodedBodySize, decoded: e.decodedBodySize,
}))`;

/** Loads `url` once in a fresh context and measures it. */
export async function measureLoad(browser: Browser, url: string, o: LoadOptions): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: "zh-CN",
    // Chromium only advertises its own encodings when the request carries none.
    extraHTTPHeaders: o.identity ? { "accept-encoding": "identity" } : {},
  });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVE_LCP });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    if (o.network) {
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: o.network.latencyMs,
        downloadThroughput: o.network.downloadBps,
        uploadThroughput: o.network.uploadBps,
      });
    }
    const encodings = new Map<string, string>();
    page.on("response", (r) => {
      if (isScript(r.url())) encodings.set(r.url(), r.headers()["content-encoding"] ?? "");
    });
    const res = await page.goto(url, { waitUntil: "networkidle", timeout: 180_000 });
    if (!res?.ok()) throw new Error(`${url}: HTTP ${res?.status()}`);
    if (o.ready) await page.waitForSelector(o.ready, { timeout: 60_000 });
    await page.waitForTimeout(300); // a late LCP candidate (an image decoding) still gets reported
    const scripts = (await resourceScripts(page)).map((s) => ({ ...s, encoding: encodings.get(s.url) ?? "" }));
    const lcpMs = await page.evaluate<number | null>("window.__lcp");
    return {
      scripts,
      jsEncoded: scripts.reduce((n, s) => n + s.encoded, 0),
      jsDecoded: scripts.reduce((n, s) => n + s.decoded, 0),
      lcpMs,
    };
  } finally {
    await context.close();
  }
}

const isScript = (url: string) => /\.m?js(\?|$)/.test(new URL(url).pathname);

async function resourceScripts(page: Page): Promise<Omit<ScriptLoad, "encoding">[]> {
  const entries = await page.evaluate<Array<Omit<ScriptLoad, "encoding">>>(RESOURCES);
  return entries.filter((e) => isScript(e.url));
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

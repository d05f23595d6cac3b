// What one page load costs in a real browser (Debian chromium through playwright-core): the
// JavaScript it fetched (bytes over the wire and decoded, from Resource Timing) and its Largest
// Contentful Paint. Each load runs in a fresh context (empty cache), as a first-time visitor.
import { type Browser, chromium } from "playwright-core";
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

/** When things happened in a load, ms after navigation start (null: not fetched). */
export interface Timeline {
  /** The last script's answer ended. */
  scriptsDone: number | null;
  /** The first API call (REST or Connect) was sent. */
  firstApiStart: number | null;
  /** The request for `image` was sent, and its answer ended. */
  imageStart: number | null;
  imageEnd: number | null;
}

/** One fetched resource: its path and when it was sent and done (ms after navigation start). */
export interface Fetched {
  path: string;
  start: number;
  end: number;
}

export interface Load {
  scripts: ScriptLoad[];
  timeline: Timeline;
  /** Everything fetched, in the order it was sent: the waterfall. */
  waterfall: Fetched[];
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
  /** The path of the image whose request the timeline follows (a document's first page). */
  image?: RegExp;
}

// Runs in the page before any of its scripts (a string: the bench compiles without DOM types): keeps
// the latest LCP candidate where the bench can read it.
const OBSERVE_LCP = `
  window.__lcp = null;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__lcp = e.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
`;

// Every fetched resource with its body sizes (same origin, so the sizes are not hidden) and times.
const RESOURCES = `performance.getEntriesByType("resource").map((e) => ({
  url: e.name, encoded: e.encodedBodySize, decoded: e.decodedBodySize, start: e.startTime, end: e.responseEnd,
}))`;

interface Resource {
  url: string;
  encoded: number;
  decoded: number;
  start: number;
  end: number;
}

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
    const resources = await page.evaluate<Resource[]>(RESOURCES);
    const scripts = resources
      .filter((e) => isScript(e.url))
      .map(({ url, encoded, decoded }) => ({ url, encoded, decoded, encoding: encodings.get(url) ?? "" }));
    const lcpMs = await page.evaluate<number | null>("window.__lcp");
    const path = (e: Resource) => new URL(e.url).pathname;
    const image = o.image ? resources.find((e) => o.image?.test(path(e))) : undefined;
    const api = resources.filter((e) => /^\/(api\/|api\.v1\.)/.test(path(e)));
    const scriptEnds = resources.filter((e) => isScript(e.url)).map((e) => e.end);
    return {
      scripts,
      waterfall: resources.map((e) => ({ path: path(e) + new URL(e.url).search, start: e.start, end: e.end })),
      timeline: {
        scriptsDone: scriptEnds.length ? Math.max(...scriptEnds) : null,
        firstApiStart: api.length ? Math.min(...api.map((e) => e.start)) : null,
        imageStart: image?.start ?? null,
        imageEnd: image?.end ?? null,
      },
      jsEncoded: scripts.reduce((n, s) => n + s.encoded, 0),
      jsDecoded: scripts.reduce((n, s) => n + s.decoded, 0),
      lcpMs,
    };
  } finally {
    await context.close();
  }
}

const isScript = (url: string) => /\.m?js(\?|$)/.test(new URL(url).pathname);

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

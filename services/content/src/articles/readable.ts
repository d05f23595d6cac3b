// The main content of a fetched web page (CrawlArticle), extracted by Mozilla's Readability in a
// worker thread of its own (readable.worker.mjs): the page is capped in size before it is parsed, the
// thread in heap and elements, and it is ended when its time budget runs out, so a hostile page costs
// at most one bounded thread and never stalls the service.
import { Worker } from "node:worker_threads";

/** What Readability found; the content is its HTML, not yet sanitised. */
export interface Readable {
  title: string;
  content: string;
  /** The start of the content as text (empty: nothing worth an article was found). */
  text: string;
  excerpt: string;
  byline: string;
  siteName: string;
}

export interface ReadableLimits {
  timeoutMs: number;
  heapMb: number;
  /** Readability refuses a page with more elements than this. */
  maxElements: number;
}

export const READABLE_LIMITS: ReadableLimits = { timeoutMs: 10_000, heapMb: 128, maxElements: 20_000 };

/** Why no content came out: the budget ran out, or the page could not be parsed (too many elements …). */
export class UnreadablePage extends Error {
  constructor(
    readonly reason: "timeout" | "failed",
    message: string,
  ) {
    super(message);
    this.name = "UnreadablePage";
  }
}

const workerUrl = new URL("./readable.worker.mjs", import.meta.url);

/** Extracts the main content of `html` (fetched from `url`); null when the page has none. */
export function extractReadable(html: string, url: string, limits = READABLE_LIMITS): Promise<Readable | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, {
      workerData: { html, url, maxElements: limits.maxElements },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      execArgv: [],
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      worker.terminate().catch(() => undefined);
    };
    const timer = setTimeout(
      () => finish(() => reject(new UnreadablePage("timeout", `readability took over ${limits.timeoutMs} ms`))),
      limits.timeoutMs,
    );
    worker.once("message", (m: Readable | null) => finish(() => resolve(m)));
    worker.once("error", (err) => finish(() => reject(new UnreadablePage("failed", err.message))));
    worker.once("exit", (code) =>
      finish(() => reject(new UnreadablePage("failed", `readability thread exited with ${code}`))),
    );
  });
}

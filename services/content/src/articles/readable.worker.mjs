// The thread that extracts an article's main content from a fetched web page (readable.ts starts one per
// page and ends it after its time budget). Plain JavaScript, so it starts the same way from the sources
// (tsx, jest, which does not transform code inside a worker thread) and beside the compiled build.
// Readability on linkedom's DOM: hostile HTML can only cost this thread, never the service's event loop.
import { parentPort, workerData } from "node:worker_threads";
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";

/** A URL of the page made absolute (http and https only); undefined for anything else. */
function absolute(raw, base) {
  if (!raw) return undefined;
  try {
    const url = new URL(raw.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const { html, url, maxElements } = workerData;
const { document } = parseHTML(html);
// Lazy-loaded images keep their real address in data-src; every image and link is made absolute
// before extraction (linkedom has no base URI for Readability to resolve against).
for (const img of document.querySelectorAll("img")) {
  const lazy = img.getAttribute("data-src") || img.getAttribute("data-original");
  const src = absolute(lazy || img.getAttribute("src"), url);
  if (src) img.setAttribute("src", src);
  else img.removeAttribute("src");
  img.removeAttribute("srcset");
}
for (const a of document.querySelectorAll("a[href]")) {
  const href = absolute(a.getAttribute("href"), url);
  if (href) a.setAttribute("href", href);
  else a.removeAttribute("href");
}
const article = new Readability(document, { maxElemsToParse: maxElements, keepClasses: false }).parse();
parentPort.postMessage(
  article
    ? {
        title: article.title ?? "",
        content: article.content ?? "",
        text: (article.textContent ?? "").trim().slice(0, 2000),
        excerpt: article.excerpt ?? "",
        byline: article.byline ?? "",
        siteName: article.siteName ?? "",
      }
    : null,
);

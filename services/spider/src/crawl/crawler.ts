// One crawl of one spider URL, for the run its worker claimed: breadth first from the start page, links
// followed on the start URL's origin under its path prefix up to the URL's depth, every request polite
// (polite.ts) and allowed by robots.txt. A page is re-fetched conditionally (If-None-Match /
// If-Modified-Since from the last crawl); a 304 reuses the links it held then. Links to files of the
// allowed extensions become spider documents (one per URL) and are queued for download when the crawl is
// done. The run ends early, writing nothing more, once its row says it is no longer this run's (stopped).

import type { Logger } from "@wenku/kit";
import { FetchRefused } from "@wenku/kit/net";
import type { DocRepository, FoundFile } from "../documents/document.repository.js";
import { CrawlState } from "../states.js";
import type { UrlRepository, UrlRow } from "../urls/url.repository.js";
import { extensionOf, extractLinks, fileTitle, isPageLike, type PageLink, scopeOf } from "./links.js";
import type { PoliteFetcher } from "./polite.js";

export interface CrawlDeps {
  urls: UrlRepository;
  docs: DocRepository;
  polite: PoliteFetcher;
  /** Whether files of an extension are collected (the site's document_allowed_ext, read per crawl). */
  fileFilter: () => Promise<(ext: string) => boolean>;
  pageMaxBytes: number;
  maxPages: number;
  leaseMs: number;
  log: Logger;
}

export const crawlMessages = {
  robots: "robots.txt 不允许采集该网址",
  notPage: (status: number) => `起始网址无法采集（HTTP ${status}）`,
  notHtml: (type: string) => `起始网址不是网页（${type || "未知类型"}）`,
} as const;

const HTML = new Set(["text/html", "application/xhtml+xml", ""]);

type PageOutcome = { links: PageLink[] } | { problem: string };

/** A stored link ("url\ttext") and back: a 304 answer has no body to read the links from. */
const packLink = (l: PageLink) => `${l.url}\t${l.text}`;
const unpackLink = (s: string): PageLink => {
  const tab = s.indexOf("\t");
  return tab < 0 ? { url: s, text: "" } : { url: s.slice(0, tab), text: s.slice(tab + 1) };
};

function decode(bytes: Buffer, contentType: string): string {
  const charset = /charset=([\w-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/** Crawls `row` (claimed for run `row.run`); `beat` tells the bus the job is alive. */
export async function crawlUrl(d: CrawlDeps, row: UrlRow, beat: () => void, signal?: AbortSignal): Promise<void> {
  const inScope = scopeOf(row.url);
  const wanted = await d.fileFilter();
  const intervalMs = row.interval * 1000;
  const queue: { url: string; depth: number }[] = [{ url: row.url, depth: 0 }];
  const seen = new Set([row.url]);
  const files = new Map<string, FoundFile>();
  let pages = 0;
  while (queue.length && pages < d.maxPages) {
    if (!(await d.urls.renew(row.id, row.run, d.leaseMs))) {
      d.log.info({ spider_url_id: String(row.id) }, "spider: crawl stopped");
      return;
    }
    beat();
    signal?.throwIfAborted();
    const page = queue.shift() as { url: string; depth: number };
    pages++;
    const outcome = await fetchPage(d, row, page.url, intervalMs, signal);
    if ("problem" in outcome) {
      if (page.url === row.url) {
        await d.urls.finish(row.id, row.run, CrawlState.failed, outcome.problem, await d.docs.count(row.id));
        return;
      }
      d.log.debug({ url: page.url, problem: outcome.problem }, "spider: page skipped");
      continue;
    }
    for (const link of outcome.links) {
      const ext = extensionOf(link.url);
      if (ext && wanted(ext)) {
        if (!files.has(link.url)) files.set(link.url, { url: link.url, title: fileTitle(link.url, link.text), ext });
      } else if (page.depth < row.depth && !seen.has(link.url) && inScope(link.url) && isPageLike(link.url)) {
        seen.add(link.url);
        queue.push({ url: link.url, depth: page.depth + 1 });
      }
    }
  }
  await d.docs.addFound(row.id, [...files.values()]);
  await d.urls.finish(row.id, row.run, CrawlState.done, "", await d.docs.count(row.id));
}

async function fetchPage(
  d: CrawlDeps,
  row: UrlRow,
  url: string,
  intervalMs: number,
  signal?: AbortSignal,
): Promise<PageOutcome> {
  try {
    if (!(await d.polite.allowed(url, intervalMs, signal))) return { problem: crawlMessages.robots };
    const prior = await d.urls.page(row.id, url);
    const headers: Record<string, string> = { accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5" };
    if (prior?.etag) headers["if-none-match"] = prior.etag;
    if (prior?.lastModified) headers["if-modified-since"] = prior.lastModified;
    return await d.polite.request(url, { intervalMs, maxBytes: d.pageMaxBytes, headers, signal }, async (a) => {
      if (a.status === 304 && prior) return { links: prior.links.map(unpackLink) };
      if (a.status < 200 || a.status > 299) return { problem: crawlMessages.notPage(a.status) };
      if (!HTML.has(a.contentType)) return { problem: crawlMessages.notHtml(a.contentType) };
      const bytes = Buffer.concat(await a.body.toArray());
      const links = extractLinks(decode(bytes, a.headers["content-type"] ?? ""), a.url);
      await d.urls.savePage(row.id, url, {
        etag: (a.headers.etag ?? "").slice(0, 255),
        lastModified: (a.headers["last-modified"] ?? "").slice(0, 64),
        links: links.map(packLink),
      });
      return { links };
    });
  } catch (err) {
    if (err instanceof FetchRefused && !signal?.aborted) return { problem: err.message };
    throw err;
  }
}

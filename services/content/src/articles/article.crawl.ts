// CrawlArticle: one article imported from a web page. The page is fetched through the kit's guarded
// fetcher (public addresses only unless FETCH_ALLOW_HOSTS, capped in size, time and redirects), its main
// content extracted by Readability in a bounded worker thread (readable.ts), its images fetched through
// the same guard and stored here as the editor's uploads are (an image that cannot be stored is left
// out), then sanitised as every article is and saved as the caller's article waiting for review, with
// the page's address as its source.
import { type CallContext, cleanName, DomainError, type Logger } from "@wenku/kit";
import { type AllowHosts, FetchRefused, guardedFetch } from "@wenku/kit/net";
import type { ArticleImages } from "./article.images.js";
import type { ArticleService, ArticleView } from "./article.service.js";
import { extractReadable, READABLE_LIMITS, type ReadableLimits, UnreadablePage } from "./readable.js";
import { articleImageSources, sanitizeArticleHtml } from "./sanitize.js";

/** A page larger than this is refused before it is parsed. */
export const CRAWL_PAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The page's fetch, redirects and body included. */
export const CRAWL_FETCH_TIMEOUT_MS = 15_000;
const URL_MAX = 1024;

export const crawlMessages = {
  badUrl: "请输入以 http:// 或 https:// 开头的网址",
  refused: (why: string) => `无法获取该网址：${why}`,
  notHtml: (type: string) => `该网址返回的不是网页（${type || "未知类型"}），只能导入 HTML 网页`,
  nothing: "未能从该网页中提取到正文",
  tooComplex: "该网页过于复杂，未能提取正文",
} as const;

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const onUrl = (message: string) => new DomainError("invalid_argument", message, undefined, "url");
const cut = (s: string, n: number) => [...s].slice(0, n).join("");

export interface ArticleCrawlerDeps {
  articles: Pick<ArticleService, "create">;
  images: Pick<ArticleImages, "storeSome">;
  /** What the fetcher may reach although private: the operator's FETCH_ALLOW_HOSTS. */
  allow?: AllowHosts;
  log: Logger;
  limits?: ReadableLimits;
}

/** The page's text: its charset from the answer, else from a <meta> near its start, else UTF-8. */
function decode(bytes: Buffer, charset: string): string {
  const head = bytes.subarray(0, 4096).toString("latin1");
  const meta = /<meta[^>]+charset\s*=\s*["']?\s*([\w-]+)/i.exec(head)?.[1];
  for (const label of [charset, meta, "utf-8"]) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(bytes);
    } catch {
      // an unknown label: the next one
    }
  }
  return bytes.toString("utf8");
}

export function createArticleCrawler(deps: ArticleCrawlerDeps) {
  const log = deps.log;

  async function fetchPage(url: string) {
    try {
      return await guardedFetch(url, {
        maxBytes: CRAWL_PAGE_MAX_BYTES,
        timeoutMs: CRAWL_FETCH_TIMEOUT_MS,
        accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
        ...(deps.allow ? { allow: deps.allow } : {}),
      });
    } catch (err) {
      if (err instanceof FetchRefused) throw onUrl(crawlMessages.refused(err.message));
      throw err;
    }
  }

  async function readable(html: string, url: string) {
    try {
      return await extractReadable(html, url, deps.limits ?? READABLE_LIMITS);
    } catch (err) {
      if (!(err instanceof UnreadablePage)) throw err;
      log.info({ url, reason: err.reason, err: err.message }, "crawl: no content extracted");
      throw onUrl(crawlMessages.tooComplex);
    }
  }

  return {
    /** Imports the article at `rawUrl` for the caller; answers it as GetArticle shows it to its author. */
    async crawl(call: CallContext, rawUrl: string): Promise<ArticleView> {
      const url = rawUrl.trim();
      if (url.length > URL_MAX || !/^https?:\/\/\S+$/i.test(url)) throw onUrl(crawlMessages.badUrl);
      const page = await fetchPage(url);
      const sniffed =
        page.contentType === "" && /^\s*(?:<!doctype html|<html)/i.test(page.bytes.subarray(0, 512).toString("latin1"));
      if (!HTML_TYPES.has(page.contentType) && !sniffed) throw onUrl(crawlMessages.notHtml(page.contentType));

      const found = await readable(decode(page.bytes, page.charset), page.url);
      if (!found?.text.trim()) throw onUrl(crawlMessages.nothing);

      const stored = await deps.images.storeSome(call, articleImageSources(found.content), (src, why) =>
        log.info({ url: page.url, image: src.slice(0, 200), why }, "crawl: image left out"),
      );
      // Sanitised here with the stored images in their place (the rest dropped); the article service
      // sanitises again as every save does, and finds nothing left to fetch.
      const content = sanitizeArticleHtml(found.content, stored);
      const host = new URL(page.url).hostname;
      const source = page.url.length <= URL_MAX ? page.url : url;
      return deps.articles.create(
        call,
        {
          id: 0n,
          identifier: "",
          title: cut(cleanName(found.title), 255) || host,
          author: cut(cleanName(found.byline), 64),
          keywords: "",
          description: cut(cleanName(found.excerpt), 500),
          content,
          categoryId: [],
          status: 0,
          source: cut(cleanName(found.siteName) || host, 64),
          sourceUrl: source,
        },
        { review: true },
      );
    },
  };
}

export type ArticleCrawler = ReturnType<typeof createArticleCrawler>;

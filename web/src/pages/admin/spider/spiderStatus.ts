import { CrawlStatus, SpiderDocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import type { MessageKey } from "../../../i18n/zh-CN.js";

/** How a status shows: its text and tag colour. */
export interface StatusView {
  label: MessageKey;
  color: string;
}

export const CRAWL_STATUSES = [
  CrawlStatus.PENDING,
  CrawlStatus.CRAWLING,
  CrawlStatus.DONE,
  CrawlStatus.FAILED,
] as const;

const CRAWL_COLORS: Record<CrawlStatus, string> = {
  [CrawlStatus.PENDING]: "default",
  [CrawlStatus.CRAWLING]: "processing",
  [CrawlStatus.DONE]: "success",
  [CrawlStatus.FAILED]: "error",
};

export const crawlStatusView = (s: CrawlStatus): StatusView => ({
  label: `adm.spider.crawl.${s}` as MessageKey,
  color: CRAWL_COLORS[s] ?? "default",
});

/** The spec's spider document states, in the order a file moves through them. */
export const SPIDER_DOCUMENT_STATUSES = [
  SpiderDocumentStatus.PENDING_DOWNLOAD,
  SpiderDocumentStatus.QUEUED,
  SpiderDocumentStatus.DOWNLOADING,
  SpiderDocumentStatus.DOWNLOADED,
  SpiderDocumentStatus.DOWNLOAD_FAILED,
  SpiderDocumentStatus.QUEUED_TO_PUBLISH,
  SpiderDocumentStatus.PUBLISHING,
  SpiderDocumentStatus.PUBLISHED,
  SpiderDocumentStatus.PUBLISH_FAILED,
] as const;

const DOCUMENT_COLORS: Record<SpiderDocumentStatus, string> = {
  [SpiderDocumentStatus.PENDING_DOWNLOAD]: "default",
  [SpiderDocumentStatus.QUEUED]: "default",
  [SpiderDocumentStatus.DOWNLOADING]: "processing",
  [SpiderDocumentStatus.DOWNLOADED]: "cyan",
  [SpiderDocumentStatus.DOWNLOAD_FAILED]: "error",
  [SpiderDocumentStatus.QUEUED_TO_PUBLISH]: "default",
  [SpiderDocumentStatus.PUBLISHING]: "processing",
  [SpiderDocumentStatus.PUBLISHED]: "success",
  [SpiderDocumentStatus.PUBLISH_FAILED]: "error",
};

export const spiderDocumentStatusView = (s: SpiderDocumentStatus): StatusView => ({
  label: `adm.spider.doc.status.${s}` as MessageKey,
  color: DOCUMENT_COLORS[s] ?? "default",
});

/** States that change by themselves (the spider is at work): a page showing one reads itself again. */
const CRAWL_BUSY: ReadonlySet<CrawlStatus> = new Set([CrawlStatus.PENDING, CrawlStatus.CRAWLING]);
const DOCUMENT_BUSY: ReadonlySet<SpiderDocumentStatus> = new Set([
  SpiderDocumentStatus.PENDING_DOWNLOAD,
  SpiderDocumentStatus.QUEUED,
  SpiderDocumentStatus.DOWNLOADING,
  SpiderDocumentStatus.QUEUED_TO_PUBLISH,
  SpiderDocumentStatus.PUBLISHING,
]);

/** How often a page with work under way reads itself again. */
export const PROGRESS_POLL_MS = 3000;

export const crawlInProgress = (rows: readonly { status: CrawlStatus }[]): number | false =>
  rows.some((r) => CRAWL_BUSY.has(r.status)) ? PROGRESS_POLL_MS : false;

export const documentsInProgress = (rows: readonly { status: SpiderDocumentStatus }[]): number | false =>
  rows.some((r) => DOCUMENT_BUSY.has(r.status)) ? PROGRESS_POLL_MS : false;

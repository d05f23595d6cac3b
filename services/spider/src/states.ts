// The statuses rows hold, by the contract's enums (enums.proto CrawlStatus, SpiderDocumentStatus).
import { CrawlStatus, SpiderDocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";

export const CrawlState = {
  pending: CrawlStatus.PENDING,
  crawling: CrawlStatus.CRAWLING,
  done: CrawlStatus.DONE,
  failed: CrawlStatus.FAILED,
} as const;

export const DocState = {
  pendingDownload: SpiderDocumentStatus.PENDING_DOWNLOAD,
  queued: SpiderDocumentStatus.QUEUED,
  downloading: SpiderDocumentStatus.DOWNLOADING,
  downloaded: SpiderDocumentStatus.DOWNLOADED,
  downloadFailed: SpiderDocumentStatus.DOWNLOAD_FAILED,
  queuedToPublish: SpiderDocumentStatus.QUEUED_TO_PUBLISH,
  publishing: SpiderDocumentStatus.PUBLISHING,
  published: SpiderDocumentStatus.PUBLISHED,
  publishFailed: SpiderDocumentStatus.PUBLISH_FAILED,
} as const;

/** The reason a crawl stopped by an administrator shows. */
export const STOPPED = "已停止";

// ContentInternalAPI, the one module implementing it: what other services ask the content service
// (the config service: statistics, the search index, the host; the gateway: the sitemap and the
// crawler-readable pages), each a call into the slice that answers it.
import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import {
  type ContentInternalAPI,
  CrawlerArticleSchema,
  CrawlerDocumentSchema,
} from "@wenku/proto/api/v1/content_internal_pb.js";
import { toArticle } from "../articles/article.mapper.js";
import { toDocument } from "../documents/document.mapper.js";
import type { ConverterAvailability } from "../ports.js";
import { toIndexStatus } from "../search/search.mapper.js";
import type { SearchService } from "../search/search.service.js";
import type { CrawlerArticles } from "../sitemap/crawler.article.js";
import type { CrawlerDocuments } from "../sitemap/crawler.document.js";
import type { SitemapBuilder } from "../sitemap/sitemap.builder.js";
import { toSitemapStatus } from "../sitemap/sitemap.mapper.js";
import type { StatsService } from "../stats/stats.service.js";
import { deviceInfo, type WatchedDir } from "../system/device.js";

/** The services ContentInternalAPI's methods call. */
export interface ContentInternalDomain {
  stats: StatsService;
  search: SearchService;
  sitemap: SitemapBuilder;
  crawler: CrawlerDocuments;
  crawlerArticles: CrawlerArticles;
  /** Asks a converter for its environment check (the old GetConverterEnvs, kept on the wire). */
  converter: Pick<ConverterAvailability, "envs">;
  /** Directories whose disks are reported. */
  dirs: readonly WatchedDir[];
}

export function createContentInternalHandlers({
  stats,
  search,
  sitemap,
  crawler,
  crawlerArticles,
  converter,
  dirs,
}: ContentInternalDomain): ServiceImpl<typeof ContentInternalAPI> {
  return {
    async getContentStats() {
      return stats.contentStats();
    },
    async getContentDailyCounts(req) {
      const daily = await stats.daily(req.days, req.timeZone);
      return {
        documents: daily.documents,
        conversions: daily.conversions,
        conversionFailures: daily.failures,
        downloads: daily.downloads,
      };
    },
    async rebuildSearchIndex() {
      return toIndexStatus(await search.rebuild());
    },
    async getSearchIndexStatus() {
      return toIndexStatus(await search.status());
    },
    async rebuildSitemap(req) {
      return toSitemapStatus(await sitemap.rebuild(req.maxAgeSeconds));
    },
    getSitemapFile(req, ctx) {
      return sitemap.file(req.name, req.ifNoneMatch, ctx.signal);
    },
    async getCrawlerDocument(req) {
      const v = await crawler.get(req.id, req.maxPages, req.maxTextBytes);
      return create(CrawlerDocumentSchema, {
        document: toDocument(v.row, { users: v.users, withAuthor: true }),
        pageText: v.pageTexts,
      });
    },
    async getCrawlerArticle(req) {
      const v = await crawlerArticles.get(req);
      return create(CrawlerArticleSchema, {
        article: toArticle({ ...v.row, content: "" }, { users: v.users }),
        text: v.text,
      });
    },
    getConverterEnvs() {
      return converter.envs();
    },
    getDeviceInfo() {
      return deviceInfo(dirs);
    },
  };
}

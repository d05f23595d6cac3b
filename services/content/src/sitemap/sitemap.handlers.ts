// ContentInternalAPI's sitemap and crawler-page RPCs: thin edges over the builder and the crawler view.
import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import {
  type ContentInternalAPI,
  CrawlerArticleSchema,
  CrawlerDocumentSchema,
  SitemapFileSchema,
  SitemapStatusSchema,
} from "@wenku/proto/api/v1/content_internal_pb.js";
import { toArticle } from "../articles/article.mapper.js";
import { toDocument } from "../documents/document.mapper.js";
import type { CrawlerArticles } from "./crawler.article.js";
import type { CrawlerDocuments } from "./crawler.document.js";
import type { SitemapBuilder, SitemapStatusView } from "./sitemap.builder.js";

export interface SitemapHandlerDeps {
  sitemap: SitemapBuilder;
  crawler: CrawlerDocuments;
  crawlerArticles: CrawlerArticles;
}

function statusReply(v: SitemapStatusView) {
  return create(SitemapStatusSchema, {
    builtAt: v.builtAt ? timestampFromDate(v.builtAt) : undefined,
    rebuilt: v.rebuilt,
    shard: v.shards.map((s) =>
      create(SitemapFileSchema, {
        name: s.name,
        urls: s.urls,
        bytes: BigInt(s.bytes),
        lastmod: s.lastmod ? timestampFromDate(s.lastmod) : undefined,
      }),
    ),
  });
}

export function createSitemapInternalHandlers(
  deps: SitemapHandlerDeps,
): Pick<
  ServiceImpl<typeof ContentInternalAPI>,
  "rebuildSitemap" | "getSitemapFile" | "getCrawlerDocument" | "getCrawlerArticle"
> {
  return {
    async rebuildSitemap(req) {
      return statusReply(await deps.sitemap.rebuild(req.maxAgeSeconds));
    },
    getSitemapFile(req, ctx) {
      return deps.sitemap.file(req.name, req.ifNoneMatch, ctx.signal);
    },
    async getCrawlerDocument(req) {
      const v = await deps.crawler.get(req.id, req.maxPages, req.maxTextBytes);
      return create(CrawlerDocumentSchema, {
        document: toDocument(v.row, { users: v.users, withAuthor: true }),
        pageText: v.pageTexts,
      });
    },
    async getCrawlerArticle(req) {
      const v = await deps.crawlerArticles.get(req);
      return create(CrawlerArticleSchema, {
        article: toArticle({ ...v.row, content: "" }, { users: v.users }),
        text: v.text,
      });
    },
  };
}

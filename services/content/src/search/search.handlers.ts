import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import { type ArticleAPI, ArticleHitSchema, SearchArticleReplySchema } from "@wenku/proto/api/v1/article_pb.js";
import type { ContentInternalAPI } from "@wenku/proto/api/v1/content_internal_pb.js";
import { type DocumentAPI, DocumentHitSchema, SearchDocumentReplySchema } from "@wenku/proto/api/v1/document_pb.js";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import { type SearchAPI, SearchIndexStatusSchema, SearchReplySchema } from "@wenku/proto/api/v1/search_pb.js";
import { toArticle } from "../articles/article.mapper.js";
import { toDocument } from "../documents/document.mapper.js";
import type { ArticleSearchResult, DocumentSearchResult, IndexStatus, SearchService } from "./search.service.js";

/** What both search RPCs answer about documents. */
function documentsReply(r: DocumentSearchResult) {
  return {
    total: BigInt(r.total),
    totalIsLowerBound: r.lowerBound,
    spend: `${r.spend.toFixed(3)}s`,
    document: r.rows.map((row) => toDocument(row, { users: r.users })),
    hit: r.hits.map((h) =>
      create(DocumentHitSchema, {
        documentId: h.documentId,
        pages: h.pages,
        page: h.snippet?.page ?? 0,
        snippet: h.snippet?.text ?? "",
        highlight: h.snippet?.highlights ?? [],
      }),
    ),
  };
}

/** What both search RPCs answer about articles: public fields, no content (lists never carry it). */
function articlesReply(r: ArticleSearchResult) {
  return {
    total: BigInt(r.total),
    spend: `${r.spend.toFixed(3)}s`,
    article: r.rows.map((row) => toArticle({ ...row, content: "" }, { users: r.users })),
    hit: r.hits.map((h) =>
      create(ArticleHitSchema, {
        articleId: h.articleId,
        snippet: h.snippet?.text ?? "",
        highlight: h.snippet?.highlights ?? [],
      }),
    ),
  };
}

/** ArticleAPI.SearchArticle and SetArticleIndex. */
export function createArticleSearchHandlers(
  search: SearchService,
): Pick<ServiceImpl<typeof ArticleAPI>, "searchArticle" | "setArticleIndex"> {
  return {
    async setArticleIndex(req) {
      await search.reindexArticles(req.id);
      return {};
    },
    async searchArticle(req, ctx) {
      return create(SearchArticleReplySchema, articlesReply(await search.articles(actor(ctx), req)));
    },
  };
}

/** DocumentAPI.SearchDocument (moredoc's document search) and SetDocumentIndex. */
export function createDocumentSearchHandlers(
  search: SearchService,
): Pick<ServiceImpl<typeof DocumentAPI>, "searchDocument" | "setDocumentIndex"> {
  return {
    async setDocumentIndex(req) {
      await search.reindex(req.id);
      return {};
    },
    async searchDocument(req, ctx) {
      return create(SearchDocumentReplySchema, documentsReply(await search.documents(actor(ctx), req)));
    },
  };
}

/** SearchAPI: the /search page's one call, documents or articles. */
export function createSearchHandlers(search: SearchService): Pick<ServiceImpl<typeof SearchAPI>, "search"> {
  return {
    async search(req, ctx) {
      if (req.type === ContentKind.ARTICLE) {
        const found = articlesReply(await search.articles(actor(ctx), req));
        return create(SearchReplySchema, { ...found, hit: [], articleHit: found.hit });
      }
      const r = await search.documents(actor(ctx), {
        page: req.page,
        size: req.size,
        wd: req.wd,
        categoryId: req.categoryId,
        sort: req.sort,
        ext: req.ext,
        userId: 0n,
        createdAt: [],
        language: [],
        languageId: [],
      });
      return create(SearchReplySchema, documentsReply(r));
    },
  };
}

const statusReply = (s: IndexStatus) =>
  create(SearchIndexStatusSchema, {
    backend: s.backend,
    indexed: BigInt(s.indexed),
    running: s.running,
    total: BigInt(s.total),
    done: BigInt(s.done),
    error: s.error,
    articles: BigInt(s.articles),
    unreachable: s.unreachable,
  });

/** The index's administration as the config service asks for it (ConfigAPI.RenewDocumentIndex, GetDocumentIndexStatus). */
export function createSearchInternalHandlers(
  search: SearchService,
): Pick<ServiceImpl<typeof ContentInternalAPI>, "rebuildSearchIndex" | "getSearchIndexStatus"> {
  return {
    async rebuildSearchIndex() {
      return statusReply(await search.rebuild());
    },
    async getSearchIndexStatus() {
      return statusReply(await search.status());
    },
  };
}

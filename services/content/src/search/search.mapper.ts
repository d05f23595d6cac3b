// What the search slice's results look like as messages: DocumentAPI.SearchDocument and SearchAPI.Search
// answer documents alike, ArticleAPI.SearchArticle and SearchAPI.Search articles alike.
import { create } from "@bufbuild/protobuf";
import { ArticleHitSchema } from "@wenku/proto/api/v1/article_pb.js";
import { DocumentHitSchema } from "@wenku/proto/api/v1/document_pb.js";
import { SearchIndexStatusSchema } from "@wenku/proto/api/v1/search_pb.js";
import { toArticle } from "../articles/article.mapper.js";
import { toDocument } from "../documents/document.mapper.js";
import type { ArticleSearchResult, DocumentSearchResult, IndexStatus } from "./search.service.js";

/** What both search RPCs answer about documents. */
export function documentsReply(r: DocumentSearchResult) {
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
export function articlesReply(r: ArticleSearchResult) {
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

export const toIndexStatus = (s: IndexStatus) =>
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

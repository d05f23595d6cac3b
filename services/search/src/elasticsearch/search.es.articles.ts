// The articles' Elasticsearch index: an alias of its own (`<prefix>-articles`) with the documents'
// template, rebuilds and queries (search.es.ts), each article written as a document of one page that
// holds its text. So an article matches as a document does: every term in its fields, or in its fields
// and its text together; the title is boosted, the exact phrase counts, the same tokens as PostgreSQL's.

import type { ArticleIndex, IndexedArticle, IndexedDocument, SearchIndexTarget } from "../search.index.js";
import type { EsDocumentIndex } from "./search.es.types.js";

/** The document an article is written as. */
export function articleAsDocument(a: IndexedArticle): IndexedDocument {
  return {
    id: a.id,
    version: a.version,
    title: a.title,
    keywords: a.keywords,
    description: a.description,
    categoryNames: a.categoryNames,
    categoryIds: a.categoryIds,
    uploader: a.author,
    userId: a.userId,
    languageId: null,
    ext: "",
    type: "article",
    pages: 1,
    preview: 0,
    viewCount: a.viewCount,
    downloadCount: 0,
    score: 0,
    createdAt: a.createdAt,
    pageTexts: [a.text],
  };
}

function asArticles(target: SearchIndexTarget) {
  return {
    upsert: (articles: readonly IndexedArticle[]) => target.upsert(articles.map(articleAsDocument)),
    remove: (ids: readonly bigint[]) => target.remove(ids),
    versions: () => target.versions(),
  };
}

export function esArticleIndex(index: EsDocumentIndex): ArticleIndex {
  return {
    ...asArticles(index),
    count: () => index.count(),
    clear: () => index.clear(),
    updateCounts: (counts) => index.updateCounts(counts),
    async search(q) {
      const found = await index.search({
        text: q.text,
        sort: q.sort,
        offset: q.offset,
        limit: q.limit,
        ...(q.categoryIds?.length ? { categoryIds: q.categoryIds } : {}),
      });
      return { total: found.total, hits: found.hits.map((h) => ({ id: h.id, rank: h.rank })) };
    },
    async startRebuild() {
      const build = await index.startRebuild();
      return { target: asArticles(build.target), commit: () => build.commit(), abort: () => build.abort() };
    },
  };
}

import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor, type CallContext } from "@wenku/kit";
import { type ArticleAPI, ListArticleReplySchema, SearchArticleReplySchema } from "@wenku/proto/api/v1/article_pb.js";
import { articlesReply } from "../search/search.mapper.js";
import type { SearchService } from "../search/search.service.js";
import type { ArticleAdminService } from "./article.admin.js";
import type { ArticleCrawler } from "./article.crawl.js";
import { pickArticleFields, toArticle } from "./article.mapper.js";
import type { ArticleRow } from "./article.repository.js";
import { isAuthor } from "./article.rules.js";
import type { ArticleService, ArticleView } from "./article.service.js";

/** Thin RPC edge of ArticleAPI; SearchArticle and SetArticleIndex call the search slice. */
export type ArticleHandlers = ServiceImpl<typeof ArticleAPI>;

const reasonFor = (call: CallContext) => (row: ArticleRow) => (call.identity?.granted ?? false) || isAuthor(row, call);

function reply(call: CallContext, v: ArticleView, fields: readonly string[] = []) {
  const showReason = reasonFor(call);
  return create(ListArticleReplySchema, {
    total: BigInt(v.total),
    article: v.rows.map((r) => pickArticleFields(toArticle(r, { users: v.users, showReason: showReason(r) }), fields)),
  });
}

export function createArticleHandlers(
  articles: ArticleService,
  admin: ArticleAdminService,
  search: SearchService,
  crawler: ArticleCrawler,
): ArticleHandlers {
  const one = (call: CallContext, v: ArticleView) => {
    const [row] = v.rows as [ArticleRow];
    return toArticle(row, { users: v.users, showReason: reasonFor(call)(row) });
  };
  return {
    async createArticle(req, ctx) {
      const call = actor(ctx);
      return one(call, await articles.create(call, req));
    },
    async updateArticle(req, ctx) {
      await articles.update(actor(ctx), req);
      return {};
    },
    async deleteArticle(req, ctx) {
      await articles.delete(actor(ctx), req.id);
      return {};
    },
    async getArticle(req, ctx) {
      const call = actor(ctx);
      return one(call, await articles.get(call, req));
    },
    async listArticle(req, ctx) {
      const call = actor(ctx);
      return reply(call, await articles.list(call, req), req.field);
    },
    async getRelatedArticles(req, ctx) {
      const call = actor(ctx);
      return reply(call, await articles.related(call, req));
    },
    async setArticlesCategory(req) {
      await admin.setCategories(req.articleId, req.categoryId);
      return {};
    },
    async recommendArticles(req) {
      await admin.recommend(req.articleId, req.isRecommend);
      return {};
    },
    async setArticlesNotice(req) {
      await admin.notice(req.articleId, req.isNotice);
      return {};
    },
    async checkArticles(req) {
      await admin.check(req.articleId, req.status, req.rejectReason || req.rejeactReason);
      return {};
    },
    async listRecycleArticle(req, ctx) {
      return reply(actor(ctx), await admin.recycled(req), req.field);
    },
    async restoreRecycleArticle(req) {
      await admin.restore(req.id);
      return {};
    },
    async deleteRecycleArticle(req) {
      await admin.purge(req.id);
      return {};
    },
    async emptyRecycleArticle() {
      await admin.empty();
      return {};
    },
    async setArticleIndex(req) {
      await search.reindexArticles(req.id);
      return {};
    },
    async crawlArticle(req, ctx) {
      const call = actor(ctx);
      return one(call, await crawler.crawl(call, req.url));
    },
    async searchArticle(req, ctx) {
      return create(SearchArticleReplySchema, articlesReply(await search.articles(actor(ctx), req)));
    },
  };
}

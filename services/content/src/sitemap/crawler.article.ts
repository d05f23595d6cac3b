// An article as a search engine may read it, for the gateway's crawler-readable page (/article/{id}
// or /article/{identifier}): approved articles outside the recycle bin only (article.rules.ts
// isPublic), the publisher's name, and the article's text without markup (article.text.ts),
// cut to a byte budget. A read never counts a view: the page's own GetArticle does that once.

import { cutUtf8 } from "@wenku/converter/contract";
import { DomainError, type Logger, type SiteGate } from "@wenku/kit";
import type { ArticleRepository, ArticleRow } from "../articles/article.repository.js";
import { isPublic, notFound } from "../articles/article.rules.js";
import { articleText } from "../articles/article.text.js";
import type { UserBrief, UserDirectory } from "../ports.js";
import { CRAWLER_MAX_TEXT_BYTES, crawlerMessages } from "./crawler.document.js";

export interface CrawlerArticleView {
  row: ArticleRow;
  users: ReadonlyMap<bigint, UserBrief>;
  text: string;
}

export interface CrawlerArticleDeps {
  repo: Pick<ArticleRepository, "byId" | "byIdentifier">;
  users: Pick<UserDirectory, "users">;
  siteGate?: SiteGate;
  log: Logger;
}

export function createCrawlerArticles(deps: CrawlerArticleDeps) {
  return {
    async get(req: { id: bigint; identifier: string; maxTextBytes: number }): Promise<CrawlerArticleView> {
      const gate = await deps.siteGate?.current();
      if (gate && (gate.closed || gate.loginRequired)) {
        throw new DomainError("failed_precondition", crawlerMessages.siteClosed);
      }
      const identifier = req.identifier.trim();
      const row = identifier
        ? await deps.repo.byIdentifier(identifier)
        : req.id > 0n
          ? await deps.repo.byId(req.id)
          : null;
      if (!row || (req.id > 0n && row.id !== req.id) || !isPublic(row)) throw notFound();
      const budget = Math.max(
        0,
        Math.min(Number.isFinite(req.maxTextBytes) ? req.maxTextBytes : 0, CRAWLER_MAX_TEXT_BYTES),
      );
      const users = await deps.users.users(row.userId > 0n ? [row.userId] : []).catch((err: unknown) => {
        deps.log.warn({ err }, "crawler page: the publisher's name is unknown");
        return new Map<bigint, UserBrief>();
      });
      return { row, users, text: cutUtf8(Buffer.from(articleText(row.content), "utf8"), budget) };
    },
  };
}

export type CrawlerArticles = ReturnType<typeof createCrawlerArticles>;

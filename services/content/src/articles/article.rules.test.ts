// ListArticle's query: who sees which articles; the footer's single pages are not news.
import type { CallContext } from "@wenku/kit";
import { type ArticleListInput, ArticleStatus, articleListQuery } from "./article.rules.js";

const as = (identity: CallContext["identity"]): CallContext => ({
  identity,
  clientIp: "127.0.0.1",
  requestId: "t",
  internal: false,
});
const visitor = as(null);
const member = as({ userId: 7n, sessionId: "s", granted: false, staff: false });
const staff = as({ userId: 1n, sessionId: "s", granted: true, staff: true });

const input = (over: Partial<ArticleListInput> = {}): ArticleListInput => ({
  page: 1n,
  size: 10n,
  wd: "",
  order: "",
  sort: "",
  categoryId: [],
  userId: [],
  status: [],
  isRecommend: [],
  isNotice: [],
  createdAt: [],
  ...over,
});

test("visitors and members list approved news only: no footer single page, whatever status they ask", () => {
  for (const call of [visitor, member]) {
    for (const status of [[], [ArticleStatus.approved], [ArticleStatus.pending]]) {
      const { where } = articleListQuery(call, input({ status }));
      expect(where).toMatchObject({ statuses: [ArticleStatus.approved], singlePage: false });
    }
  }
});

test("staff (who edit the footer's pages) and authors listing their own see every kind", () => {
  expect(articleListQuery(staff, input()).where.singlePage).toBeUndefined();
  const own = articleListQuery(member, input({ userId: [7n], status: [ArticleStatus.pending] })).where;
  expect([own.singlePage, own.statuses]).toEqual([undefined, [ArticleStatus.pending]]);
});

import { create } from "@bufbuild/protobuf";
import type { ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it } from "@jest/globals";
import { screen } from "@testing-library/react";
import { ArticleAPI, ArticleSchema } from "@wenku/proto/api/v1/article_pb.js";
import { ReviewStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { preloadRoutes } from "../../test/preloadRoutes.js";
import { emptyServices, renderRoutes, testDeps } from "../../test/render.js";
import { routes } from "../router/routes.js";

const article = create(ArticleSchema, {
  id: 7n,
  title: "一篇文章",
  status: ReviewStatus.APPROVED,
  content: "<p>x</p>",
});

function services(router: ConnectRouter) {
  emptyServices(router);
  router.service(ArticleAPI, {
    listArticle: () => ({ total: 1n, article: [article] }),
    getArticle: () => article,
    getRelatedArticles: () => ({ total: 0n, article: [] }),
  });
}

preloadRoutes(
  () => import("./ArticleLayout.js"),
  () => import("../pages/article/ArticleListPage.js"),
  () => import("../pages/article/ArticlePage.js"),
);

describe("the article layout (spec §2)", () => {
  it("shows no footer on the /article list", async () => {
    renderRoutes(routes, { path: "/article", deps: testDeps({ services }) });
    expect((await screen.findAllByRole("link", { name: "一篇文章" }, { timeout: 15_000 })).length).toBeGreaterThan(0);
    expect(screen.queryByTestId("site-footer")).toBeNull();
  });

  it("keeps the footer on an article's own page", async () => {
    renderRoutes(routes, { path: "/article/7", deps: testDeps({ services }) });
    expect((await screen.findByTestId("article-title", {}, { timeout: 15_000 })).textContent).toBe("一篇文章");
    expect(await screen.findByTestId("site-footer")).toBeTruthy();
  });
});

import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import { ArticleAPI, ArticleSchema, type ListArticleRequest } from "@wenku/proto/api/v1/article_pb.js";
import { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { preloadRoutes } from "../../../test/preloadRoutes.js";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import { routes } from "../../router/routes.js";

/** The home page over a site whose notices are `titles` (ListArticle is_notice), recording the request. */
function services(titles: string[], seen: ListArticleRequest[]) {
  return (router: ConnectRouter) => {
    emptyServices(router);
    router.service(DocumentAPI, {
      listDocumentForHome: () => ({ document: [] }),
      listDocument: () => ({ total: 0n, document: [] }),
    });
    router.service(ConfigAPI, { getStats: () => ({ documentCount: 1, userCount: 1, categoryCount: 1 }) });
    router.service(ArticleAPI, {
      listArticle: (req) => {
        seen.push(req);
        const article = titles.map((title, i) =>
          create(ArticleSchema, {
            id: BigInt(i + 1),
            identifier: i === 0 ? "maintenance" : "",
            title,
            isNotice: true,
            noticeAt: timestampFromDate(new Date(2026, 10, 20 - i, 9)),
          }),
        );
        return { total: BigInt(article.length), article };
      },
    });
  };
}

preloadRoutes(() => import("../HomePage.js"));

describe("home page site notices", () => {
  it("lists the latest notices as links, newest mark first, with their dates", async () => {
    const seen: ListArticleRequest[] = [];
    renderRoutes(routes, { path: "/", deps: testDeps({ services: services(["停机维护通知", "新功能上线"], seen) }) });
    const box = await screen.findByTestId("home-notices", {}, { timeout: 8000 });
    expect(within(box).getByText("网站公告")).toBeTruthy();
    const links = within(box).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["停机维护通知", "/article/maintenance"],
      ["新功能上线", "/article/2"],
    ]);
    expect(box.textContent).toContain("2026-11-20");
    expect(seen[0]).toMatchObject({ isNotice: [true], order: "notice_at", size: 5n });
  });

  it("shows nothing while there are none", async () => {
    const seen: ListArticleRequest[] = [];
    renderRoutes(routes, { path: "/", deps: testDeps({ services: services([], seen) }) });
    await screen.findByTestId("home-stats", {}, { timeout: 8000 });
    // the notices were asked for and none came: no empty box
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    expect(screen.queryByTestId("home-notices")).toBeNull();
  });
});

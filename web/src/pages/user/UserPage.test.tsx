import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ArticleAPI, ArticleSchema, type ListArticleRequest } from "@wenku/proto/api/v1/article_pb.js";
import { DocumentAPI, DocumentSchema } from "@wenku/proto/api/v1/document_pb.js";
import { DynamicSchema, type ListUserDynamicRequest, UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import { RootLayout } from "../../layouts/RootLayout.js";
import UserArticlePage from "./UserArticlePage.js";
import UserDocumentPage from "./UserDocumentPage.js";
import UserIndexPage from "./UserIndexPage.js";

jest.setTimeout(30_000);

const routes = [
  {
    element: <RootLayout />,
    children: [
      { path: "/user/:id", element: <UserIndexPage /> },
      { path: "/user/:id/document", element: <UserDocumentPage /> },
      { path: "/user/:id/article", element: <UserArticlePage /> },
    ],
  },
];

interface Calls {
  getUser: number;
  dynamics?: ListUserDynamicRequest[];
  articles?: ListArticleRequest[];
}

/** The feed of user 5: 12 lines, one page at a time (the newest first). */
const dynamic = (n: number) =>
  create(DynamicSchema, {
    id: BigInt(n),
    userId: 5n,
    content: n === 12 ? `收藏了文档《<a href="/document/0123456789abcdef">线性代数</a>》` : `评论了文档《第 ${n} 条》`,
    createdAt: timestampFromDate(new Date()),
  });

function services(calls: Calls) {
  return (router: ConnectRouter) => {
    emptyServices(router);
    router.service(UserAPI, {
      getUser: (req) => {
        calls.getUser += 1;
        if (req.id !== 5n) throw new ConnectError("用户不存在", Code.NotFound);
        return { id: 5n, username: "teacher", docCount: 12, articleCount: 3, favoriteCount: 7 };
      },
      listUserDynamic: (req) => {
        calls.dynamics?.push(req);
        const from = 12 - (Number(req.page) - 1) * 10;
        const rows = Array.from({ length: Math.min(10, from) }, (_, i) => dynamic(from - i));
        return { total: 12n, dynamic: rows };
      },
    });
    router.service(ArticleAPI, {
      listArticle: (req) => {
        calls.articles?.push(req);
        return {
          total: 1n,
          article: [create(ArticleSchema, { id: 8n, identifier: "intro", title: "入门文章", status: 1 })],
        };
      },
    });
    router.service(DocumentAPI, {
      listDocument: (req) => ({
        total: 12n,
        document: [create(DocumentSchema, { id: 100n + req.page, title: `第 ${req.page} 页的文档` })],
      }),
    });
  };
}

describe("public user page", () => {
  it("is titled with the user's name and pages through their documents", async () => {
    const calls = { getUser: 0 };
    renderRoutes(routes, { path: "/user/5/document", deps: testDeps({ services: services(calls) }) });
    expect((await screen.findByTestId("profile-username", {}, { timeout: 8000 })).textContent).toContain("teacher");
    await waitFor(() => expect(document.title).toBe("teacher - 文库"));
    expect(await screen.findByRole("link", { name: "第 1 页的文档" })).toBeTruthy();
    fireEvent.click(screen.getByTitle("2"));
    expect(await screen.findByRole("link", { name: "第 2 页的文档" })).toBeTruthy();
    expect(calls.getUser).toBe(1);
  });

  it("shows the user's counts and their activity, newest first, paged, linking what they favorited", async () => {
    const calls: Calls = { getUser: 0, dynamics: [] };
    renderRoutes(routes, { path: "/user/5", deps: testDeps({ services: services(calls) }) });
    const stats = await screen.findByTestId("user-stats", {}, { timeout: 8000 });
    for (const [label, value] of [
      ["文档", "12"],
      ["文章", "3"],
      ["收藏", "7"],
    ] as const)
      expect(within(stats).getByText(label).closest(".ant-statistic")?.textContent).toContain(value);
    const feed = await screen.findByTestId("user-dynamics");
    expect(within(feed).getByText("最新动态")).toBeTruthy();
    await waitFor(() => expect(within(feed).getAllByTestId("dynamic-row")).toHaveLength(10));
    const [first] = within(feed).getAllByTestId("dynamic-row");
    expect(first?.textContent).toContain("收藏了文档《线性代数》");
    expect(
      within(first as HTMLElement)
        .getByRole("link", { name: "线性代数" })
        .getAttribute("href"),
    ).toBe("/document/0123456789abcdef");
    expect(calls.dynamics?.[0]).toMatchObject({ id: 5n, page: 1n, size: 10n });
    fireEvent.click(within(feed).getByTitle("2"));
    await waitFor(() => expect(within(feed).getAllByTestId("dynamic-row")).toHaveLength(2));
    expect(within(feed).getAllByTestId("dynamic-row")[1]?.textContent).toContain("评论了文档《第 1 条》");
  });

  it("lists the user's approved articles on /user/{id}/article", async () => {
    const calls: Calls = { getUser: 0, articles: [] };
    renderRoutes(routes, { path: "/user/5/article", deps: testDeps({ services: services(calls) }) });
    const link = await screen.findByRole("link", { name: "入门文章" }, { timeout: 8000 });
    expect(link.getAttribute("href")).toBe("/article/intro");
    expect(calls.articles?.[0]).toMatchObject({ userId: [5n], page: 1n });
  });

  it("reads as 页面不存在 for an unknown user, in the page and its title", async () => {
    renderRoutes(routes, { path: "/user/9", deps: testDeps({ services: services({ getUser: 0 }) }) });
    expect(await screen.findByRole("heading", { name: "页面不存在" }, { timeout: 8000 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("页面不存在 - 文库"));
  });
});

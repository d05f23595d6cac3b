import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type Article, ArticleAPI, ArticleSchema, type GetArticleRequest } from "@wenku/proto/api/v1/article_pb.js";
import { CategorySchema } from "@wenku/proto/api/v1/category_pb.js";
import { CommentAPI, CommentSchema, type ListCommentRequest } from "@wenku/proto/api/v1/comment_pb.js";
import { ContentKind, ReviewStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { type Favorite, FavoriteAPI, FavoriteSchema } from "@wenku/proto/api/v1/favorite_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { useLocation } from "react-router";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import PostPage from "../PostPage.js";
import ArticlePage from "./ArticlePage.js";

jest.setTimeout(60_000);

function Location() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

const routes = [
  { path: "/article/:id", element: <ArticlePage /> },
  { path: "/post", element: <PostPage /> },
  { path: "*", element: <Location /> },
];

const article = (over: MessageInitShape<typeof ArticleSchema> = {}) =>
  create(ArticleSchema, {
    id: 7n,
    identifier: "3f2a",
    title: "整理文档的习惯",
    content: "<h2>为什么</h2><p>因为<strong>省时间</strong>。</p>",
    userId: 5n,
    username: "writer",
    viewCount: 12,
    status: ReviewStatus.APPROVED,
    category: [create(CategorySchema, { id: 3n, title: "技术分享" })],
    ...over,
  });

function setup(get: (req: GetArticleRequest) => Article, canPublish: () => object = () => ({})) {
  const asked: GetArticleRequest[] = [];
  const favorites: Favorite[] = [];
  const threads: ListCommentRequest[] = [];
  const deps = testDeps({
    services: (router: ConnectRouter) => {
      emptyServices(router);
      router.service(ArticleAPI, {
        getArticle: (req) => {
          asked.push(req);
          return get(req);
        },
        getRelatedArticles: () => ({ total: 1n, article: [article({ id: 8n, identifier: "", title: "相关的一篇" })] }),
      });
      router.service(UserAPI, { canIPublishArticle: canPublish });
      router.service(FavoriteAPI, {
        getFavorite: () => create(FavoriteSchema, {}),
        createFavorite: (req) => {
          favorites.push(req);
          return create(FavoriteSchema, { id: 11n, documentId: req.documentId, type: req.type });
        },
      });
      router.service(CommentAPI, {
        listComment: (req) => {
          threads.push(req);
          return {
            total: 1n,
            comment: [create(CommentSchema, { id: 1n, content: "写得清楚", username: "reader", status: 1 })],
          };
        },
      });
    },
  });
  return { deps, asked, favorites, threads };
}

describe("the article page", () => {
  it("asks by identifier, shows the body as HTML, the category crumb, the byline and related articles", async () => {
    const { deps, asked } = setup(() => article());
    renderRoutes(routes, { path: "/article/3f2a", deps });
    expect((await screen.findByTestId("article-title", {}, { timeout: 8000 })).textContent).toBe("整理文档的习惯");
    expect(asked[0]).toMatchObject({ id: 0n, identifier: "3f2a" });
    const body = screen.getByTestId("article-body");
    expect(body.querySelector("h2")?.textContent).toBe("为什么");
    expect(body.querySelector("strong")?.textContent).toBe("省时间");
    expect(screen.getByTestId("article-breadcrumb").textContent).toContain("技术分享");
    expect(screen.getByTestId("article-meta").textContent).toContain("writer");
    expect(screen.getByTestId("article-meta").textContent).toContain("12 阅读");
    expect((await screen.findByTestId("article-related")).querySelector("a")?.getAttribute("href")).toBe("/article/8");
    expect(screen.queryByTestId("article-edit")).toBeNull(); // a visitor's view
  });

  it("an approved article has the favorite button (with its count) and its comment thread", async () => {
    const { deps, favorites, threads } = setup(() => article({ favoriteCount: 4 }));
    deps.sessionStore.login({ id: 9, username: "reader" }, "token");
    renderRoutes(routes, { path: "/article/3f2a", deps });
    const toggle = await screen.findByTestId("favorite-toggle", {}, { timeout: 8000 });
    expect(toggle.textContent).toContain("收藏 · 4");
    fireEvent.click(toggle);
    await waitFor(() => expect(favorites).toHaveLength(1));
    expect(favorites[0]).toMatchObject({ documentId: 7n, type: ContentKind.ARTICLE });
    await waitFor(() => expect(screen.getByTestId("favorite-toggle").textContent).toContain("已收藏 · 5"));
    const comments = screen.getByTestId("article-comments-slot");
    expect(await within(comments).findByText("写得清楚", {}, { timeout: 8000 })).toBeTruthy();
    expect(threads[0]).toMatchObject({ documentId: 7n, type: [ContentKind.ARTICLE] });
  });

  it("a pending article (its author's view) has neither favorites nor comments", async () => {
    const { deps, threads } = setup(() => article({ status: ReviewStatus.PENDING }));
    deps.sessionStore.login({ id: 5, username: "writer" }, "token");
    renderRoutes(routes, { path: "/article/3f2a", deps });
    expect(await screen.findByTestId("article-pending", {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByTestId("favorite-toggle")).toBeNull();
    expect(screen.queryByTestId("article-comments-slot")).toBeNull();
    expect(threads).toHaveLength(0);
  });

  it("shows its author the edit link and why it is not public", async () => {
    const { deps, asked } = setup(() => article({ status: ReviewStatus.REJECTED, rejectReason: "标题不清楚" }));
    deps.sessionStore.login({ id: 5, username: "writer" }, "token");
    renderRoutes(routes, { path: "/article/7", deps });
    expect((await screen.findByTestId("article-rejected", {}, { timeout: 8000 })).textContent).toContain(
      "原因：标题不清楚",
    );
    expect(asked[0]).toMatchObject({ id: 7n, identifier: "" });
    expect(screen.getByTestId("article-edit").getAttribute("href")).toBe("/post?id=7");
  });

  it("a missing article and a malformed address read as not found", async () => {
    const { deps, asked } = setup(() => {
      throw new ConnectError("文章不存在", Code.NotFound);
    });
    const first = renderRoutes(routes, { path: "/article/nope", deps });
    expect(await screen.findByTestId("article-not-found", {}, { timeout: 8000 })).toBeTruthy();
    first.unmount();
    const before = asked.length;
    renderRoutes(routes, { path: "/article/a%20b", deps });
    expect(await screen.findByTestId("article-not-found", {}, { timeout: 8000 })).toBeTruthy();
    expect(asked.length).toBe(before); // never asked the server
  });
});

describe("/post", () => {
  it("sends visitors to login, remembering where they were going", async () => {
    renderRoutes(routes, { path: "/post?id=7", deps: setup(() => article()).deps });
    expect((await screen.findByTestId("location", {}, { timeout: 8000 })).textContent).toBe(
      "/login?redirect=%2Fpost%3Fid%3D7",
    );
  });

  it("shows a user who may not publish the server's reason instead of the form", async () => {
    const { deps } = setup(
      () => article(),
      () => {
        throw new ConnectError("您已被禁止发布文章：发布广告", Code.PermissionDenied);
      },
    );
    deps.sessionStore.login({ id: 9, username: "someone" }, "token");
    renderRoutes(routes, { path: "/post", deps });
    expect((await screen.findByTestId("post-not-allowed", {}, { timeout: 8000 })).textContent).toContain(
      "您已被禁止发布文章：发布广告",
    );
  });

  it("refuses to edit someone else's article", async () => {
    const { deps } = setup(() => article({ userId: 5n }));
    deps.sessionStore.login({ id: 9, username: "someone" }, "token");
    renderRoutes(routes, { path: "/post?id=7", deps });
    expect(await screen.findByTestId("post-not-yours", {}, { timeout: 8000 })).toBeTruthy();
  });
});

import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ArticleHitSchema, ArticleSchema } from "@wenku/proto/api/v1/article_pb.js";
import { CategoryAPI, CategorySchema } from "@wenku/proto/api/v1/category_pb.js";
import { DocumentHitSchema, DocumentSchema } from "@wenku/proto/api/v1/document_pb.js";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import { SearchAPI, type SearchReplySchema, type SearchRequest } from "@wenku/proto/api/v1/search_pb.js";
import { useLocation } from "react-router";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import { RootLayout } from "../../layouts/RootLayout.js";
import SearchPage from "./SearchPage.js";

jest.setTimeout(30_000);

function Location() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

const routes = [
  {
    element: <RootLayout />,
    children: [
      {
        path: "/search",
        element: (
          <>
            <SearchPage />
            <Location />
          </>
        ),
      },
    ],
  },
];

const SNIPPET = "…本章介绍线性代数中的矩阵运算与线性方程组…";

function reply(): MessageInitShape<typeof SearchReplySchema> {
  return {
    total: 12n,
    spend: "0.012s",
    document: [
      create(DocumentSchema, { id: 9n, title: "线性代数讲义", ext: ".pdf", pages: 40, preview: 10, viewCount: 3 }),
      create(DocumentSchema, { id: 10n, title: "矩阵论", ext: ".docx", pages: 80, preview: 5 }),
    ],
    hit: [
      create(DocumentHitSchema, {
        documentId: 9n,
        pages: [7, 3],
        page: 7,
        snippet: SNIPPET,
        // "线性代数" and "矩阵" as the server marks them.
        highlight: [
          SNIPPET.indexOf("线性代数"),
          SNIPPET.indexOf("线性代数") + 4,
          SNIPPET.indexOf("矩阵"),
          SNIPPET.indexOf("矩阵") + 2,
        ],
      }),
      // Found only on page 30, past the 5-page preview: no text to show.
      create(DocumentHitSchema, { documentId: 10n, pages: [30], page: 0 }),
    ],
  };
}

function setup(
  search: (req: SearchRequest) => MessageInitShape<typeof SearchReplySchema>,
  popular: string[] | null = null,
) {
  const seen: SearchRequest[] = [];
  const deps = testDeps({
    services: (router: ConnectRouter) => {
      emptyServices(router);
      router.service(SearchAPI, {
        search: (req) => {
          seen.push(req);
          return search(req);
        },
        listPopularSearch: () => {
          if (!popular) throw new ConnectError("unavailable", Code.Unavailable);
          return { search: popular.map((keywords, i) => ({ keywords, count: BigInt(10 - i) })) };
        },
      });
      router.service(CategoryAPI, {
        listCategory: () => ({
          total: 2n,
          category: [
            create(CategorySchema, { id: 1n, parentId: 0n, title: "教育", enable: true }),
            create(CategorySchema, { id: 2n, parentId: 1n, title: "高考", enable: true }),
          ],
        }),
      });
    },
  });
  return { deps, seen };
}

const location = () => screen.getByTestId("location").textContent ?? "";

describe("search page", () => {
  it("says a count is a lower bound when the index stopped counting (a very common word)", async () => {
    const { deps } = setup(() => ({ ...reply(), total: 5000n, totalIsLowerBound: true }));
    renderRoutes(routes, { path: "/search?wd=的&type=0", deps });
    await screen.findAllByTestId("search-hit", {}, { timeout: 8000 });
    expect(screen.getByTestId("search-summary").textContent).toBe("约 5,000+ 条结果，用时 0.012 秒");
  });

  it("shows the hits with the terms marked at the server's offsets, and links to the pages found", async () => {
    const { deps, seen } = setup(reply);
    renderRoutes(routes, { path: "/search?wd=线性代数%20矩阵&type=0", deps });

    const hits = await screen.findAllByTestId("search-hit", {}, { timeout: 8000 });
    expect(hits).toHaveLength(2);
    await waitFor(() => expect(document.title).toBe("搜索：线性代数 矩阵 - 文库"));
    expect(screen.getByTestId("search-summary").textContent).toBe("约 12 条结果，用时 0.012 秒");
    expect(seen[0]).toMatchObject({
      wd: "线性代数 矩阵",
      type: ContentKind.DOCUMENT,
      page: 1n,
      size: 10n,
      sort: "",
      ext: "",
    });
    expect(seen[0]?.categoryId).toEqual([]);

    const first = within(hits[0] as HTMLElement);
    expect(first.getByRole("link", { name: "线性代数讲义" }).getAttribute("href")).toBe("/document/9");
    const snippet = first.getByTestId("search-snippet");
    expect(snippet.textContent).toBe(SNIPPET);
    expect([...snippet.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["线性代数", "矩阵"]);
    // The marks sit exactly where the offsets say: the text before the first is untouched.
    expect(snippet.firstChild?.textContent).toBe("…本章介绍");
    expect(first.getAllByTestId("search-hit-page").map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["第 7 页", `/document/9?page=7&wd=${encodeURIComponent("线性代数 矩阵")}`],
      ["第 3 页", `/document/9?page=3&wd=${encodeURIComponent("线性代数 矩阵")}`],
    ]);

    const second = within(hits[1] as HTMLElement);
    expect(second.queryByTestId("search-snippet")).toBeNull();
    // past the preview: what reads on, for a visitor
    expect(second.getByTestId("search-found-on").textContent).toBe("第 30 页 · 登录后阅读全文");
    const beyond = second.getByTestId("search-hit-page");
    expect([beyond.textContent, beyond.getAttribute("data-beyond")]).toEqual(["第 30 页 · 登录后阅读全文", "true"]);
    expect(beyond.getAttribute("href")).toBe(`/document/10?page=30&wd=${encodeURIComponent("线性代数 矩阵")}`);
  });

  it("labels a hit past the preview with what this reader does to read on: buy, download, VIP", async () => {
    const priced = (doc: { price?: number; isVip?: boolean }) => () => ({
      total: 1n,
      spend: "0.01s",
      document: [create(DocumentSchema, { id: 10n, title: "矩阵论", ext: ".pdf", pages: 80, preview: 5, ...doc })],
      hit: [create(DocumentHitSchema, { documentId: 10n, pages: [30], page: 0 })],
    });
    for (const [doc, label] of [
      [{ price: 5 }, "第 30 页 · 需购买阅读全文（5 积分）"],
      [{}, "第 30 页 · 需下载阅读全文"],
      [{ isVip: true }, "第 30 页 · VIP 阅读全文"],
    ] as const) {
      const { deps } = setup(priced(doc));
      deps.sessionStore.login({ id: "7", username: "reader" }, "token-7");
      const view = renderRoutes(routes, { path: "/search?wd=矩阵&type=0", deps });
      expect((await screen.findByTestId("search-beyond", {}, { timeout: 8000 })).textContent).toBe(label);
      view.unmount();
    }
  });

  it("writes the filters and the page into the URL and asks for them", async () => {
    const { deps, seen } = setup(reply);
    renderRoutes(routes, { path: "/search?wd=矩阵&type=0", deps });
    await screen.findAllByTestId("search-hit", {}, { timeout: 8000 });

    fireEvent.click(screen.getByRole("button", { name: "PDF" }));
    await waitFor(() => expect(location()).toBe("/search?wd=%E7%9F%A9%E9%98%B5&type=0&ext=pdf"));
    fireEvent.click(screen.getByRole("button", { name: "最多下载" }));
    await waitFor(() => expect(location()).toContain("&sort=downloads&ext=pdf"));
    fireEvent.click(await screen.findByRole("button", { name: "教育" }));
    await waitFor(() => expect(location()).toContain("&sort=downloads&ext=pdf&category=1"));
    expect(screen.queryByRole("button", { name: "高考" })).toBeNull();
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ ext: "pdf", sort: "downloads", categoryId: [1n] }));

    fireEvent.click(screen.getByTitle("2"));
    await waitFor(() => expect(location()).toContain("page=2"));
    await waitFor(() => expect(seen.at(-1)?.page).toBe(2n));
    // A new filter starts again at page 1.
    fireEvent.click(within(screen.getByRole("group", { name: "类型" })).getByRole("button", { name: "全部" }));
    await waitFor(() => expect(location()).toBe("/search?wd=%E7%9F%A9%E9%98%B5&type=0&sort=downloads&category=1"));
  });

  it("echoes the query when nothing is found and offers to drop the filters", async () => {
    const { deps, seen } = setup(() => ({ total: 0n, spend: "0.003s" }));
    renderRoutes(routes, { path: "/search?wd=不存在的词&type=0&ext=ppt", deps });
    const empty = await screen.findByTestId("search-empty", {}, { timeout: 8000 });
    expect(empty.textContent).toContain("没有找到与“不存在的词”相关的文档");
    expect(empty.textContent).toContain("检查关键词是否有错别字");
    expect(seen[0]?.ext).toBe("ppt");
    fireEvent.click(within(empty).getByRole("button", { name: "清除筛选" }));
    await waitFor(() => expect(location()).toBe(`/search?${new URLSearchParams({ wd: "不存在的词", type: "0" })}`));
  });

  it("shows the server's error, and asks nothing for a blank keyword", async () => {
    const failing = setup(() => {
      throw new ConnectError("不支持的排序方式", Code.InvalidArgument);
    });
    const view = renderRoutes(routes, { path: "/search?wd=a&type=0", deps: failing.deps });
    const error = await screen.findByTestId("search-error", {}, { timeout: 8000 });
    expect(error.textContent).toContain("400 · 不支持的排序方式");
    view.unmount();

    const quiet = setup(reply);
    renderRoutes(routes, { path: "/search?wd=%20&type=1", deps: quiet.deps });
    expect(await screen.findByTestId("search-no-keyword")).toBeTruthy();
    expect(quiet.seen).toEqual([]);
  });

  it("searches articles on the article tab: title to /article/{identifier or id}, snippet, author and date", async () => {
    const body = "…灯塔看守人记录每一艘经过的货船…";
    const { deps, seen } = setup(() => ({
      total: 2n,
      spend: "0.004s",
      article: [
        create(ArticleSchema, {
          id: 5n,
          identifier: "lighthouse",
          title: "海岸笔记",
          author: "老王",
          createdAt: timestampFromDate(new Date(Date.now() - 3 * 86_400_000)),
          viewCount: 7,
        }),
        create(ArticleSchema, { id: 6n, title: "无标识的文章", description: "只有描述", username: "alice" }),
      ],
      articleHit: [create(ArticleHitSchema, { articleId: 5n, snippet: body, highlight: [1, 4] })],
    }));
    renderRoutes(routes, { path: "/search?wd=灯塔&type=1&sort=downloads&ext=pdf", deps });
    const hits = await screen.findAllByTestId("search-hit", {}, { timeout: 8000 });
    expect(seen[0]).toMatchObject({ wd: "灯塔", type: ContentKind.ARTICLE, sort: "", ext: "" }); // no downloads or file type
    const titles = hits.map((h) => within(h).getByTestId("search-hit-title"));
    expect(titles.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["海岸笔记", "/article/lighthouse"],
      ["无标识的文章", "/article/6"],
    ]);
    const [first, second] = hits as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId("search-snippet").querySelector("mark")?.textContent).toBe("灯塔看");
    expect(within(first).getByTestId("search-hit-author").textContent).toBe("老王");
    expect(first.textContent).toContain("3 天前");
    expect(within(second).getByTestId("search-hit-author").textContent).toBe("alice");
    expect(second.textContent).toContain("只有描述");
    // articles: no file type filter; sorts by relevance, date and reads only
    const filters = screen.getByTestId("search-filters");
    expect(filters.textContent).not.toContain("PDF");
    expect(filters.textContent).not.toContain("最多下载");
    expect(filters.textContent).toContain("最多浏览");
  });

  it("offers popular searches without a keyword and when nothing is found; a tag runs its search", async () => {
    const { deps, seen } = setup(() => ({ total: 0n, spend: "0.002s" }), ["线性代数", "c++ 教程"]);
    renderRoutes(routes, { path: "/search?type=0", deps });
    const popular = await screen.findByTestId("search-popular", {}, { timeout: 8000 });
    expect(popular.getAttribute("aria-label")).toBe("热门搜索");
    const tags = within(popular).getAllByTestId("search-popular-tag");
    expect(tags.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["线性代数", `/search?${new URLSearchParams({ wd: "线性代数", type: "0" })}`],
      ["c++ 教程", `/search?${new URLSearchParams({ wd: "c++ 教程", type: "0" })}`],
    ]);
    fireEvent.click(tags[1] as HTMLElement);
    await waitFor(() => expect(seen.at(-1)?.wd).toBe("c++ 教程"));
    // nothing found: the suggestions again, under the tips
    const empty = await screen.findByTestId("search-empty", {}, { timeout: 8000 });
    expect(within(empty).getAllByTestId("search-popular-tag")).toHaveLength(2);
  });
});

import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { ArticleAPI, ArticleSchema, type CrawlArticleRequest } from "@wenku/proto/api/v1/article_pb.js";
import { ReviewStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { useLocation } from "react-router";
import { emptyServices, renderRoutes, testDeps } from "../../../../test/render.js";
import { CrawlArticleButton } from "./CrawlArticleButton.js";

function Where() {
  const at = useLocation();
  return <output data-testid="where">{`${at.pathname}${at.search}`}</output>;
}

/** An in-process CrawlArticle: a page the "server" refuses, and one it imports as article 42. */
function setup() {
  const asked: CrawlArticleRequest[] = [];
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(ArticleAPI, {
        crawlArticle: (req) => {
          asked.push(req);
          if (req.url.endsWith(".pdf"))
            throw new ConnectError("该网址返回的不是网页（application/pdf），只能导入 HTML 网页", Code.InvalidArgument);
          return create(ArticleSchema, { id: 42n, title: "导入的文章", status: ReviewStatus.PENDING });
        },
      });
    },
  });
  renderRoutes(
    [
      {
        path: "/admin/article/set",
        element: (
          <>
            <CrawlArticleButton />
            <Where />
          </>
        ),
      },
    ],
    { path: "/admin/article/set", deps },
  );
  return { asked };
}

const urlInput = () => screen.findByTestId("article-crawl-url");
const submit = () => fireEvent.click(screen.getByRole("button", { name: /^导\s*入$/ }));

describe("从网址导入", () => {
  it("checks the address, shows the server's refusal, then opens the imported draft in the editor", async () => {
    const { asked } = setup();
    fireEvent.click(screen.getByTestId("article-crawl"));
    fireEvent.change(await urlInput(), { target: { value: "example.com/post" } });
    submit();
    expect(await screen.findByText("请输入以 http:// 或 https:// 开头的网址", {}, { timeout: 8000 })).toBeTruthy();
    expect(asked).toHaveLength(0);

    fireEvent.change(await urlInput(), { target: { value: " https://example.com/file.pdf " } });
    submit();
    await waitFor(() => expect(asked).toHaveLength(1), { timeout: 8000 });
    expect(
      await screen.findByText("该网址返回的不是网页（application/pdf），只能导入 HTML 网页", {}, { timeout: 8000 }),
    ).toBeTruthy();
    expect(asked.map((r) => r.url)).toEqual(["https://example.com/file.pdf"]);
    expect(screen.getByTestId("where").textContent).toBe("/admin/article/set");

    fireEvent.change(await urlInput(), { target: { value: "https://example.com/post.html" } });
    submit();
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/admin/article/set?id=42"), {
      timeout: 8000,
    });
    expect(asked.map((r) => r.url)).toEqual(["https://example.com/file.pdf", "https://example.com/post.html"]);
    expect(await screen.findByText("已导入，请检查后审核发布", {}, { timeout: 8000 })).toBeTruthy();
  }, 60_000);
});

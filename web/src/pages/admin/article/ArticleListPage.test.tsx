import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  ArticleAPI,
  ArticleSchema,
  type CheckArticlesRequest,
  type ListArticleRequest,
  type RecommendArticlesRequest,
  type SetArticlesNoticeRequest,
} from "@wenku/proto/api/v1/article_pb.js";
import { CategoryAPI, CategorySchema } from "@wenku/proto/api/v1/category_pb.js";
import { ReviewStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../../test/render.js";
import { signInStaff } from "../../../../test/staff.js";
import ArticleListPage from "./ArticleListPage.js";
import { articleListRequest, statusesOf } from "./articleListQuery.js";

const article = (id: number, title: string, status: ReviewStatus, identifier = "") =>
  create(ArticleSchema, { id: BigInt(id), title, status, identifier, username: "alice", categoryId: [5n] });

/** An in-process ArticleAPI over an in-memory table: CheckArticles, RecommendArticles and SetArticlesNotice change the rows. */
function setup(rpcs: string[]) {
  const rows = [
    article(1, "待审文章", ReviewStatus.PENDING),
    article(2, "另一篇待审", ReviewStatus.PENDING),
    article(3, "关于我们", ReviewStatus.APPROVED, "about"),
  ];
  const lists: ListArticleRequest[] = [];
  const checks: CheckArticlesRequest[] = [];
  const recommends: RecommendArticlesRequest[] = [];
  const notices: SetArticlesNoticeRequest[] = [];
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(ArticleAPI, {
        listArticle: (req) => {
          lists.push(req);
          const found = rows.filter((a) => !req.status.length || req.status.includes(a.status));
          return { total: BigInt(found.length), article: found };
        },
        checkArticles: (req) => {
          checks.push(req);
          for (const a of rows)
            if (req.articleId.includes(a.id)) {
              a.status = req.status;
              a.rejectReason = req.rejectReason;
            }
          return {};
        },
        recommendArticles: (req) => {
          recommends.push(req);
          for (const a of rows) if (req.articleId.includes(a.id)) a.isRecommend = req.isRecommend;
          return {};
        },
        setArticlesNotice: (req) => {
          notices.push(req);
          for (const a of rows) if (req.articleId.includes(a.id)) a.isNotice = req.isNotice;
          return {};
        },
      });
      router.service(CategoryAPI, {
        listCategory: () => ({ total: 1n, category: [create(CategorySchema, { id: 5n, title: "公告", type: 1 })] }),
      });
    },
  });
  signInStaff(deps, "ArticleAPI", rpcs, ["/admin/article/list"]);
  return { deps, lists, checks, recommends, notices };
}

const row = (title: string): HTMLElement => {
  const tr = screen.getByText(title).closest("tr");
  if (!tr) throw new Error(`no row for ${title}`);
  return tr;
};
const findRow = async (title: string) => {
  await screen.findByText(title, {}, { timeout: 8000 });
  return row(title);
};
const select = (title: string) => fireEvent.click(row(title).querySelector("input[type=checkbox]") as HTMLElement);

describe("admin article list query", () => {
  it("reads statuses, category and recommendation from the URL; drops what is not one", () => {
    expect(statusesOf("0,2,9,x,")).toEqual([ReviewStatus.PENDING, ReviewStatus.REJECTED]);
    expect(statusesOf(undefined)).toEqual([]);
    const req = articleListRequest({
      page: 2,
      size: 20,
      wd: " 公告 ",
      filters: { status: "1", categoryId: "5", recommend: "0" },
    });
    expect(req).toMatchObject({ page: 2n, size: 20n, wd: "公告", status: [1], categoryId: [5n], isRecommend: [false] });
    const plain = articleListRequest({ page: 1, size: 10, wd: "", filters: { categoryId: "5;drop", recommend: "x" } });
    expect(plain).toMatchObject({ categoryId: [], isRecommend: [], status: [] });
  });
});

describe("admin article list", () => {
  it("shows review statuses and categories, approves a selection, rejects one with a reason, recommends, marks a notice", async () => {
    const { deps, lists, checks, recommends, notices } = setup([
      "ListArticle",
      "CheckArticles",
      "RecommendArticles",
      "SetArticlesNotice",
      "DeleteArticle",
      "UpdateArticle",
    ]);
    renderWithProviders(<ArticleListPage />, deps);

    const pending = await findRow("待审文章");
    expect(within(pending).getByText("待审核")).toBeTruthy();
    expect(within(pending).getByText("待审文章").closest("a")?.getAttribute("href")).toBe("/article/1");
    expect(within(row("关于我们")).getByText("关于我们").closest("a")?.getAttribute("href")).toBe("/article/about");
    expect(within(row("关于我们")).getByText("/about · 公告")).toBeTruthy();
    expect(lists[0]?.status).toEqual([]);

    select("待审文章");
    select("另一篇待审");
    const batch = await screen.findByTestId("article-batch");
    expect(batch.textContent).toContain("已选 2 项");
    fireEvent.click(within(batch).getByText("审核通过"));
    fireEvent.click(await screen.findByText(/^确\s*定$/));
    await waitFor(() => expect(checks).toHaveLength(1));
    expect(checks[0]).toMatchObject({ articleId: [1n, 2n], status: ReviewStatus.APPROVED, rejectReason: "" });
    await waitFor(() => expect(within(row("待审文章")).getByText("已通过")).toBeTruthy());
    expect(screen.queryByTestId("article-batch")).toBeNull();

    fireEvent.click(within(row("另一篇待审")).getByLabelText("审核拒绝"));
    const reason = await screen.findByLabelText("原因");
    expect(reason.getAttribute("placeholder")).toBe("告诉作者原因（可选）");
    fireEvent.change(reason, { target: { value: "广告内容" } });
    fireEvent.click(document.querySelector(".ant-modal-confirm .ant-btn-dangerous") as HTMLElement);
    await waitFor(() => expect(checks).toHaveLength(2));
    expect(checks[1]).toMatchObject({ articleId: [2n], status: ReviewStatus.REJECTED, rejectReason: "广告内容" });
    await waitFor(() => expect(within(row("另一篇待审")).getByText("已拒绝")).toBeTruthy());

    fireEvent.click(within(row("关于我们")).getByLabelText("推荐"));
    await waitFor(() => expect(recommends).toHaveLength(1));
    expect(recommends[0]).toMatchObject({ articleId: [3n], isRecommend: true });
    await waitFor(() => expect(within(row("关于我们")).getByLabelText("取消推荐")).toBeTruthy());

    // a site notice: marked, then shown with the notice mark and the way back
    expect(within(row("关于我们")).queryByLabelText("公告")).toBeNull();
    fireEvent.click(within(row("关于我们")).getByLabelText("设为公告"));
    await waitFor(() => expect(notices).toHaveLength(1));
    expect(notices[0]).toMatchObject({ articleId: [3n], isNotice: true });
    await waitFor(() => expect(within(row("关于我们")).getByLabelText("取消公告")).toBeTruthy());
    expect(within(row("关于我们")).getByLabelText("公告")).toBeTruthy();
  }, 120_000);

  it("without permissions offers no review, recommend, edit or delete", async () => {
    const { deps } = setup(["ListArticle"]);
    renderWithProviders(<ArticleListPage />, deps);
    const actions = within(await findRow("待审文章"));
    for (const name of ["审核通过", "审核拒绝", "推荐", "设为公告", "编辑", "删除"])
      expect(actions.queryByLabelText(name)).toBeNull();
    expect(screen.queryByText("发布文章")).toBeNull();
    select("待审文章");
    expect(within(await screen.findByTestId("article-batch")).queryAllByRole("button")).toHaveLength(0);
  }, 120_000);
});

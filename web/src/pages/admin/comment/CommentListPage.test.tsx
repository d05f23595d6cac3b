import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  type CheckCommentRequest,
  CommentAPI,
  CommentSchema,
  type DeleteCommentRequest,
  type ListCommentRequest,
} from "@wenku/proto/api/v1/comment_pb.js";
import { ContentKind, ReviewStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../../test/render.js";
import { signInStaff } from "../../../../test/staff.js";
import CommentListPage from "./CommentListPage.js";

const comment = (id: number, content: string, status: ReviewStatus, type = ContentKind.DOCUMENT) =>
  create(CommentSchema, {
    id: BigInt(id),
    content,
    status,
    type,
    documentId: 7n,
    documentUuid: type === ContentKind.ARTICLE ? "about" : "ab12cd",
    documentTitle: type === ContentKind.ARTICLE ? "关于我们" : "线性代数",
    userId: 3n,
    username: "reader",
  });

/** An in-process CommentAPI over an in-memory table: CheckComment and DeleteComment change the rows. */
function setup(rpcs: string[]) {
  let rows = [
    comment(1, "<b>待审评论</b>", ReviewStatus.PENDING),
    comment(2, "另一条待审", ReviewStatus.PENDING, ContentKind.ARTICLE),
    comment(3, "已通过的评论", ReviewStatus.APPROVED),
  ];
  const lists: ListCommentRequest[] = [];
  const checks: CheckCommentRequest[] = [];
  const deletes: DeleteCommentRequest[] = [];
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(CommentAPI, {
        listComment: (req) => {
          lists.push(req);
          const found = rows.filter((c) => !req.status.length || req.status.includes(c.status));
          return { total: BigInt(found.length), comment: found };
        },
        checkComment: (req) => {
          checks.push(req);
          for (const c of rows) if (req.id.includes(c.id)) c.status = req.status;
          return {};
        },
        deleteComment: (req) => {
          deletes.push(req);
          rows = rows.filter((c) => !req.id.includes(c.id));
          return {};
        },
      });
    },
  });
  signInStaff(deps, "CommentAPI", rpcs, ["/admin/comment"]);
  return { deps, lists, checks, deletes };
}

const row = (text: string): HTMLElement => {
  const tr = screen.getByText(text).closest("tr");
  if (!tr) throw new Error(`no row for ${text}`);
  return tr;
};
const findRow = async (text: string) => {
  await screen.findByText(text, {}, { timeout: 8000 });
  return row(text);
};
const select = (text: string) => fireEvent.click(row(text).querySelector("input[type=checkbox]") as HTMLElement);

describe("admin comment list", () => {
  it("lists comments as text with their target, approves a selection, rejects and deletes one", async () => {
    const { deps, lists, checks, deletes } = setup(["ListComment", "CheckComment", "DeleteComment"]);
    renderWithProviders(<CommentListPage />, deps);

    const pending = await findRow("<b>待审评论</b>");
    expect(pending.querySelector("b")).toBeNull();
    expect(within(pending).getByText("待审核")).toBeTruthy();
    expect(within(pending).getByText("线性代数").closest("a")?.getAttribute("href")).toBe("/document/ab12cd");
    expect(within(row("另一条待审")).getByText("关于我们").closest("a")?.getAttribute("href")).toBe("/article/about");
    expect(lists[0]).toMatchObject({ withDocumentTitle: true, status: [], type: [] });

    select("<b>待审评论</b>");
    select("另一条待审");
    const batch = await screen.findByTestId("comment-batch");
    fireEvent.click(within(batch).getByText("审核通过"));
    fireEvent.click(await screen.findByText(/^确\s*定$/));
    await waitFor(() => expect(checks).toHaveLength(1));
    expect(checks[0]).toMatchObject({ id: [1n, 2n], status: ReviewStatus.APPROVED });
    await waitFor(() => expect(within(row("另一条待审")).getByText("已通过")).toBeTruthy());

    fireEvent.click(within(row("已通过的评论")).getByLabelText("审核拒绝"));
    expect(checks).toHaveLength(1); // rejecting hides the comment: it asks first
    fireEvent.click(document.querySelector(".ant-modal-confirm .ant-btn-dangerous") as HTMLElement);
    await waitFor(() => expect(checks).toHaveLength(2));
    expect(checks[1]).toMatchObject({ id: [3n], status: ReviewStatus.REJECTED });

    fireEvent.click(within(row("已通过的评论")).getByLabelText("删除"));
    fireEvent.click(await screen.findByText(/^确\s*定$/));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(deletes[0]?.id).toEqual([3n]);
    await waitFor(() => expect(screen.queryByText("已通过的评论")).toBeNull());

    // the batch bar's delete names what it deletes before it asks the server
    select("另一条待审");
    fireEvent.click(within(await screen.findByTestId("comment-batch")).getByText("批量删除"));
    const titles = await screen.findAllByText("确定删除选中的 1 条评论？");
    const dialog = titles.at(-1)?.closest(".ant-modal-confirm") as HTMLElement;
    expect(within(dialog).getByText(/另一条待审/)).toBeTruthy();
    expect(within(dialog).getByText("评论的回复也会一并删除")).toBeTruthy();
    expect(deletes).toHaveLength(1);
    fireEvent.click(within(dialog).getByText(/^确\s*定$/));
    await waitFor(() => expect(deletes).toHaveLength(2));
    expect(deletes[1]?.id).toEqual([2n]);
  }, 120_000);

  it("without permissions offers no review or delete and no selection", async () => {
    const { deps } = setup(["ListComment"]);
    renderWithProviders(<CommentListPage />, deps);
    const pending = await findRow("<b>待审评论</b>");
    for (const name of ["审核通过", "审核拒绝", "删除"]) expect(within(pending).queryByLabelText(name)).toBeNull();
    expect(pending.querySelector("input[type=checkbox]")).toBeNull();
  }, 120_000);
});

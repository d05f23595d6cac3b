import type { MessageInitShape } from "@bufbuild/protobuf";
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { CategoryAPI, CategorySchema } from "@wenku/proto/api/v1/category_pb.js";
import {
  type CheckDocumentRequest,
  DocumentAPI,
  DocumentSchema,
  type ListDocumentRequest,
  type SetDocumentVipRequest,
} from "@wenku/proto/api/v1/document_pb.js";
import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { LanguageAPI } from "@wenku/proto/api/v1/language_pb.js";
import { emptyServices, renderWithProviders, testDeps } from "../../../../test/render.js";
import { signInStaff } from "../../../../test/staff.js";
import DocumentListPage from "./DocumentListPage.js";

const doc = (id: number, title: string, status: DocumentStatus, extra: MessageInitShape<typeof DocumentSchema> = {}) =>
  create(DocumentSchema, {
    id: BigInt(id),
    title,
    status,
    ext: ".pdf",
    pages: 3,
    size: 2048n,
    username: "alice",
    categoryId: [1n],
    ...extra,
  });

/** An in-process DocumentAPI over an in-memory table: CheckDocument changes the rows' status. */
function setup(rpcs: string[]) {
  const rows = [
    doc(1, "待审文档", DocumentStatus.PENDING_REVIEW),
    doc(2, "另一篇待审", DocumentStatus.PENDING_REVIEW),
    doc(3, "坏文件", DocumentStatus.FAILED, { convertError: "无法解析 PDF 结构" }),
  ];
  const lists: ListDocumentRequest[] = [];
  const checks: CheckDocumentRequest[] = [];
  const vips: SetDocumentVipRequest[] = [];
  const deps = testDeps({
    services: (router) => {
      emptyServices(router);
      router.service(DocumentAPI, {
        listDocument: (req) => {
          lists.push(req);
          const document = rows.filter((d) => !req.wd || d.title.includes(req.wd));
          return { total: BigInt(document.length), document };
        },
        checkDocument: (req) => {
          checks.push(req);
          for (const row of rows)
            if (req.id.includes(row.id)) {
              row.status = req.status;
              row.reviewReason = req.reason;
            }
          return {};
        },
        setDocumentVip: (req) => {
          vips.push(req);
          for (const row of rows) if (req.id.includes(row.id)) row.isVip = req.isVip;
          return {};
        },
      });
      router.service(CategoryAPI, {
        listCategory: () => ({
          total: 1n,
          category: [create(CategorySchema, { id: 1n, title: "教育", enable: true })],
        }),
      });
      router.service(LanguageAPI, { listLanguage: () => ({ total: 0n, language: [] }) });
    },
  });
  signInStaff(deps, "DocumentAPI", rpcs, ["/admin/document/list"]);
  return { deps, lists, checks, vips };
}

// Role queries walk every antd node for accessible names: far too slow on a busy machine, so the
// rows are found by their title text and the buttons by their aria-label.
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

describe("admin document list", () => {
  it("shows statuses with the conversion error, searches by keyword and approves a selection", async () => {
    const { deps, lists, checks } = setup(["ListDocument", "CheckDocument", "DeleteDocument"]);
    renderWithProviders(<DocumentListPage />, deps);

    const pending = await findRow("待审文档");
    expect(within(pending).getByText("待审核")).toBeTruthy();
    expect(within(pending).getByText("待审文档").closest("a")?.getAttribute("href")).toBe("/document/1");
    expect(within(row("坏文件")).getByText("转换失败")).toBeTruthy();
    expect(within(row("坏文件")).getByTestId("convert-error").textContent).toContain("无法解析 PDF 结构");
    expect(lists[0]?.wd).toBe("");
    expect(lists[0]?.status).toEqual([]);

    const box = screen.getByLabelText("搜索");
    fireEvent.change(box, { target: { value: "待审" } });
    fireEvent.keyDown(box, { key: "Enter", code: "Enter", keyCode: 13 });
    await waitFor(() => expect(screen.queryByText("坏文件")).toBeNull());
    expect(lists.at(-1)?.wd).toBe("待审");

    select("待审文档");
    select("另一篇待审");
    const batch = await screen.findByTestId("document-batch");
    expect(batch.textContent).toContain("已选 2 项");
    fireEvent.click(within(batch).getByText("审核通过"));
    fireEvent.click(await screen.findByText(/^确\s*定$/));

    await waitFor(() => expect(checks).toHaveLength(1));
    expect(checks[0]?.id).toEqual([1n, 2n]);
    expect(checks[0]?.status).toBe(DocumentStatus.CONVERTED);
    expect(checks[0]?.reason).toBe(""); // approving asks for no reason and sends none
    expect(screen.queryByTestId("confirm-input")).toBeNull();
    await waitFor(() => expect(within(row("待审文档")).getByText("已发布")).toBeTruthy());
    expect(screen.queryByTestId("document-batch")).toBeNull(); // the selection is cleared

    // A batch disable offers the reason too and sends what was typed.
    select("另一篇待审");
    fireEvent.click(within(await screen.findByTestId("document-batch")).getByText("禁用"));
    fireEvent.change(await screen.findByLabelText("原因"), { target: { value: "侵权投诉" } });
    fireEvent.click(document.querySelector(".ant-modal-confirm .ant-btn-dangerous") as HTMLElement);
    await waitFor(() => expect(checks).toHaveLength(2));
    expect(checks[1]).toMatchObject({ id: [2n], status: DocumentStatus.DISABLED, reason: "侵权投诉" });
  }, 120_000);

  it("marks a selection VIP (SetDocumentVip) and clears the mark; the list shows the crown", async () => {
    const { deps, vips } = setup(["ListDocument", "SetDocumentVip"]);
    renderWithProviders(<DocumentListPage />, deps);
    await findRow("待审文档");
    expect(within(row("待审文档")).queryByLabelText("VIP")).toBeNull();
    select("待审文档");
    fireEvent.click(within(await screen.findByTestId("document-batch")).getByText("设为VIP文档"));
    await waitFor(() => expect(vips).toHaveLength(1));
    expect(vips[0]).toMatchObject({ id: [1n], isVip: true });
    await waitFor(() => expect(within(row("待审文档")).getByLabelText("VIP")).toBeTruthy());

    select("待审文档");
    fireEvent.click(within(await screen.findByTestId("document-batch")).getByText("取消VIP文档"));
    await waitFor(() => expect(vips).toHaveLength(2));
    expect(vips[1]).toMatchObject({ id: [1n], isVip: false });
    await waitFor(() => expect(within(row("待审文档")).queryByLabelText("VIP")).toBeNull());
  }, 120_000);

  it("rejects one document from its row with a reason; without permissions offers no review, edit or delete", async () => {
    const { deps, checks } = setup(["ListDocument", "CheckDocument"]);
    const view = renderWithProviders(<DocumentListPage />, deps);
    fireEvent.click(within(await findRow("待审文档")).getByLabelText("审核拒绝"));
    // Rejecting asks first, naming the document and offering a reason; nothing is sent before the answer.
    // (antd's confirm dialog holds the question twice: visible, and as the dialog's hidden title)
    expect((await screen.findAllByText("确定要审核拒绝“待审文档”吗？")).length).toBeGreaterThan(0);
    const reason = screen.getByLabelText("原因");
    expect(reason.getAttribute("placeholder")).toBe("告诉上传者原因（可选）");
    expect(reason.getAttribute("maxlength")).toBe("255");
    fireEvent.change(reason, { target: { value: "  内容不完整，请补充后重新上传 " } });
    expect(checks).toHaveLength(0);
    fireEvent.click(document.querySelector(".ant-modal-confirm .ant-btn-dangerous") as HTMLElement);
    await waitFor(() => expect(checks).toHaveLength(1));
    expect(checks[0]?.id).toEqual([1n]);
    expect(checks[0]?.status).toBe(DocumentStatus.REJECTED);
    expect(checks[0]?.reason).toBe("内容不完整，请补充后重新上传");
    await waitFor(() => expect(within(row("待审文档")).getByText("审核未通过")).toBeTruthy());
    expect(within(row("待审文档")).getByTestId("review-reason").textContent).toBe("内容不完整，请补充后重新上传");
    expect(within(row("待审文档")).queryByLabelText("审核拒绝")).toBeNull(); // already rejected
    expect(within(row("待审文档")).queryByLabelText("删除")).toBeNull(); // no DeleteDocument
    view.unmount();

    const readOnly = setup(["ListDocument"]);
    renderWithProviders(<DocumentListPage />, readOnly.deps);
    const actions = within(await findRow("待审文档"));
    for (const name of ["审核通过", "审核拒绝", "禁用", "编辑", "删除"])
      expect(actions.queryByLabelText(name)).toBeNull();
    expect(screen.queryByTestId("document-reconvert")).toBeNull();
    select("待审文档");
    expect(within(await screen.findByTestId("document-batch")).queryAllByRole("button")).toHaveLength(0);
  }, 120_000);
});

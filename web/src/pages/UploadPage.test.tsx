import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { CategoryAPI, CategorySchema } from "@wenku/proto/api/v1/category_pb.js";
import { type CreateDocumentRequest, DocumentAPI, DocumentSchema } from "@wenku/proto/api/v1/document_pb.js";
import { CategoryType, DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { useLocation } from "react-router";
import { emptyServices, renderRoutes, testDeps } from "../../test/render.js";
import UploadPage from "./UploadPage.js";

// Whole antd forms in jsdom (the cascader especially) are slow on a loaded machine.
jest.setTimeout(60_000);

function Location() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

const routes = [
  { path: "/upload", element: <UploadPage /> },
  { path: "*", element: <Location /> },
];

interface Seen {
  exist: string[];
  created: CreateDocumentRequest[];
}

function setup(
  options: {
    canUpload?: () => object;
    maxDocumentSize?: number;
    exist?: boolean;
    unavailableExt?: string[];
    /** The server refuses documents with this title. */
    refuseTitle?: string;
  } = {},
) {
  const seen: Seen = { exist: [], created: [] };
  const deps = testDeps({
    loadSettings: async () => ({
      security: { maxDocumentSize: options.maxDocumentSize ?? 0 },
      language: [
        { id: 3, language: "简体中文", code: "zh-CN" },
        { id: 4, language: "English", code: "en" },
      ],
    }),
    services: (router: ConnectRouter) => {
      emptyServices(router);
      router.service(UserAPI, { canIUploadDocument: options.canUpload ?? (() => ({})) });
      router.service(CategoryAPI, {
        listCategory: () => ({
          total: 2n,
          category: [
            create(CategorySchema, { id: 1n, title: "教育", enable: true, type: CategoryType.DOCUMENT }),
            create(CategorySchema, { id: 2n, parentId: 1n, title: "高考", enable: true, type: CategoryType.DOCUMENT }),
          ],
        }),
      });
      router.service(DocumentAPI, {
        // Unset: not implemented, as an older server answers (the page then refuses nothing up front).
        ...(options.unavailableExt
          ? { getDocumentConverters: () => ({ office: false, unavailableExt: options.unavailableExt ?? [] }) }
          : {}),
        checkDocumentExist: (req) => {
          seen.exist.push(req.hash);
          // Each content its own attachment: 40 + its length.
          return { exist: options.exist ?? false, attachmentId: options.exist ? 40n + BigInt(seen.exist.length) : 0n };
        },
        createDocument: (req) => {
          if (req.document.some((d) => d.title === options.refuseTitle))
            throw new ConnectError("文档标题包含敏感词", Code.InvalidArgument);
          seen.created.push(req);
          return {};
        },
        listDocument: () => ({
          total: 1n,
          document: [create(DocumentSchema, { id: 7n, title: "讲义", status: DocumentStatus.PENDING_REVIEW })],
        }),
      });
    },
  });
  return { deps, seen };
}

function login(deps: ReturnType<typeof testDeps>) {
  deps.sessionStore.login({ id: 5, username: "uploader" }, "user-token");
}

/** A File whose reported size is `size` without allocating it. */
function fileOfSize(name: string, size: number, content = "%PDF-1.4"): File {
  const file = new File([content], name, { type: "application/octet-stream" });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

/** Picks a category path in the cascader inside `scope` (the batch defaults or a file's row). */
async function pickCategory(scope: HTMLElement, path: string[], index = 0) {
  fireEvent.mouseDown(within(scope).getAllByRole("combobox")[index] as HTMLElement);
  for (const title of path) {
    const options = await screen.findAllByText(title, { selector: ".ant-cascader-menu-item-content" });
    fireEvent.click(options[options.length - 1] as HTMLElement);
  }
}

async function dropFiles(files: File[]) {
  const input = (await screen.findByTestId("upload-page", {}, { timeout: 8000 })).querySelector(
    'input[type="file"]',
  ) as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

describe("upload page", () => {
  it("sends visitors to login, remembering /upload", async () => {
    renderRoutes(routes, { path: "/upload", deps: setup().deps });
    expect((await screen.findByTestId("location")).textContent).toBe("/login?redirect=%2Fupload");
  });

  it("shows the server's reason when the user may not upload", async () => {
    const { deps } = setup({
      canUpload: () => {
        throw new ConnectError("您所在的用户组暂不允许上传文档", Code.PermissionDenied);
      },
    });
    login(deps);
    renderRoutes(routes, { path: "/upload", deps });
    const refused = await screen.findByTestId("upload-not-allowed", {}, { timeout: 8000 });
    expect(refused.textContent).toContain("您所在的用户组暂不允许上传文档");
  });

  it("refuses a too-big file and a wrong type before sending anything", async () => {
    const { deps, seen } = setup({ maxDocumentSize: 1 });
    login(deps);
    const open = jest.spyOn(XMLHttpRequest.prototype, "open");
    renderRoutes(routes, { path: "/upload", deps });
    await screen.findByText(/单个文件最大 1 MB/, {}, { timeout: 8000 });

    await dropFiles([fileOfSize("大文件.pdf", 1.5 * 1024 * 1024), fileOfSize("压缩包.zip", 100)]);
    const errors = await screen.findAllByTestId("upload-error");
    expect(errors.map((e) => e.textContent)).toEqual(["文件过大：最大 1 MB", "不支持的文件格式：.zip"]);
    expect(screen.getAllByTestId("upload-item").map((li) => li.getAttribute("data-phase"))).toEqual([
      "invalid",
      "invalid",
    ]);
    expect(open).not.toHaveBeenCalled();
    expect(seen.exist).toEqual([]);
    expect((screen.getByTestId("upload-submit") as HTMLButtonElement).disabled).toBe(true);

    // Removing the files clears the list.
    fireEvent.click(screen.getByRole("button", { name: "移除 大文件.pdf" }));
    await waitFor(() => expect(screen.getAllByTestId("upload-item")).toHaveLength(1));
  });

  it("refuses office formats up front when the server has no office converter, and says so", async () => {
    const { deps, seen } = setup({ unavailableExt: [".doc", ".docx", ".xls", ".xlsx", ".ppt", ".pptx", ".txt"] });
    login(deps);
    const open = jest.spyOn(XMLHttpRequest.prototype, "open");
    renderRoutes(routes, { path: "/upload", deps });
    const banner = await screen.findByTestId("upload-no-office", {}, { timeout: 8000 });
    expect(banner.textContent).toContain("未安装 Office 文档转换程序");
    expect(banner.textContent).toContain("docx");
    const input = screen.getByTestId("upload-page").querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept.split(",")).not.toContain(".docx");
    expect(input.accept.split(",")).toContain(".pdf");
    expect(screen.getByText(/支持 pdf/).textContent).not.toMatch(/docx/);

    await dropFiles([fileOfSize("年度报告.docx", 100, "PK")]);
    const errors = await screen.findAllByTestId("upload-error");
    expect(errors.map((e) => e.textContent)).toEqual(["服务器未安装 Office 文档转换程序，暂不能上传 .docx 文件"]);
    expect(screen.getAllByTestId("upload-item").map((li) => li.getAttribute("data-phase"))).toEqual(["invalid"]);
    expect(open).not.toHaveBeenCalled();
    expect(seen.exist).toEqual([]);
  });

  it("skips the upload when the server already has the content, then creates the document", async () => {
    const { deps, seen } = setup({ exist: true });
    login(deps);
    const open = jest.spyOn(XMLHttpRequest.prototype, "open");
    renderRoutes(routes, { path: "/upload", deps });
    await dropFiles([new File(["The quick brown fox jumps over the lazy dog"], "讲义.pdf")]);

    expect(await screen.findByTestId("upload-instant", {}, { timeout: 8000 })).toBeTruthy();
    expect(seen.exist).toEqual(["9e107d9d372bb6826bd81d3542a419d6"]);
    expect(open).not.toHaveBeenCalled();
    const title = screen.getByRole("textbox", { name: "标题 讲义.pdf" }) as HTMLInputElement;
    expect(title.value).toBe("讲义");

    // The category is required: said on the file's row, nothing sent.
    fireEvent.click(screen.getByTestId("upload-submit"));
    expect((await screen.findByTestId("upload-row-error")).textContent).toBe("请选择文档分类");
    expect(seen.created).toEqual([]);

    await pickCategory(screen.getByTestId("upload-batch"), ["教育", "高考"]);
    await waitFor(() => expect(screen.queryByTestId("upload-row-error")).toBeNull());
    fireEvent.click(screen.getByTestId("upload-submit"));

    const success = await screen.findByTestId("upload-success", {}, { timeout: 8000 });
    expect(seen.created.map((r) => r.categoryId)).toEqual([[1n, 2n]]);
    expect(seen.created[0]?.document.map((d) => [d.title, d.attachmentId, d.languageId])).toEqual([["讲义", 41n, 0n]]);
    expect(within(success).getByRole("link", { name: "讲义" }).getAttribute("href")).toBe("/document/7");
    expect(success.textContent).toContain("文档需要审核");
  });

  it("gives each file its own category and language, the batch's by default; a refused file keeps its reason", async () => {
    const { deps, seen } = setup({ exist: true, refuseTitle: "敏感" });
    login(deps);
    renderRoutes(routes, { path: "/upload", deps });
    await dropFiles([
      new File(["first file"], "中文手册.pdf"),
      new File(["second file, longer"], "manual.pdf"),
      new File(["third"], "敏感.pdf"),
    ]);
    await waitFor(() => expect(screen.getAllByTestId("upload-instant")).toHaveLength(3), { timeout: 8000 });

    // The batch: 教育, no language (detected after conversion).
    await pickCategory(screen.getByTestId("upload-batch"), ["教育"]);
    const rows = screen.getAllByTestId("upload-item");
    const row = (i: number) => rows[i] as HTMLElement;
    // Every row shows the batch's category until it gets its own.
    await waitFor(() =>
      expect(rows.map((r) => within(r).getByTestId("upload-row-category").textContent)).toEqual([
        "教育",
        "教育",
        "教育",
      ]),
    );
    // The English manual: 高考 under 教育, in English.
    await pickCategory(row(1), ["教育", "高考"]);
    fireEvent.mouseDown(within(row(1)).getAllByRole("combobox")[1] as HTMLElement);
    const english = await screen.findAllByText("English", { selector: ".ant-select-item-option-content" });
    fireEvent.click(english[english.length - 1] as HTMLElement);
    await waitFor(() => expect(within(row(1)).getByTestId("upload-row-category").textContent).toBe("教育 / 高考"));

    fireEvent.click(screen.getByTestId("upload-submit"));
    // The refused file stays with the server's reason on its row; the two others are created.
    const refusal = await screen.findByTestId("upload-row-error", {}, { timeout: 8000 });
    expect(refusal.textContent).toBe("文档标题包含敏感词");
    expect(screen.getAllByTestId("upload-item")).toHaveLength(1);
    expect(refusal.closest("li")?.textContent).toContain("敏感.pdf");
    expect(screen.getByTestId("upload-partly-created").textContent).toContain("已提交 2 个文档");
    expect(seen.created.map((r) => [r.document[0]?.title, r.categoryId, r.document[0]?.languageId])).toEqual([
      ["中文手册", [1n], 0n],
      ["manual", [1n, 2n], 4n],
    ]);

    // Renamed, it goes through: the success page counts the whole batch.
    fireEvent.change(screen.getByRole("textbox", { name: "标题 敏感.pdf" }), { target: { value: "第三份" } });
    expect(screen.queryByTestId("upload-row-error")).toBeNull();
    fireEvent.click(screen.getByTestId("upload-submit"));
    const success = await screen.findByTestId("upload-success", {}, { timeout: 8000 });
    expect(success.textContent).toContain("3 个文档已提交");
    expect(seen.created.map((r) => r.document[0]?.title)).toEqual(["中文手册", "manual", "第三份"]);
  }, 150_000); // three rows of antd selects in jsdom: slow on a loaded machine
});

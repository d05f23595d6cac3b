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
  created?: CreateDocumentRequest;
}

function setup(
  options: { canUpload?: () => object; maxDocumentSize?: number; exist?: boolean; unavailableExt?: string[] } = {},
) {
  const seen: Seen = { exist: [] };
  const deps = testDeps({
    loadSettings: async () => ({ security: { maxDocumentSize: options.maxDocumentSize ?? 0 } }),
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
          return { exist: options.exist ?? false, attachmentId: options.exist ? 42n : 0n };
        },
        createDocument: (req) => {
          seen.created = req;
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

    // The category is required.
    fireEvent.click(screen.getByTestId("upload-submit"));
    expect(await screen.findByText("请选择文档分类")).toBeTruthy();
    expect(seen.created).toBeUndefined();

    fireEvent.mouseDown(within(screen.getByTestId("upload-page")).getByRole("combobox"));
    fireEvent.click(await screen.findByText("教育", { selector: ".ant-cascader-menu-item-content" }));
    fireEvent.click(await screen.findByText("高考", { selector: ".ant-cascader-menu-item-content" }));
    fireEvent.click(screen.getByTestId("upload-submit"));

    const success = await screen.findByTestId("upload-success", {}, { timeout: 8000 });
    expect(seen.created?.categoryId).toEqual([1n, 2n]);
    expect(seen.created?.document.map((d) => [d.title, d.attachmentId])).toEqual([["讲义", 42n]]);
    expect(within(success).getByRole("link", { name: "讲义" }).getAttribute("href")).toBe("/document/7");
    expect(success.textContent).toContain("文档需要审核");
  });
});

import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { CategorySchema } from "@wenku/proto/api/v1/category_pb.js";
import { type Document, DocumentAPI, DocumentSchema } from "@wenku/proto/api/v1/document_pb.js";
import { DocumentStatus } from "@wenku/proto/api/v1/enums_pb.js";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import { RootLayout } from "../../layouts/RootLayout.js";
import DocumentPage from "./DocumentPage.js";

jest.setTimeout(30_000);

// Under the root layout, which owns the browser title the page names.
const routes = [{ element: <RootLayout />, children: [{ path: "/document/:id?", element: <DocumentPage /> }] }];

function doc(extra: MessageInitShape<typeof DocumentSchema> = {}): Document {
  return create(DocumentSchema, {
    id: 9n,
    title: "线性代数讲义",
    ext: ".pdf",
    pages: 12,
    preview: 12,
    width: 595,
    height: 842,
    size: 1536n * 1024n,
    status: DocumentStatus.CONVERTED,
    viewCount: 33,
    downloadCount: 4,
    keywords: "数学，线性代数, 矩阵",
    description: "第一章到第三章",
    userId: 5n,
    username: "teacher",
    enableGzip: true,
    createdAt: timestampFromDate(new Date(Date.now() - 3 * 24 * 3600 * 1000)),
    category: [
      create(CategorySchema, { id: 2n, parentId: 1n, title: "数学" }),
      create(CategorySchema, { id: 1n, parentId: 0n, title: "教育" }),
    ],
    ...extra,
  });
}

function setup(getDocument: () => Document, settings: { pagesPerRead?: number } = {}) {
  const downloads: bigint[] = [];
  const deps = testDeps({
    loadSettings: async () => ({ display: { pagesPerRead: settings.pagesPerRead ?? 0 } }),
    services: (router: ConnectRouter) => {
      emptyServices(router);
      router.service(DocumentAPI, {
        getDocument: (req) => {
          expect(req.withAuthor).toBe(true);
          return getDocument();
        },
        getRelatedDocuments: () => ({
          total: 1n,
          document: [create(DocumentSchema, { id: 10n, title: "矩阵论习题", ext: ".docx", pages: 3 })],
        }),
        downloadDocument: (req) => {
          downloads.push(req.id);
          throw new ConnectError("请先登录再下载", Code.Unauthenticated);
        },
      });
    },
  });
  return { deps, downloads };
}

const pages = () => screen.getAllByTestId("reader-page").map((img) => img.getAttribute("src"));

describe("document page", () => {
  it("shows the details, the first two pages, and loads pages_per_read more up to the preview", async () => {
    const { deps } = setup(() => doc(), { pagesPerRead: 4 });
    renderRoutes(routes, { path: "/document/9", deps });

    expect((await screen.findByTestId("document-title", {}, { timeout: 8000 })).textContent).toBe("线性代数讲义");
    await waitFor(() => expect(document.title).toBe("线性代数讲义 - 文库"));
    const meta = screen.getByTestId("document-meta").textContent ?? "";
    for (const text of ["teacher", "3 天前", "12 页", "1.50 MB", "33 浏览", "4 下载", "免费"])
      expect(meta).toContain(text);
    expect(screen.getByRole("link", { name: "teacher" }).getAttribute("href")).toBe("/user/5");
    expect(screen.getByTestId("document-breadcrumb").textContent).toBe("首页/教育/数学");
    for (const k of ["数学", "线性代数", "矩阵"]) expect(screen.getByText(k, { selector: ".ant-tag" })).toBeTruthy();
    expect(screen.queryByTestId("reader-preview-notice")).toBeNull();
    expect(screen.queryByTestId("document-status")).toBeNull();

    expect(pages()).toEqual(["/view/page/9/1.gzip.svg", "/view/page/9/2.gzip.svg"]);
    const [first, second] = screen.getAllByTestId("reader-page") as HTMLImageElement[];
    if (!first || !second) throw new Error("expected two pages");
    // the first page is the largest paint: fetched at once and first; later pages when scrolled to
    expect(first.getAttribute("loading")).toBe("eager");
    expect(first.getAttribute("fetchpriority")).toBe("high");
    expect(second.getAttribute("loading")).toBe("lazy");
    expect(first.style.aspectRatio).toBe("595 / 842");

    fireEvent.click(screen.getByTestId("reader-continue"));
    await waitFor(() => expect(pages()).toHaveLength(6));
    expect(pages().at(-1)).toBe("/view/page/9/6.gzip.svg");
    fireEvent.click(screen.getByTestId("reader-continue"));
    await waitFor(() => expect(pages()).toHaveLength(10));
    fireEvent.click(screen.getByTestId("reader-continue"));
    await waitFor(() => expect(pages()).toHaveLength(12));
    expect(screen.queryByTestId("reader-continue")).toBeNull();
    expect(screen.getByTestId("reader-end")).toBeTruthy();

    expect(await screen.findByRole("link", { name: "矩阵论习题" })).toBeTruthy();
  });

  it("stops at the preview limit, where the call to action says how many pages can be previewed", async () => {
    const { deps } = setup(() => doc({ pages: 30, preview: 3, enableGzip: false }));
    renderRoutes(routes, { path: "/document/9", deps });
    await screen.findByTestId("reader-continue", {}, { timeout: 8000 });
    expect(pages()).toEqual(["/view/page/9/1.svg", "/view/page/9/2.svg"]);
    expect(screen.queryByTestId("reader-cta")).toBeNull();
    fireEvent.click(screen.getByTestId("reader-continue"));
    await waitFor(() => expect(pages()).toHaveLength(3));
    expect(screen.queryByTestId("reader-continue")).toBeNull();
    expect(screen.queryByTestId("reader-end")).toBeNull();
    expect(screen.getByTestId("reader-preview-notice").textContent).toBe("预览已结束：可预览 3 页，共 30 页");
    expect(screen.getByTestId("reader-cta").getAttribute("data-offer")).toBe("login");
  });

  it("shows the server's reason when a download is refused", async () => {
    const { deps, downloads } = setup(() => doc());
    renderRoutes(routes, { path: "/document/9", deps });
    fireEvent.click(await screen.findByTestId("document-download", {}, { timeout: 8000 }));
    // The message API loads antd's feedback code on first use (LazyAntdApp).
    expect(await screen.findByText("请先登录再下载", {}, { timeout: 8000 })).toBeTruthy();
    expect(downloads).toEqual([9n]);
  });

  it("a priced document: a signed-in reader confirms the price (and the re-download window) before the download buys it", async () => {
    const { deps, downloads } = setup(() => doc({ price: 8 }));
    deps.loadSettings = async () => ({ download: { freeDownloadDuration: 3 } });
    deps.sessionStore.login({ id: "7", username: "reader" }, "token-7");
    renderRoutes(routes, { path: "/document/9", deps });
    fireEvent.click(await screen.findByTestId("document-download", {}, { timeout: 8000 }));
    expect(
      await screen.findByText("下载需支付 8 积分", { selector: ".ant-modal-confirm-title" }, { timeout: 8000 }),
    ).toBeTruthy();
    expect(screen.getByText(/购买后 3 天内再次下载免费/)).toBeTruthy();
    expect(downloads).toEqual([]); // nothing asked before the reader agrees
    fireEvent.click(screen.getByRole("button", { name: "支付并下载" }));
    await waitFor(() => expect(downloads).toEqual([9n]));
  });

  it("a priced document downloads without asking its uploader", async () => {
    const { deps, downloads } = setup(() => doc({ price: 8 }));
    deps.sessionStore.login({ id: "5", username: "teacher" }, "token-5");
    renderRoutes(routes, { path: "/document/9", deps });
    fireEvent.click(await screen.findByTestId("document-download", {}, { timeout: 8000 }));
    await waitFor(() => expect(downloads).toEqual([9n]));
    expect(screen.queryByText("下载需支付 8 积分")).toBeNull();
  });

  it("explains a failed conversion and shows no reader", async () => {
    const { deps } = setup(() =>
      doc({ status: DocumentStatus.FAILED, pages: 0, preview: 0, convertError: "文件已加密" }),
    );
    renderRoutes(routes, { path: "/document/9", deps });
    const banner = await screen.findByTestId("document-status", {}, { timeout: 8000 });
    expect(banner.textContent).toContain("文档转换失败");
    expect(banner.textContent).toContain("原因：文件已加密");
    expect(screen.queryByTestId("reader")).toBeNull();
    expect(screen.queryByTestId("document-download")).toBeNull();
  });

  it("tells the owner why staff rejected the document, or just that it was rejected", async () => {
    const rejected = doc({ status: DocumentStatus.REJECTED, reviewReason: "内容不完整，请补充后重新上传" });
    const view = renderRoutes(routes, { path: "/document/9", deps: setup(() => rejected).deps });
    const banner = await screen.findByTestId("document-status", {}, { timeout: 8000 });
    expect(banner.textContent).toContain("文档审核未通过：内容不完整，请补充后重新上传");
    view.unmount();

    renderRoutes(routes, { path: "/document/9", deps: setup(() => doc({ status: DocumentStatus.DISABLED })).deps });
    const plain = await screen.findByTestId("document-status", {}, { timeout: 8000 });
    expect(plain.textContent).toContain("文档已被禁用");
    expect(plain.textContent).not.toContain("：");
  });

  it("answers 404 when the server says NotFound, and for ids that cannot exist", async () => {
    const { deps } = setup(() => {
      throw new ConnectError("文档不存在", Code.NotFound);
    });
    const view = renderRoutes(routes, { path: "/document/404", deps });
    expect(await screen.findByTestId("document-not-found", {}, { timeout: 8000 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("文档不存在或已被删除 - 文库"));
    view.unmount();
    renderRoutes(routes, { path: "/document/abc", deps: setup(() => doc()).deps });
    expect(await screen.findByTestId("document-not-found", {}, { timeout: 8000 })).toBeTruthy();
  });
});

import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, within } from "@testing-library/react";
import {
  DocumentAPI,
  DocumentSchema,
  type ListDocumentForHomeItem,
  ListDocumentForHomeItemSchema,
  type ListDocumentForHomeRequest,
  type ListDocumentRequest,
} from "@wenku/proto/api/v1/document_pb.js";
import { NavigationAPI, NavigationSchema } from "@wenku/proto/api/v1/navigation_pb.js";
import { preloadRoutes } from "../../test/preloadRoutes.js";
import { emptyServices, renderRoutes, testDeps } from "../../test/render.js";
import { routes } from "../router/routes.js";

const doc = (id: number, title: string, ext = ".pdf") =>
  create(DocumentSchema, { id: BigInt(id), title, ext, pages: 3, viewCount: 7 });

const homeItem = (id: number, name: string, docs: ReturnType<typeof doc>[], cover = "") =>
  create(ListDocumentForHomeItemSchema, {
    categoryId: BigInt(id),
    categoryName: name,
    categoryCover: cover,
    document: docs,
  });

interface Seen {
  home: ListDocumentForHomeRequest[];
  list: ListDocumentRequest[];
}

/** DocumentAPI with the two home calls; each answers from its function (which may throw). */
function documentServices(
  seen: Seen,
  home: () => ListDocumentForHomeItem[],
  latest: () => ReturnType<typeof doc>[] = () => [],
) {
  return (router: ConnectRouter) => {
    emptyServices(router);
    router.service(DocumentAPI, {
      listDocumentForHome: (req) => {
        seen.home.push(req);
        return { document: home() };
      },
      listDocument: (req) => {
        seen.list.push(req);
        // The recommended section's request (home/HomeDocuments.tsx) has its own tests.
        if (req.isRecommend.length > 0) return { total: 0n, document: [] };
        const documents = latest();
        return { total: BigInt(documents.length), document: documents };
      },
    });
  };
}

preloadRoutes(() => import("./HomePage.js"));

describe("home page and header", () => {
  it("shows the library name when no settings are loaded, in the hero and the logo", async () => {
    renderRoutes(routes, { path: "/" });
    expect((await screen.findByTestId("site-name", {}, { timeout: 8000 })).textContent).toBe("文库");
    expect(screen.getByTestId("site-logo").textContent).toBe("文库");
    expect(document.title).toBe("文库");
  });

  it("shows the configured site name from the settings loader", async () => {
    const deps = testDeps({ loadSettings: async () => ({ system: { sitename: "魔刀文库", title: "MOREDOC" } }) });
    renderRoutes(routes, { path: "/", deps });
    expect(await screen.findByText("魔刀文库", { selector: "[data-testid=site-name]" })).toBeTruthy();
    expect(document.title).toBe("MOREDOC");
  });

  it("adds enabled navigation items from NavigationAPI after the fixed links", async () => {
    const deps = testDeps({
      services: (router) =>
        router.service(NavigationAPI, {
          listNavigation: () => ({
            total: 2n,
            navigation: [
              create(NavigationSchema, { id: 1n, title: "帮助中心", href: "https://help.example.com", enable: true }),
              create(NavigationSchema, { id: 2n, title: "已停用", href: "/x", enable: false }),
            ],
          }),
        }),
    });
    renderRoutes(routes, { path: "/", deps });
    const help = await screen.findByRole("link", { name: "帮助中心" }, { timeout: 8000 });
    expect(help.getAttribute("href")).toBe("https://help.example.com");
    expect(help.getAttribute("target")).toBe("_blank");
    expect(screen.queryByText("已停用")).toBeNull();
    const nav = screen.getAllByRole("navigation")[0];
    expect(nav && within(nav).getByRole("link", { name: "首页" }).getAttribute("href")).toBe("/");
  });

  it("searches documents only for a non-empty keyword", async () => {
    renderRoutes(routes, { path: "/" });
    const box = await screen.findByRole("searchbox", { name: "输入关键词搜索文档" });
    const go = screen.getByRole("button", { name: /^搜\s?索$/ }); // antd spaces two-character labels
    fireEvent.click(go);
    expect(screen.getByTestId("site-name")).toBeTruthy();
    fireEvent.change(box, { target: { value: " 考研 " } });
    fireEvent.click(go);
    const page = await screen.findByTestId("search-page", {}, { timeout: 8000 });
    // the search page opened for the trimmed keyword: its own box holds it
    expect(within(page).getByDisplayValue("考研")).toBeTruthy();
  });
});

describe("home page documents", () => {
  it("shows the latest list, then one section per category with its cards and a more link, skipping empty ones", async () => {
    const seen: Seen = { home: [], list: [] };
    const services = documentServices(
      seen,
      () => [
        homeItem(3, "教育", [doc(11, "高考数学真题"), doc(12, "英语作文模板", ".docx")], "/uploads/edu.png"),
        homeItem(4, "空分类", []),
        homeItem(5, "技术", [doc(21, "TypeScript 入门", ".pptx")]),
      ],
      () => [doc(31, "最新上传的报告"), doc(32, "会议纪要", ".txt")],
    );
    renderRoutes(routes, { path: "/", deps: testDeps({ services }) });

    const sections = await screen.findAllByTestId("home-category", {}, { timeout: 8000 });
    expect(sections.map((s) => within(s).getByRole("heading").textContent)).toEqual(["教育", "技术"]);
    expect(screen.queryByText("空分类")).toBeNull();

    const [education, tech] = sections as [HTMLElement, HTMLElement];
    expect(within(education).getAllByTestId("document-card")).toHaveLength(2);
    expect(within(tech).getAllByTestId("document-card")).toHaveLength(1);
    expect(within(education).getAllByRole("link", { name: "高考数学真题" })[0]?.getAttribute("href")).toBe(
      "/document/11",
    );
    expect(within(education).getByRole("link", { name: "更多教育文档" }).getAttribute("href")).toBe("/category/3");
    expect(within(tech).getByRole("link", { name: "更多技术文档" }).getAttribute("href")).toBe("/category/5");
    expect(education.querySelector("img[src='/uploads/edu.png']")).not.toBeNull();

    const latest = screen.getByTestId("home-latest");
    expect(within(latest).getByRole("heading").textContent).toBe("最新文档");
    expect(within(latest).getByRole("link", { name: "最新上传的报告" }).getAttribute("href")).toBe("/document/31");
    expect(within(latest).getAllByRole("listitem")).toHaveLength(2);
    // The latest list comes before the categories.
    expect(latest.compareDocumentPosition(education) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    expect(seen.home[0]?.limit).toBe(8n);
    expect(seen.list[0]).toMatchObject({ page: 1n, size: 8n, order: "created_at desc" });
    expect(screen.queryByTestId("home-empty")).toBeNull();
    expect(screen.queryByTestId("home-error")).toBeNull();
  });

  it("keeps the hero working when the home call fails, and retries into the sections", async () => {
    const seen: Seen = { home: [], list: [] };
    let fail = true;
    const services = documentServices(seen, () => {
      if (fail) throw new ConnectError("内部错误", Code.Internal);
      return [homeItem(3, "教育", [doc(11, "高考数学真题")])];
    });
    renderRoutes(routes, { path: "/", deps: testDeps({ services }) });

    const error = await screen.findByTestId("home-error", {}, { timeout: 8000 });
    expect(within(error).getByText("文档暂时没有加载出来")).toBeTruthy();
    expect(screen.getByTestId("site-name").textContent).toBe("文库");
    expect(screen.getByRole("searchbox", { name: "输入关键词搜索文档" })).toBeTruthy();
    expect(screen.queryByTestId("home-category")).toBeNull();
    expect(screen.queryByTestId("home-empty")).toBeNull();

    fail = false;
    fireEvent.click(within(error).getByRole("button", { name: /^重\s?试$/ }));
    const section = await screen.findByTestId("home-category");
    expect(within(section).getByRole("heading").textContent).toBe("教育");
    expect(screen.queryByTestId("home-error")).toBeNull();
    // A transient failure is tried three times (two automatic retries), then once more by the button.
    expect(seen.home).toHaveLength(4);
  });

  it("invites the first upload when the site has no documents", async () => {
    const seen: Seen = { home: [], list: [] };
    const services = documentServices(seen, () => [homeItem(4, "空分类", [])]);
    renderRoutes(routes, { path: "/", deps: testDeps({ services }) });

    const empty = await screen.findByTestId("home-empty", {}, { timeout: 8000 });
    expect(within(empty).getByText("还没有文档，来上传第一篇吧")).toBeTruthy();
    expect(
      within(empty)
        .getByRole("link", { name: /上传文档/ })
        .getAttribute("href"),
    ).toBe("/upload");
    expect(screen.queryByTestId("home-latest")).toBeNull();
    expect(screen.queryByTestId("home-category")).toBeNull();
    expect(screen.queryByText("空分类")).toBeNull();
  });
});

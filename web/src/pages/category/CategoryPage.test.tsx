import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import { CategoryAPI, CategorySchema, type ListCategoryRequest } from "@wenku/proto/api/v1/category_pb.js";
import { DocumentAPI, DocumentSchema, type ListDocumentRequest } from "@wenku/proto/api/v1/document_pb.js";
import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { preloadRoutes } from "../../../test/preloadRoutes.js";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import { routes } from "../../router/routes.js";

const cat = (id: number, parentId: number, title: string, extra: Record<string, unknown> = {}) =>
  create(CategorySchema, { id: BigInt(id), parentId: BigInt(parentId), title, enable: true, ...extra });

const CATEGORIES = [
  cat(1, 0, "教育", { description: "教育资料汇总", showDescription: true, docCount: 12 }),
  cat(2, 1, "高考", { sort: 1 }),
  cat(3, 1, "考研", { sort: 5 }),
  cat(4, 1, "已停用", { enable: false }),
  cat(5, 4, "停用之下"),
  cat(6, 0, "无描述", { description: "不展示", showDescription: false }),
];

function services(
  seen: { category?: ListCategoryRequest; document?: ListDocumentRequest },
  listDocument: (req: ListDocumentRequest) => unknown,
) {
  return (router: ConnectRouter) => {
    emptyServices(router);
    router.service(CategoryAPI, {
      listCategory: (req) => {
        seen.category = req;
        // The server leaves disabled categories out for visitors; the page must cope either way.
        return { total: BigInt(CATEGORIES.length), category: CATEGORIES };
      },
    });
    router.service(DocumentAPI, {
      listDocument: (req) => {
        seen.document = req;
        return listDocument(req) as never;
      },
    });
  };
}

const unimplemented = () => {
  throw new ConnectError("文档服务尚未上线", Code.Unimplemented);
};

preloadRoutes(() => import("./CategoryPage.js"));

describe("category page", () => {
  it("shows the header, breadcrumb and enabled sub-categories, and a 501 document list as an error", async () => {
    const seen: { category?: ListCategoryRequest; document?: ListDocumentRequest } = {};
    renderRoutes(routes, { path: "/category/1", deps: testDeps({ services: services(seen, unimplemented) }) });

    expect((await screen.findByTestId("category-title", {}, { timeout: 8000 })).textContent).toBe("教育");
    await waitFor(() => expect(document.title).toBe("教育 - 文库"));
    expect(screen.getByText("教育资料汇总")).toBeTruthy();
    expect(screen.getByText("12 篇文档")).toBeTruthy();
    const chips = within(screen.getByTestId("category-children"));
    expect(chips.getAllByRole("link").map((a) => a.textContent)).toEqual(["考研", "高考"]);
    expect(screen.queryByText("已停用")).toBeNull();

    const error = await screen.findByTestId("category-docs-error");
    expect(error.textContent).toContain("501");
    expect(error.textContent).toContain("文档服务尚未上线");
    expect(seen.category?.type).toEqual([CategoryType.DOCUMENT]);
    expect(seen.category?.enable).toEqual([true]);
    expect(seen.document?.categoryId).toEqual([1n]);
  });

  it("builds the breadcrumb from the tree, offers siblings on a leaf and passes the filters on", async () => {
    const seen: { category?: ListCategoryRequest; document?: ListDocumentRequest } = {};
    const list = () => ({
      total: 1n,
      document: [create(DocumentSchema, { id: 9n, title: "2024 高考真题", ext: ".pdf", pages: 8 })],
    });
    renderRoutes(routes, {
      path: "/category/2?type=pdf&sort=latest",
      deps: testDeps({ services: services(seen, list) }),
    });

    expect((await screen.findByTestId("category-title", {}, { timeout: 8000 })).textContent).toBe("高考");
    const crumbs = document.querySelector(".ant-breadcrumb");
    expect(crumbs?.textContent).toBe("首页/全部分类/教育/高考");
    expect(
      within(crumbs as HTMLElement)
        .getByRole("link", { name: "教育" })
        .getAttribute("href"),
    ).toBe("/category/1");
    expect(screen.getByRole("navigation", { name: "同级分类" })).toBeTruthy();
    expect((await screen.findByRole("link", { name: "2024 高考真题" })).getAttribute("href")).toBe("/document/9");
    expect(seen.document?.ext).toEqual([".pdf"]);
    expect(seen.document?.order).toBe("id desc");
    expect(screen.getByRole("button", { name: "PDF" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("hides the description unless show_description is set", async () => {
    renderRoutes(routes, { path: "/category/6", deps: testDeps({ services: services({}, unimplemented) }) });
    expect((await screen.findByTestId("category-title", {}, { timeout: 8000 })).textContent).toBe("无描述");
    expect(screen.queryByText("不展示")).toBeNull();
  });

  it("treats a disabled category, and anything below it, as not found", async () => {
    for (const id of ["4", "5", "999", "abc"]) {
      const view = renderRoutes(routes, {
        path: `/category/${id}`,
        deps: testDeps({ services: services({}, unimplemented) }),
      });
      expect(await screen.findByTestId("category-not-found", {}, { timeout: 8000 })).toBeTruthy();
      view.unmount();
    }
  });

  it("says so when the categories cannot be loaded", async () => {
    const deps = testDeps({
      services: (router) => {
        emptyServices(router);
        router.service(CategoryAPI, {
          listCategory: () => {
            throw new ConnectError("not implemented", Code.Unimplemented);
          },
        });
      },
    });
    renderRoutes(routes, { path: "/category/1", deps });
    const error = await screen.findByTestId("category-error", {}, { timeout: 8000 });
    expect(error.textContent).toContain("501 · not implemented");
  });
});

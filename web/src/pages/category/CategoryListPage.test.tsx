import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, within } from "@testing-library/react";
import { CategoryAPI, CategorySchema, type ListCategoryRequest } from "@wenku/proto/api/v1/category_pb.js";
import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { preloadRoutes } from "../../../test/preloadRoutes.js";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import { routes } from "../../router/routes.js";

const cat = (id: number, parentId: number, title: string, extra: Record<string, unknown> = {}) =>
  create(CategorySchema, { id: BigInt(id), parentId: BigInt(parentId), title, enable: true, ...extra });

function services(list: (req: ListCategoryRequest) => unknown) {
  return (router: ConnectRouter) => {
    emptyServices(router);
    router.service(CategoryAPI, { listCategory: (req) => list(req) as never });
  };
}

preloadRoutes(() => import("./CategoryListPage.js"));

describe("category list page (/category)", () => {
  it("shows a card per top-level category with cover, count and sub-categories, in display order", async () => {
    let seen: ListCategoryRequest | undefined;
    const categories = [
      cat(1, 0, "教育", { docCount: 12, cover: "/uploads/edu.png", sort: 1 }),
      cat(2, 1, "高考", { docCount: 7 }),
      cat(3, 0, "科技", { docCount: 3, sort: 9, description: "科技资料", showDescription: true }),
      cat(4, 0, "已停用", { enable: false }),
    ];
    renderRoutes(routes, {
      path: "/category",
      deps: testDeps({
        services: services((req) => {
          seen = req;
          return { total: BigInt(categories.length), category: categories };
        }),
      }),
    });
    const cards = await screen.findAllByTestId("category-card", {}, { timeout: 8000 });
    // Larger sort first; a disabled category is never shown, even if a staff reply included it.
    expect(cards.map((c) => within(c).getAllByRole("link")[1]?.textContent)).toEqual(["科技", "教育"]);
    expect(seen?.type).toEqual([CategoryType.DOCUMENT]);
    expect(seen?.enable).toEqual([true]);
    const education = cards[1] as HTMLElement;
    expect(within(education).getByText("12 篇文档")).toBeTruthy();
    expect(education.querySelector("img")?.getAttribute("src")).toBe("/uploads/edu.png");
    const sub = within(education).getByRole("navigation", { name: "教育的子分类" });
    expect(within(sub).getByRole("link").getAttribute("href")).toBe("/category/2");
    expect(within(sub).getByRole("link").textContent).toBe("高考 (7)");
    expect(within(cards[0] as HTMLElement).getByText("科技资料")).toBeTruthy();
  });

  it("shows an empty state without categories", async () => {
    renderRoutes(routes, {
      path: "/category",
      deps: testDeps({ services: services(() => ({ total: 0n, category: [] })) }),
    });
    expect(await screen.findByText("暂无分类", {}, { timeout: 8000 })).toBeTruthy();
  });

  it("reports a failed load with the server's message and retries", async () => {
    let calls = 0;
    renderRoutes(routes, {
      path: "/category",
      deps: testDeps({
        services: services(() => {
          calls += 1;
          // A final error (no automatic retries), then the retry button asks again.
          if (calls === 1) throw new ConnectError("分类服务不可用", Code.FailedPrecondition);
          return { total: 1n, category: [cat(1, 0, "教育")] };
        }),
      }),
    });
    const error = await screen.findByTestId("category-error", {}, { timeout: 8000 });
    expect(error.textContent).toContain("分类服务不可用");
    fireEvent.click(within(error).getByRole("button"));
    expect((await screen.findAllByTestId("category-card")).length).toBe(1);
  });
});

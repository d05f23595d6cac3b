import { create } from "@bufbuild/protobuf";
import type { ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { CategoryAPI, CategorySchema, type ListCategoryRequest } from "@wenku/proto/api/v1/category_pb.js";
import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { emptyServices, renderWithProviders, testDeps } from "../../test/render.js";
import { AppHeader } from "./AppHeader.js";
import { CategoryCards, DrawerCategories } from "./HeaderCategories.js";

const cat = (id: number, parentId: number, title: string, type: CategoryType, extra: Record<string, unknown> = {}) =>
  create(CategorySchema, { id: BigInt(id), parentId: BigInt(parentId), title, type, enable: true, ...extra });

const DOCS = [
  cat(1, 0, "教育", CategoryType.DOCUMENT, { docCount: 12, cover: "/uploads/edu.png" }),
  cat(2, 1, "高考", CategoryType.DOCUMENT),
  cat(3, 0, "科技", CategoryType.DOCUMENT, { docCount: 3, sort: 5 }),
];
const ARTICLES = [cat(8, 0, "公告", CategoryType.ARTICLE)];

function deps(asked: ListCategoryRequest[] = []) {
  return testDeps({
    services: (router: ConnectRouter) => {
      emptyServices(router);
      router.service(CategoryAPI, {
        listCategory: (req) => {
          asked.push(req);
          const category = req.type.includes(CategoryType.ARTICLE) ? ARTICLES : DOCS;
          return { total: BigInt(category.length), category };
        },
      });
    },
  });
}

const sleep = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe("the header's category popover (spec §2)", () => {
  it("opens on 文档 after the pointer rests 600 ms, with a card per top-level category", async () => {
    const asked: ListCategoryRequest[] = [];
    renderWithProviders(<AppHeader />, deps(asked));
    const link = await screen.findByRole("link", { name: "文档" });
    fireEvent.pointerEnter(link);
    await sleep(300);
    expect(screen.queryByTestId("category-popover")).toBeNull();
    expect(asked).toEqual([]);
    const popover = await screen.findByTestId("category-popover", {}, { timeout: 3000 });
    const cards = within(popover).getAllByRole("link");
    // Larger sort first; a card without a cover shows the title's first character.
    expect(cards.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["科科技3 篇文档", "/category/3"],
      ["教育12 篇文档", "/category/1"],
      ["全部分类 ", "/category"],
    ]);
    expect(cards[1]?.querySelector("img")?.getAttribute("src")).toBe("/uploads/edu.png");
    expect(asked[0]?.enable).toEqual([true]);
  });

  it("does not open when the pointer only passes over the link, nor on a click", async () => {
    renderWithProviders(<AppHeader />, deps());
    const link = await screen.findByRole("link", { name: "文章" });
    fireEvent.pointerEnter(link);
    fireEvent.pointerLeave(link);
    fireEvent.focus(link);
    fireEvent.click(link);
    await sleep(800);
    expect(screen.queryByTestId("category-popover")).toBeNull();
  });

  it("links article categories to the article list filtered by category", async () => {
    renderWithProviders(<CategoryCards type={CategoryType.ARTICLE} />, deps());
    const popover = await screen.findByTestId("category-popover");
    expect(within(popover).getByRole("link", { name: "公告" }).getAttribute("href")).toBe("/article?category_id=8");
  });
});

describe("the phone drawer's category lists", () => {
  it("lists the tree in a collapsible section and closes the drawer when a category is chosen", async () => {
    const onNavigate = jest.fn();
    renderWithProviders(<DrawerCategories type={CategoryType.DOCUMENT} onNavigate={onNavigate} />, deps());
    const section = await screen.findByTestId(`drawer-categories-${CategoryType.DOCUMENT}`);
    expect(section.tagName).toBe("DETAILS");
    expect(within(section).getByText("文档分类").tagName).toBe("SUMMARY");
    const links = within(section).getAllByRole("link", { hidden: true });
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["科技", "/category/3"],
      ["教育", "/category/1"],
      ["高考", "/category/2"],
    ]);
    fireEvent.click(links[2] as HTMLElement);
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });
});

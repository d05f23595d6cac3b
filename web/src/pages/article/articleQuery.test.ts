import { describe, expect, it } from "@jest/globals";
import { articlePath, articleRef, editPath, listRequest, listSearch, readListState } from "./articleQuery.js";
import { categoriesInOrder } from "./categoryOptions.js";

describe("article addresses", () => {
  it("an article lives at its identifier when it has one, else at its id", () => {
    expect(articlePath({ id: 7n, identifier: "about" })).toBe("/article/about");
    expect(articlePath({ id: 7n, identifier: "" })).toBe("/article/7");
    expect(editPath({ id: 7n })).toBe("/post?id=7");
  });

  it("/article/:id names an id (digits) or an identifier; anything else names nothing", () => {
    expect(articleRef("42")).toEqual({ id: 42n, identifier: "" });
    expect(articleRef("about")).toEqual({ id: 0n, identifier: "about" });
    expect(articleRef("my-page_2")).toEqual({ id: 0n, identifier: "my-page_2" });
    for (const bad of [undefined, "", "0", "a b", "../x", "99999999999999999999", "a".repeat(65)]) {
      expect(articleRef(bad)).toBeNull();
    }
  });
});

describe("the /article list's query", () => {
  it("reads category, sort and page; malformed values fall back to the defaults", () => {
    expect(readListState(new URLSearchParams("category_id=5&sort=popular&page=3"))).toEqual({
      categoryId: 5n,
      sort: "popular",
      page: 3,
    });
    expect(readListState(new URLSearchParams("category_id=x&sort=constructor&page=-1"))).toEqual({
      categoryId: null,
      sort: "latest",
      page: 1,
    });
  });

  it("writes only what differs from the defaults and round-trips", () => {
    expect(listSearch({ categoryId: null, sort: "latest", page: 1 })).toBe("");
    const state = { categoryId: 9n, sort: "recommend", page: 2 } as const;
    expect(listSearch(state)).toBe("?category_id=9&sort=recommend&page=2");
    expect(readListState(new URLSearchParams(listSearch(state)))).toEqual(state);
  });

  it("asks ListArticle for the category and order; 'recommend' lists recommended articles only", () => {
    const r = listRequest({ categoryId: 9n, sort: "recommend", page: 2 }, 10);
    expect(r).toMatchObject({ page: 2n, size: 10n, sort: "recommend", categoryId: [9n], isRecommend: [true] });
    expect(r.field).not.toContain("content");
    expect(listRequest({ categoryId: null, sort: "latest", page: 1 })).toMatchObject({
      categoryId: [],
      isRecommend: [],
    });
  });

  it("orders categories as a tree: parents before their children, larger sort first", () => {
    const c = (id: bigint, parentId: bigint, sort: number, title: string) => ({ id, parentId, sort, title });
    const order = categoriesInOrder([c(1n, 0n, 0, "A"), c(2n, 1n, 0, "A1"), c(3n, 0n, 5, "B")]);
    expect(order.map(({ item, depth }) => `${item.title}:${depth}`)).toEqual(["B:0", "A:0", "A1:1"]);
  });
});

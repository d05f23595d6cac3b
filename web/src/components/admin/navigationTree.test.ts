import { describe, expect, it } from "@jest/globals";
import { type NavNode, type NavRow, navigationTree } from "./navigationTree.js";

const nav = (id: number, parentId = 0, sort = 0, children: NavNode[] = []): NavNode => ({
  id: BigInt(id),
  parentId: BigInt(parentId),
  sort,
  children,
});
const shape = (rows: NavRow<NavNode>[]): unknown[] =>
  rows.map((r) => (r.children ? [Number(r.item.id), shape(r.children)] : Number(r.item.id)));

describe("navigation tree", () => {
  it("nests a flat list by parent_id and orders siblings by sort", () => {
    expect(shape(navigationTree([nav(1, 0, 2), nav(2, 0, 1), nav(3, 1, 5), nav(4, 1, 0)]))).toEqual([2, [1, [4, 3]]]);
  });

  it("accepts an already nested list without duplicating children", () => {
    const child = nav(3, 1);
    expect(shape(navigationTree([nav(1, 0, 0, [child]), child, nav(2)]))).toEqual([[1, [3]], 2]);
  });

  it("keeps orphans and self-parented items on top", () => {
    expect(shape(navigationTree([nav(5, 99), nav(6, 6)]))).toEqual([5, 6]);
  });
});

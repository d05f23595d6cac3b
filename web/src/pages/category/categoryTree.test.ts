import { describe, expect, it } from "@jest/globals";
import {
  type CategoryNode,
  type CategoryRow,
  categoryPath,
  categoryTree,
  childrenOf,
  descendantIds,
} from "./categoryTree.js";

const cat = (id: number, parentId = 0, sort = 0): CategoryNode => ({
  id: BigInt(id),
  parentId: BigInt(parentId),
  sort,
});
const shape = (rows: CategoryRow<CategoryNode>[]): unknown[] =>
  rows.map((r) => (r.children ? [Number(r.item.id), shape(r.children)] : Number(r.item.id)));
const ids = (items: CategoryNode[]) => items.map((c) => Number(c.id));

describe("category tree", () => {
  it("nests by parent_id, larger sort first, then id", () => {
    expect(shape(categoryTree([cat(1, 0, 1), cat(2, 0, 5), cat(3, 1), cat(4, 1, 9), cat(5, 0, 1)]))).toEqual([
      2,
      [1, [4, 3]],
      5,
    ]);
  });

  it("keeps a category whose parent is missing (disabled) on top, and survives self-parenting", () => {
    expect(shape(categoryTree([cat(7, 99), cat(8, 8)]))).toEqual([7, 8]);
  });

  it("gives the breadcrumb path from the top down to a category", () => {
    const all = [cat(1), cat(2, 1), cat(3, 2), cat(4, 1)];
    expect(ids(categoryPath(all, 3n))).toEqual([1, 2, 3]);
    expect(ids(categoryPath(all, 1n))).toEqual([1]);
    expect(categoryPath(all, 42n)).toEqual([]);
  });

  it("stops the path at a cycle instead of looping", () => {
    expect(ids(categoryPath([cat(1, 2), cat(2, 1)], 1n))).toEqual([2, 1]);
  });

  it("lists direct children in display order and every descendant once", () => {
    const all = [cat(1), cat(2, 1, 1), cat(3, 1, 3), cat(4, 2), cat(5, 4), cat(6)];
    expect(ids(childrenOf(all, 1n))).toEqual([3, 2]);
    expect(ids(childrenOf(all, 0n))).toEqual([1, 6]);
    expect(descendantIds(all, 1n).map(Number).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(descendantIds(all, 6n)).toEqual([6n]);
  });
});

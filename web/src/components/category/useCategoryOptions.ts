import { useQuery } from "@connectrpc/connect-query";
import { type Category, CategoryAPI } from "@wenku/proto/api/v1/category_pb.js";
import type { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { useMemo } from "react";
import { type CategoryRow, categoryTree } from "../../pages/category/categoryTree.js";

export interface TreeOption {
  value: string;
  label: string;
  title: string;
  children?: TreeOption[];
}

export interface CategoryOptions {
  categories: readonly Category[];
  /** Cascader / TreeSelect data for the categories of one type. */
  categoryOptions: TreeOption[];
  categoryTitle: (id: bigint) => string | undefined;
}

const toOptions = (rows: CategoryRow<Category>[]): TreeOption[] =>
  rows.map((row) => ({
    value: String(row.item.id),
    label: row.item.title,
    title: row.item.title,
    ...(row.children ? { children: toOptions(row.children) } : {}),
  }));

const NONE: readonly never[] = [];

/** Every category of a type, enabled or not (staff and authors file items under both). */
export const categoriesRequest = (type: CategoryType) => ({ page: 1n, size: 10_000n, type: [type] });

/**
 * The categories of one type (documents or articles) for filters and edit forms: the list is
 * public, cached and shared by every form that asks. A failed load leaves the choices empty; the
 * page's own list reports server trouble.
 */
export function useCategoryOptions(type: CategoryType): CategoryOptions {
  const categories = useQuery(CategoryAPI.method.listCategory, categoriesRequest(type)).data?.category ?? NONE;
  return useMemo(() => {
    const byId = new Map(categories.map((c) => [c.id, c.title]));
    return {
      categories,
      categoryOptions: toOptions(categoryTree(categories)),
      categoryTitle: (id: bigint) => byId.get(id),
    };
  }, [categories]);
}

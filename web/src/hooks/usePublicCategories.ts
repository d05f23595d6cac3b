import { type Category, CategoryAPI } from "@wenku/proto/api/v1/category_pb.js";
import type { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { useMemo } from "react";
import { type ApiQuery, useApiQuery } from "../api/useApiQuery.js";

/**
 * The request every public screen makes for one type's categories: the whole enabled tree at once
 * (pages, filters, the header's popover and the phone menu share its cached reply). The server
 * already leaves out disabled and, when the site says so, empty categories for visitors; `enable`
 * keeps staff, who see everything, to the public tree too.
 */
export const publicCategoriesRequest = (type: CategoryType) => ({
  page: 1n,
  size: 10_000n,
  type: [type],
  enable: [true],
});

export interface PublicCategories extends Omit<ApiQuery<unknown>, "data"> {
  /** The enabled categories of the type (flat; build the tree with categoryTree), undefined while loading. */
  categories: Category[] | undefined;
}

/** One type's public category list (see publicCategoriesRequest); `fallback` words a failure. */
export function usePublicCategories(type: CategoryType, fallback: string): PublicCategories {
  const { data, ...query } = useApiQuery(CategoryAPI.method.listCategory, publicCategoriesRequest(type), fallback);
  const categories = useMemo(() => data?.category.filter((c) => c.enable), [data]);
  return { ...query, categories };
}

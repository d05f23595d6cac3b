import { useQuery } from "@connectrpc/connect-query";
import { type Category, CategoryAPI } from "@wenku/proto/api/v1/category_pb.js";
import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { type Language, LanguageAPI } from "@wenku/proto/api/v1/language_pb.js";
import { useMemo } from "react";
import { type CategoryRow, categoryTree } from "../../pages/category/categoryTree.js";

export interface TreeOption {
  value: string;
  label: string;
  title: string;
  children?: TreeOption[];
}

export interface DocumentOptions {
  categories: readonly Category[];
  /** Cascader / TreeSelect data for the document categories. */
  categoryOptions: TreeOption[];
  categoryTitle: (id: bigint) => string | undefined;
  languages: readonly Language[];
  languageOptions: { value: string; label: string }[];
}

const toOptions = (rows: CategoryRow<Category>[]): TreeOption[] =>
  rows.map((row) => ({
    value: String(row.item.id),
    label: row.item.title,
    title: row.item.title,
    ...(row.children ? { children: toOptions(row.children) } : {}),
  }));

const NONE: readonly never[] = [];

/** Every document category, enabled or not (the admin files documents under both). */
export const DOCUMENT_CATEGORIES_REQUEST = { page: 1n, size: 10_000n, type: [CategoryType.DOCUMENT] };
export const ENABLED_LANGUAGES_REQUEST = { page: 1n, size: 1_000n, enable: [true] };

/**
 * The document categories and enabled languages for filters and edit forms (both lists are public,
 * cached and shared by every form that asks). A failed load leaves the choices empty; the page's
 * own list reports server trouble.
 */
export function useDocumentOptions(): DocumentOptions {
  const categories = useQuery(CategoryAPI.method.listCategory, DOCUMENT_CATEGORIES_REQUEST).data?.category ?? NONE;
  const languages = useQuery(LanguageAPI.method.listLanguage, ENABLED_LANGUAGES_REQUEST).data?.language ?? NONE;

  return useMemo(() => {
    const byId = new Map(categories.map((c) => [c.id, c.title]));
    return {
      categories,
      categoryOptions: toOptions(categoryTree(categories)),
      categoryTitle: (id: bigint) => byId.get(id),
      languages,
      languageOptions: languages.map((l) => ({ value: String(l.id), label: l.language })),
    };
  }, [categories, languages]);
}

import type { Category } from "@wenku/proto/api/v1/category_pb.js";
import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { useMemo } from "react";
import type { ApiError } from "../../api/errors.js";
import { usePublicCategories } from "../../hooks/usePublicCategories.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSettings } from "../../settings/SettingsProvider.js";
import { type CategoryRow, categoryTree } from "../category/categoryTree.js";

export interface CascaderOption {
  value: string;
  label: string;
  children?: CascaderOption[];
}

/** The choices a file's settings offer: the enabled document categories (a tree) and the site's languages. */
export interface UploadOptions {
  categories: CascaderOption[];
  categoriesLoading: boolean;
  categoriesError: ApiError | null;
  /** Empty when the site has no languages (the language is then not asked). */
  languages: { value: string; label: string }[];
}

const toOptions = (rows: CategoryRow<Category>[]): CascaderOption[] =>
  rows.map((row) => ({
    value: String(row.item.id),
    label: row.item.title,
    ...(row.children ? { children: toOptions(row.children) } : {}),
  }));

/** Loaded once per page and shared by the batch defaults and every file's row. */
export function useUploadOptions(): UploadOptions {
  const { t } = useI18n();
  const { settings } = useSettings();
  const categories = usePublicCategories(CategoryType.DOCUMENT, t("upload.categoriesFailed"));
  const tree = useMemo(() => toOptions(categoryTree(categories.categories ?? [])), [categories.categories]);
  const languages = useMemo(
    () => settings.language.map((l) => ({ value: String(l.id), label: l.language })),
    [settings.language],
  );
  return {
    categories: tree,
    categoriesLoading: categories.loading,
    categoriesError: categories.error ?? null,
    languages,
  };
}

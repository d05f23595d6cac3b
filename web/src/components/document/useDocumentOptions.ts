import { useQuery } from "@connectrpc/connect-query";
import { CategoryType } from "@wenku/proto/api/v1/enums_pb.js";
import { type Language, LanguageAPI } from "@wenku/proto/api/v1/language_pb.js";
import { useMemo } from "react";
import { type CategoryOptions, useCategoryOptions } from "../category/useCategoryOptions.js";

export type { TreeOption } from "../category/useCategoryOptions.js";

export interface DocumentOptions extends CategoryOptions {
  languages: readonly Language[];
  languageOptions: { value: string; label: string }[];
}

const NONE: readonly never[] = [];

export const ENABLED_LANGUAGES_REQUEST = { page: 1n, size: 1_000n, enable: [true] };

/**
 * The document categories and enabled languages for filters and edit forms (both lists are public,
 * cached and shared by every form that asks). A failed load leaves the choices empty; the page's
 * own list reports server trouble.
 */
export function useDocumentOptions(): DocumentOptions {
  const categories = useCategoryOptions(CategoryType.DOCUMENT);
  const languages = useQuery(LanguageAPI.method.listLanguage, ENABLED_LANGUAGES_REQUEST).data?.language ?? NONE;

  return useMemo(
    () => ({
      ...categories,
      languages,
      languageOptions: languages.map((l) => ({ value: String(l.id), label: l.language })),
    }),
    [categories, languages],
  );
}

import type { LanguageData } from "./language.repository.js";

const list: ReadonlyArray<[code: string, name: string]> = [
  ["zh-CN", "简体中文"],
  ["zh-TW", "繁體中文"],
  ["en", "English"],
  ["ja", "日本語"],
  ["ko", "한국어"],
  ["fr", "Français"],
  ["de", "Deutsch"],
  ["es", "Español"],
  ["ru", "Русский"],
  ["pt", "Português"],
  ["it", "Italiano"],
  ["ar", "العربية"],
  ["vi", "Tiếng Việt"],
  ["th", "ไทย"],
];

/** The languages of a new site, all enabled, in this order (larger sort first). */
export const defaultLanguages: readonly LanguageData[] = list.map(([code, name], i) => ({
  code,
  name,
  enable: true,
  sort: (list.length - i) * 10,
}));

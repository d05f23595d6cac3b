import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import { en } from "./en.js";
import { type MessageKey, type Messages, zhCN } from "./zh-CN.js";

export const LANGUAGES = ["zh-CN", "en"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "zh-CN";
export const LANG_STORAGE_KEY = "wenku:lang";

const dictionaries: Record<Lang, Messages> = { "zh-CN": zhCN, en };
const dayjsLocales: Record<Lang, string> = { "zh-CN": "zh-cn", en: "en" };

export type MessageVars = Readonly<Record<string, string | number>>;

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Looks a key up in one language and fills `{name}` placeholders; unknown placeholders stay as written. */
export function translate(lang: Lang, key: MessageKey, vars?: MessageVars): string {
  const template = dictionaries[lang][key];
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : String(value);
  });
}

/** Process-wide effects of a language choice: dayjs formatting and the document's lang attribute. */
export function applyLanguage(lang: Lang): void {
  dayjs.locale(dayjsLocales[lang]);
  if (typeof document !== "undefined") document.documentElement.lang = lang;
}

export interface LanguageStore {
  get(): Lang;
  set(lang: Lang): void;
  subscribe(listener: () => void): () => void;
}

/**
 * The chosen language, persisted in `storage` (localStorage in the browser). An absent or unknown
 * stored value means the default, zh-CN. `effects` runs at creation and on every change.
 */
export function createLanguageStore(
  storage: Pick<Storage, "getItem" | "setItem"> | undefined,
  effects: (lang: Lang) => void = applyLanguage,
): LanguageStore {
  const readStored = (): Lang => {
    try {
      const stored = storage?.getItem(LANG_STORAGE_KEY);
      return isLang(stored) ? stored : DEFAULT_LANG;
    } catch {
      return DEFAULT_LANG;
    }
  };
  let current = readStored();
  const listeners = new Set<() => void>();
  effects(current);
  return {
    get: () => current,
    set(lang) {
      if (lang === current) return;
      current = lang;
      try {
        storage?.setItem(LANG_STORAGE_KEY, lang);
      } catch {
        // Storage can be full or blocked (private mode); the choice still applies to this tab.
      }
      effects(lang);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

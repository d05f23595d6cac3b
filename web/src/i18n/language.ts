import type { Locale } from "antd/es/locale";
import antdZhCN from "antd/locale/zh_CN";
import type { AdminMessages } from "./admin/zh-CN.js";
import { type MessageKey, type Messages, zhCN } from "./zh-CN.js";

export const LANGUAGES = ["zh-CN", "en"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "zh-CN";
export const LANG_STORAGE_KEY = "wenku:lang";

/** What a language needs besides its code: the UI dictionary and antd's own texts. */
export interface LanguagePack {
  messages: Messages;
  antdLocale: Locale;
}

/**
 * A locale module's locale. The bundle imports antd's ES modules; the unit tests get its CommonJS
 * build through Node's interop, where the locale sits one `default` deeper.
 */
function antdLocaleOf(module: Locale | { default: Locale }): Locale {
  return "default" in module ? module.default : module;
}

/**
 * The default language is part of the app; any other is loaded when chosen (a visitor reading
 * Chinese never downloads the English texts).
 */
const zhCNPack: LanguagePack = { messages: zhCN, antdLocale: antdLocaleOf(antdZhCN) };
const packs = new Map<Lang, LanguagePack>([["zh-CN", zhCNPack]]);
const loaders: Record<Lang, () => Promise<LanguagePack>> = {
  "zh-CN": async () => zhCNPack,
  en: async () => {
    const [{ en }, antdLocale] = await Promise.all([import("./en.js"), import("antd/locale/en_US")]);
    return { messages: en, antdLocale: antdLocaleOf(antdLocale.default) };
  },
};

/**
 * The back office's texts, by language: loaded with the admin layout (loadAdminTexts), and from then
 * on with every language the visitor switches to, so the public pages' first load lacks them.
 */
const adminTexts = new Map<Lang, AdminMessages>();
/** The language in use (what applyLanguage last applied). */
let appliedLang: Lang = DEFAULT_LANG;
const adminLoaders: Record<Lang, () => Promise<AdminMessages>> = {
  "zh-CN": async () => (await import("./admin/zh-CN.js")).zhCNAdmin,
  en: async () => (await import("./admin/en.js")).enAdmin,
};
let adminWanted = false;

/** Makes a language's back-office texts available (now and for every language loaded later). */
export async function loadAdminTexts(lang: Lang = appliedLang): Promise<void> {
  adminWanted = true;
  if (!adminTexts.has(lang)) adminTexts.set(lang, await adminLoaders[lang]());
}

/** Loads a language's pack once (and its back-office texts once they are in use); later calls reuse it. */
export async function loadLanguage(lang: Lang): Promise<LanguagePack> {
  const admin = adminWanted ? loadAdminTexts(lang) : undefined;
  const pack = packs.get(lang) ?? (await loaders[lang]());
  packs.set(lang, pack);
  await admin;
  return pack;
}

/** Whether a language can be shown at once: its pack, and its back-office texts once those are in use. */
const isLoaded = (lang: Lang): boolean => packs.has(lang) && (!adminWanted || adminTexts.has(lang));

/** A loaded language's pack (the store only switches to a language once it is loaded). */
export function languagePack(lang: Lang): LanguagePack {
  const pack = packs.get(lang);
  if (!pack) throw new Error(`language ${lang} is not loaded`);
  return pack;
}

export type MessageVars = Readonly<Record<string, string | number>>;

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** A text of a language: public, else the back office's (in zh-CN if that language's are missing), else the key. */
function lookUp(lang: Lang, key: MessageKey): string {
  const messages: Readonly<Record<string, string>> = languagePack(lang).messages;
  return (
    messages[key] ??
    adminTexts.get(lang)?.[key as keyof AdminMessages] ??
    adminTexts.get(DEFAULT_LANG)?.[key as keyof AdminMessages] ??
    key
  );
}

/** Looks a key up in one language and fills `{name}` placeholders; unknown placeholders stay as written. */
export function translate(lang: Lang, key: MessageKey, vars?: MessageVars): string {
  const template = lookUp(lang, key);
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : String(value);
  });
}

const appliedListeners = new Set<(lang: Lang) => void>();

/**
 * Follows the language in use (what applyLanguage last applied), starting with the current one:
 * how a module loaded later (dayjs for the date pickers) keeps its own locale in step.
 */
export function onLanguageApplied(listener: (lang: Lang) => void): () => void {
  appliedListeners.add(listener);
  listener(appliedLang);
  return () => appliedListeners.delete(listener);
}

/** Process-wide effects of a language choice: the document's lang attribute and onLanguageApplied's followers. */
export function applyLanguage(lang: Lang): void {
  appliedLang = lang;
  if (typeof document !== "undefined") document.documentElement.lang = lang;
  for (const listener of appliedListeners) listener(lang);
}

export interface LanguageStore {
  get(): Lang;
  /** Switches at once when the language is loaded, else once it is (a failed load keeps the current one). */
  set(lang: Lang): void;
  subscribe(listener: () => void): () => void;
  /** Settles once the stored language is in use (or, when it cannot be loaded, the default): render after it. */
  ready: Promise<void>;
}

/** Where the store gets language packs (tests give their own to control the loading). */
export interface LanguageLoader {
  has(lang: Lang): boolean;
  load(lang: Lang): Promise<unknown>;
}

const packLoader: LanguageLoader = { has: isLoaded, load: loadLanguage };

/**
 * The chosen language, persisted in `storage` (localStorage in the browser). An absent or unknown
 * stored value means the default, zh-CN. A language not loaded yet is loaded first; until then the
 * current one stays. `effects` runs at creation and on every change.
 */
export function createLanguageStore(
  storage: Pick<Storage, "getItem" | "setItem"> | undefined,
  effects: (lang: Lang) => void = applyLanguage,
  loader: LanguageLoader = packLoader,
): LanguageStore {
  const readStored = (): Lang => {
    try {
      const stored = storage?.getItem(LANG_STORAGE_KEY);
      return isLang(stored) ? stored : DEFAULT_LANG;
    } catch {
      return DEFAULT_LANG;
    }
  };
  const listeners = new Set<() => void>();
  const stored = readStored();
  let current = loader.has(stored) ? stored : DEFAULT_LANG;
  /** The latest choice: a slower load of an earlier one must not win over it. */
  let wanted = current;
  effects(current);

  const apply = (lang: Lang) => {
    if (lang === current) return;
    current = lang;
    effects(lang);
    for (const listener of listeners) listener();
  };
  const switchTo = (lang: Lang): Promise<void> => {
    wanted = lang;
    if (loader.has(lang)) {
      apply(lang);
      return Promise.resolve();
    }
    return loader.load(lang).then(
      () => {
        if (wanted === lang) apply(lang);
      },
      (error: unknown) => {
        console.error(`language ${lang} could not be loaded; staying in ${current}`, error);
        if (wanted === lang) wanted = current;
      },
    );
  };

  return {
    get: () => current,
    set(lang) {
      if (lang === wanted) return;
      try {
        storage?.setItem(LANG_STORAGE_KEY, lang);
      } catch {
        // Storage can be full or blocked (private mode); the choice still applies to this tab.
      }
      void switchTo(lang);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: switchTo(stored),
  };
}
